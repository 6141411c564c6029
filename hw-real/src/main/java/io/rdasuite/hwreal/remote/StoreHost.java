package io.rdasuite.hwreal.remote;

import io.rdasuite.hwreal.loopback.Region;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.store.protocol.StoreDescriptor;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.CRC32C;

/**
 * A store served to clients in other processes ({@code rda serve}): the protocol's server on this process's
 * node, recovered first when its PM survived a previous run, and one request handler per accepted connection.
 * Each connection gets a client slot, sent in its {@link Hello} with the store's descriptor; the slot of a
 * connection that broke is given to the next client, and a client beyond {@code maxClients} live ones is refused.
 */
public final class StoreHost implements AutoCloseable {
    private final RemoteTransport transport;
    private final KvProtocol protocol;
    private final KvProtocol.StoreServer store;
    private final QueuePair[] slots;
    private final PrintStream log;
    private final int recovered;

    private StoreHost(RemoteTransport transport, KvProtocol protocol, KvProtocol.StoreServer store, int maxClients,
                      int recovered, PrintStream log) {
        this.transport = transport;
        this.protocol = protocol;
        this.store = store;
        this.slots = new QueuePair[maxClients];
        this.recovered = recovered;
        this.log = log;
    }

    /**
     * Starts {@code protocol}'s server on the transport's node; with {@code recover} (its PM came back from an
     * earlier run) recovery runs before any client is served.
     */
    public static StoreHost start(RemoteTransport transport, KvProtocol protocol, StoreSize size, boolean recover, PrintStream log) {
        KvProtocol.StoreServer store = protocol.startServer(transport.node(), new KvProtocol.ServerSpec(size.shape(),
                size.maxClients(), size.keys(), false, size.versions(), false, false));
        int recovered = recover ? store.recover() : 0;
        return new StoreHost(transport, protocol, store, size.maxClients(), recovered, log);
    }

    /** What recovery returned (the protocol's count of recovered objects or records); 0 on a fresh start. */
    public int recovered() {
        return recovered;
    }

    public KvProtocol protocol() {
        return protocol;
    }

    /** Accepts clients on {@code address}; returns the bound address. */
    public InetSocketAddress listen(InetSocketAddress address) throws IOException {
        transport.statusSource(this::status);
        return transport.listen(address, qp -> transport.node().spawnDaemon("hello", () -> accept(qp)));
    }

    private void accept(QueuePair qp) {
        int slot = claimSlot(qp);
        if (slot < 0) {
            log.println("refused a client: all " + slots.length + " client slots are in use");
            try {
                new Hello(-1, new byte[0]).send(qp);
            } catch (IllegalStateException ignored) {
                // it went away already
            }
            ((RemoteQueuePair) qp).close();
            return;
        }
        // a peer that said the transport's hello but never takes the store's gives its slot back at the hello deadline
        AtomicBoolean answered = new AtomicBoolean();
        Thread deadline = Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(transport.helloTimeout());
            } catch (InterruptedException e) {
                return;
            }
            if (!answered.get() && ((RemoteQueuePair) qp).isOpen()) {
                log.println("refused the client at " + (qp.remote() instanceof PeerNode p ? p.address() : "node " + qp.remote().id()) + ": it did not take its hello within "
                        + transport.helloTimeout().toMillis() + " ms");
                ((RemoteQueuePair) qp).close();
            }
        });
        byte[] descriptor = StoreDescriptor.of(protocol, store);
        if (descriptor.length + 12 > Hello.MAX_BYTES) {
            release(slot, qp);
            log.println("refused a client: the store's descriptor is " + descriptor.length + " bytes, more than the " + Hello.MAX_BYTES
                    + " a client takes (a log-structured store's regions grow with its log)");
            ((RemoteQueuePair) qp).close();
            return;
        }
        try {
            new Hello(slot, descriptor).send(qp);
            answered.set(true);
            deadline.interrupt();
        } catch (IllegalStateException e) {
            deadline.interrupt();
            release(slot, qp);
            log.println("closed the connection of the client at " + (qp.remote() instanceof PeerNode p ? p.address() : "node " + qp.remote().id())
                    + ": its hello could not be sent: " + e.getMessage());
            ((RemoteQueuePair) qp).close(); // an open connection without a hello would leave the client waiting for it
            return;
        }
        store.serve(qp, slot, protocol.cliName() + "-handler-" + slot);
    }

    /** Client slots in use (their connection still open). */
    public synchronized int slotsInUse() {
        int used = 0;
        for (QueuePair qp : slots) {
            if (qp != null && ((RemoteQueuePair) qp).isOpen()) {
                used++;
            }
        }
        return used;
    }

    /**
     * What the status report adds: the protocol, the slots and how many are in use, and with {@code checksum} a
     * CRC-32C over every region of this node in registration order (equal before and after a stretch with no writer
     * iff, with overwhelming likelihood, no stored byte changed).
     */
    private Map<String, Object> status(boolean checksum) {
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("protocol", protocol.cliName());
        status.put("clientSlots", slots.length);
        status.put("clientSlotsInUse", slotsInUse());
        if (checksum) {
            CRC32C crc = new CRC32C();
            for (Region r : transport.node().regions()) {
                long size = r.memory().byteSize();
                for (long at = 0; at < size; at += 1 << 20) {
                    crc.update(r.memory().asSlice(at, Math.min(1 << 20, size - at)).asByteBuffer());
                }
            }
            status.put("regionsCrc32c", crc.getValue());
        }
        return status;
    }

    private synchronized int claimSlot(QueuePair qp) {
        for (int i = 0; i < slots.length; i++) {
            if (slots[i] == null || !((RemoteQueuePair) slots[i]).isOpen()) {
                slots[i] = qp;
                return i;
            }
        }
        return -1;
    }

    private synchronized void release(int slot, QueuePair qp) {
        if (slots[slot] == qp) {
            slots[slot] = null;
        }
    }

    @Override
    public void close() {
        transport.node().shutDown();
        transport.close();
    }
}
