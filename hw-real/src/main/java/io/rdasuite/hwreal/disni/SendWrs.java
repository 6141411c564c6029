package io.rdasuite.hwreal.disni;

import com.ibm.disni.verbs.IbvSendWR;
import com.ibm.disni.verbs.IbvSge;
import com.ibm.disni.verbs.IbvWC;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.Opcode;
import io.rdasuite.store.fabric.WorkRequest;
import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;

/**
 * The SPI's work requests as verbs work requests (paper 003 §2): READ, WRITE, WRITE_IMM, SEND, CAS and FAA
 * map one to one; FLUSH is a zero-length READ, which completes only after every earlier WRITE on the queue
 * pair reached the responder (paper 003 §3.4); WRITE_ATOMIC has no verb yet and is reported unsupported. A
 * transfer split over chunks of a large region becomes one request per chunk; only the last carries the
 * immediate and the caller's signal, the first carries the fence.
 */
final class SendWrs {
    /** ibv_wc_status values (rdma-core {@code verbs.h}). */
    static final int WC_SUCCESS = 0;
    static final int WC_WR_FLUSH_ERR = 5;
    static final int WC_REM_ACCESS_ERR = 10;
    static final int WC_REM_OP_ERR = 11;
    static final int WC_RETRY_EXC_ERR = 12;
    static final int WC_RNR_RETRY_EXC_ERR = 13;
    /** ibv_wc_opcode values of receive completions. */
    static final int WC_RECV = 128;
    static final int WC_RECV_RDMA_WITH_IMM = 129;

    private SendWrs() {
    }

    /**
     * The verbs requests for {@code r}. {@code localAddress}/{@code lkey} name the registered local buffer (the
     * atomic's 8-byte result slot for CAS and FAA); the last request gets {@code wrId}, earlier pieces
     * {@code pieceIds[i]}.
     */
    static List<IbvSendWR> build(WorkRequest r, List<RemoteKeys.Piece> pieces, long localAddress, int lkey, long wrId, long[] pieceIds) {
        List<IbvSendWR> out = new ArrayList<>();
        switch (r.opcode()) {
            case READ, WRITE, WRITE_IMM -> {
                for (int i = 0; i < pieces.size(); i++) {
                    RemoteKeys.Piece p = pieces.get(i);
                    boolean last = i == pieces.size() - 1;
                    int opcode = r.opcode() == Opcode.READ ? IbvSendWR.IBV_WR_RDMA_READ
                            : last && r.opcode() == Opcode.WRITE_IMM ? IbvSendWR.IBV_WR_RDMA_WRITE_WITH_IMM : IbvSendWR.IBV_WR_RDMA_WRITE;
                    IbvSendWR wr = request(opcode, last ? wrId : pieceIds[i], last && r.signaled(), i == 0 && r.fenced());
                    wr.setSg_list(sges(localAddress + p.localOffset(), p.length(), lkey));
                    wr.setNum_sge(1);
                    wr.getRdma().setRemote_addr(p.address());
                    wr.getRdma().setRkey(p.rkey());
                    if (last && r.opcode() == Opcode.WRITE_IMM) {
                        wr.setImm_data(r.immediate());
                    }
                    out.add(wr);
                }
            }
            case SEND -> {
                IbvSendWR wr = request(IbvSendWR.IBV_WR_SEND, wrId, r.signaled(), r.fenced());
                wr.setSg_list(sges(localAddress, r.lengthBytes(), lkey));
                wr.setNum_sge(1);
                out.add(wr);
            }
            case CAS, FAA -> {
                RemoteKeys.Piece p = pieces.getFirst();
                IbvSendWR wr = request(r.opcode() == Opcode.CAS ? IbvSendWR.IBV_WR_ATOMIC_CMP_AND_SWP : IbvSendWR.IBV_WR_ATOMIC_FETCH_AND_ADD,
                        wrId, true, false);
                wr.setSg_list(sges(localAddress, 8, lkey));
                wr.setNum_sge(1);
                wr.getAtomic().setRemote_addr(p.address());
                wr.getAtomic().setRkey(p.rkey());
                wr.getAtomic().setCompare_add(r.opcode() == Opcode.CAS ? r.compare() : r.operand());
                wr.getAtomic().setSwap(r.opcode() == Opcode.CAS ? r.operand() : 0);
                out.add(wr);
            }
            case FLUSH -> {
                IbvSendWR wr = request(IbvSendWR.IBV_WR_RDMA_READ, wrId, true, false);
                wr.setSg_list(new LinkedList<>());
                wr.setNum_sge(0);
                out.add(wr);
            }
            case WRITE_ATOMIC -> throw new UnsupportedOperationException("WRITE_ATOMIC has no verb on today's NICs");
        }
        return out;
    }

    private static IbvSendWR request(int opcode, long id, boolean signaled, boolean fenced) {
        IbvSendWR wr = new IbvSendWR();
        wr.setWr_id(id);
        wr.setOpcode(opcode);
        wr.setSend_flags((signaled ? IbvSendWR.IBV_SEND_SIGNALED : 0) | (fenced ? IbvSendWR.IBV_SEND_FENCE : 0));
        return wr;
    }

    static LinkedList<IbvSge> sges(long address, int length, int lkey) {
        IbvSge sge = new IbvSge();
        sge.setAddr(address);
        sge.setLength(length);
        sge.setLkey(lkey);
        LinkedList<IbvSge> list = new LinkedList<>();
        list.add(sge);
        return list;
    }

    /** A work completion's status in the SPI's terms. */
    static CompletionStatus status(int wcStatus) {
        return switch (wcStatus) {
            case WC_SUCCESS -> CompletionStatus.SUCCESS;
            case WC_REM_ACCESS_ERR, WC_REM_OP_ERR -> CompletionStatus.REMOTE_ACCESS_ERROR;
            default -> CompletionStatus.CONNECTION_BROKEN; // flushed, retries exceeded, fatal: the QP is in the error state
        };
    }

    static boolean isReceive(IbvWC wc) {
        return wc.getOpcode() == WC_RECV || wc.getOpcode() == WC_RECV_RDMA_WITH_IMM;
    }
}
