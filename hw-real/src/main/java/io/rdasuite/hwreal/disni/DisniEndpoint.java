package io.rdasuite.hwreal.disni;

import com.ibm.disni.RdmaEndpoint;
import com.ibm.disni.RdmaEndpointGroup;
import com.ibm.disni.verbs.RdmaCmId;
import java.io.IOException;

/**
 * A DiSNI endpoint whose resources, once allocated (and before the connection is established), get a receive
 * posted for the peer's {@link RemoteKeys} table, so the peer's first SEND never meets an empty receive queue.
 */
final class DisniEndpoint extends RdmaEndpoint {
    private final DisniTransport transport;
    private DisniQueuePair queuePair;

    DisniEndpoint(RdmaEndpointGroup<DisniEndpoint> group, RdmaCmId id, boolean serverSide, DisniTransport transport) throws IOException {
        super(group, id, serverSide);
        this.transport = transport;
    }

    @Override
    protected synchronized void init() throws IOException {
        super.init();
        transport.adopt(getPd());
        queuePair = new DisniQueuePair(transport, this);
        queuePair.postSetupReceive();
    }

    DisniQueuePair queuePair() {
        return queuePair;
    }
}
