package io.rdasuite.crashsim.txn;

import io.rdasuite.store.thdpms.txn.TxnOp;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The transactions each client runs, in order (Jepsen's generator output for list-append). Every appended value is
 * unique in the program, so a read names the transaction that wrote each element. The last {@code readers} clients are
 * pollers: they run their list round and round while any other client is still running.
 */
public record TxnProgram(List<List<List<TxnOp>>> clients, int readers) {
    public TxnProgram {
        clients = clients.stream().map(c -> c.stream().map(List::copyOf).toList()).toList();
    }

    /**
     * A seeded program: {@code clients} clients of {@code txns} transactions each over keys {@code 0 … keys-1}. Clients 0
     * and 1 open with a write-skew pair (both read keys 0 and 1, one appends to 0, the other to 1: serializable only if
     * one sees the other; the other clients' first transactions stay off keys 0 and 1 so that the pair races alone), the
 * rest mix reads and appends of two or three keys.
     */
    public static TxnProgram generate(long seed, int clients, int txns, int keys) {
        return generate(seed, clients, txns, keys, 0);
    }

    /**
     * As {@link #generate(long, int, int, int)}, plus {@code readers} pollers: each cycles through transactions of one
     * read per key while the writers run, so that a write exposed before it is safe (installed at a primary whose backups
     * have no record yet) is seen, and the reader done, before a crash a few events later takes it back.
     */
    public static TxnProgram generate(long seed, int clients, int txns, int keys, int readers) {
        if (clients < 2 || keys < 2 || txns < 1) {
            throw new IllegalArgumentException("a program needs 2+ clients, 2+ keys and 1+ transactions per client");
        }
        SplittableRandom random = new SplittableRandom(seed);
        long next = 1;
        List<List<List<TxnOp>>> all = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            List<List<TxnOp>> mine = new ArrayList<>();
            for (int t = 0; t < txns; t++) {
                List<TxnOp> ops = new ArrayList<>();
                if (t == 0 && c < 2) {
                    ops.add(TxnOp.read(0));
                    ops.add(TxnOp.read(1));
                    ops.add(TxnOp.append(c, next++));
                } else {
                    int n = 2 + random.nextInt(2);
                    int low = t == 0 && keys > 2 ? 2 : 0; // the write-skew pair races alone
                    for (int i = 0; i < n; i++) {
                        int key = low + random.nextInt(keys - low);
                        ops.add(random.nextInt(3) == 0 ? TxnOp.read(key) : TxnOp.append(key, next++));
                    }
                }
                mine.add(ops);
            }
            all.add(mine);
        }
        for (int r = 0; r < readers; r++) {
            List<List<TxnOp>> mine = new ArrayList<>();
            for (int k = 0; k < keys; k++) {
                mine.add(List.of(TxnOp.read((k + r) % keys)));
            }
            all.add(mine);
        }
        return new TxnProgram(all, readers);
    }

    /** Every micro-operation the program asks for (a poller's list counted once): what a shrunk program has fewer of. */
    public int size() {
        return clients.stream().flatMap(List::stream).mapToInt(List::size).sum();
    }

    /** Transactions in the program (a poller's list counted once). */
    public int transactions() {
        return clients.stream().mapToInt(List::size).sum();
    }

    /**
     * The program as a replay token carries it: {@code <readers>|} then the clients separated by {@code /}, a client's
     * transactions by {@code ;}, a transaction's operations by {@code ,}: {@code r<key>}, {@code a<key>=<value>} (append),
     * {@code w<key>=<value>} (write). No {@code :}, the token body's field separator.
     */
    public String encode() {
        StringBuilder b = new StringBuilder().append(readers).append('|');
        for (int c = 0; c < clients.size(); c++) {
            b.append(c > 0 ? "/" : "");
            List<List<TxnOp>> txns = clients.get(c);
            for (int t = 0; t < txns.size(); t++) {
                b.append(t > 0 ? ";" : "");
                List<TxnOp> ops = txns.get(t);
                for (int i = 0; i < ops.size(); i++) {
                    TxnOp op = ops.get(i);
                    b.append(i > 0 ? "," : "").append(switch (op.kind()) {
                        case READ -> "r" + op.key();
                        case APPEND -> "a" + op.key() + "=" + op.value();
                        case WRITE -> "w" + op.key() + "=" + op.value();
                    });
                }
            }
        }
        return b.toString();
    }

    /** The program {@link #encode()} wrote; a malformed text is an {@link IllegalArgumentException} saying where. */
    public static TxnProgram decode(String text) {
        try {
            int bar = text.indexOf('|');
            int readers = Integer.parseInt(text.substring(0, bar));
            List<List<List<TxnOp>>> all = new ArrayList<>();
            for (String client : text.substring(bar + 1).split("/", -1)) {
                List<List<TxnOp>> txns = new ArrayList<>();
                for (String txn : client.split(";", -1)) {
                    List<TxnOp> ops = new ArrayList<>();
                    for (String op : txn.split(",", -1)) {
                        int eq = op.indexOf('=');
                        int key = Integer.parseInt(op.substring(1, eq < 0 ? op.length() : eq));
                        ops.add(switch (op.charAt(0)) {
                            case 'r' -> TxnOp.read(key);
                            case 'a' -> TxnOp.append(key, Long.parseLong(op.substring(eq + 1)));
                            case 'w' -> TxnOp.write(key, Long.parseLong(op.substring(eq + 1)));
                            default -> throw new IllegalArgumentException("operation '" + op + "'");
                        });
                    }
                    txns.add(ops);
                }
                all.add(txns);
            }
            if (readers < 0 || readers >= all.size()) {
                throw new IllegalArgumentException(readers + " pollers of " + all.size() + " clients");
            }
            return new TxnProgram(all, readers);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("malformed transaction program '" + text + "' in the replay token (" + e.getMessage() + ")");
        }
    }

    /** Every key the program touches, ascending. */
    public List<Integer> keys() {
        return clients.stream().flatMap(List::stream).flatMap(List::stream).map(TxnOp::key).distinct().sorted().toList();
    }
}
