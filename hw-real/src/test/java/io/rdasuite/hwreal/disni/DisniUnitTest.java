package io.rdasuite.hwreal.disni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.ibm.disni.verbs.IbvMr;
import com.ibm.disni.verbs.IbvSendWR;
import io.rdasuite.store.fabric.CompletionStatus;
import io.rdasuite.store.fabric.WorkRequest;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parts of the DiSNI fabric that need no RDMA device: registrations, key tables, work-request translation, the probe. */
class DisniUnitTest {
    @Test
    void registrationsAskForRemoteAtomicsWhichDisniLeavesOutByDefault() {
        assertThat(DisniTransport.ACCESS & IbvMr.IBV_ACCESS_REMOTE_ATOMIC).isNotZero();
        assertThat(DisniTransport.ACCESS & IbvMr.IBV_ACCESS_REMOTE_WRITE).isNotZero();
        assertThat(DisniTransport.ACCESS & IbvMr.IBV_ACCESS_REMOTE_READ).isNotZero();
    }

    @Test
    void aRegionOverTwoGibIsSplitInChunksEachUnderTheVerbsLimit() {
        long five = 5L << 30;
        List<long[]> chunks = RemoteKeys.chunks(1L << 40, five + 64, RemoteKeys.CHUNK_BYTES);
        assertThat(chunks).hasSize(6);
        assertThat(chunks).allSatisfy(c -> assertThat(c[1]).isLessThanOrEqualTo(Integer.MAX_VALUE));
        assertThat(chunks.getLast()[1]).isEqualTo(64);
        assertThat(chunks.stream().mapToLong(c -> c[1]).sum()).isEqualTo(five + 64);
        assertThat(RemoteKeys.chunks(4096, 4096, RemoteKeys.CHUNK_BYTES)).hasSize(1);
    }

    @Test
    void aTransferAcrossAChunkBoundaryBecomesOneRequestPerChunk() {
        long base = 1L << 40;
        RemoteKeys keys = new RemoteKeys();
        keys.add(List.of(new RemoteKeys.Chunk(base, RemoteKeys.CHUNK_BYTES, 11), new RemoteKeys.Chunk(base + RemoteKeys.CHUNK_BYTES, 4096, 12)));
        RemoteKeys peer = RemoteKeys.decode(keys.encode()); // as the peer learns it when connecting
        List<RemoteKeys.Piece> inside = peer.pieces(11, base + 100, 64);
        assertThat(inside).containsExactly(new RemoteKeys.Piece(base + 100, 64, 11, 0));
        List<RemoteKeys.Piece> across = peer.pieces(11, base + RemoteKeys.CHUNK_BYTES - 40, 100);
        assertThat(across).containsExactly(new RemoteKeys.Piece(base + RemoteKeys.CHUNK_BYTES - 40, 40, 11, 0),
                new RemoteKeys.Piece(base + RemoteKeys.CHUNK_BYTES, 60, 12, 40));
        assertThat(peer.pieces(99, 5000, 8)).as("unsplit region: its own key").containsExactly(new RemoteKeys.Piece(5000, 8, 99, 0));
    }

    @Test
    void workRequestsMapToTheirVerbs() {
        MemorySegment buf = MemorySegment.ofArray(new byte[100]);
        List<RemoteKeys.Piece> one = List.of(new RemoteKeys.Piece(8192, 100, 7, 0));
        IbvSendWR write = SendWrs.build(WorkRequest.write(buf, 8192, 7).unsignaled(), one, 4096, 3, 1, new long[] {2}).getFirst();
        assertThat(write.getOpcode()).isEqualTo(IbvSendWR.IBV_WR_RDMA_WRITE);
        assertThat(write.getSend_flags() & IbvSendWR.IBV_SEND_SIGNALED).isZero();
        assertThat(write.getRdma().getRemote_addr()).isEqualTo(8192);
        assertThat(write.getRdma().getRkey()).isEqualTo(7);
        assertThat(write.getSge(0).getAddr()).isEqualTo(4096);
        assertThat(write.getSge(0).getLkey()).isEqualTo(3);
        assertThat(write.getSge(0).getLength()).isEqualTo(100);

        IbvSendWR cas = SendWrs.build(WorkRequest.cas(8192, 7, 5, 9), List.of(new RemoteKeys.Piece(8192, 8, 7, 0)), 4096, 3, 1, new long[] {2}).getFirst();
        assertThat(cas.getOpcode()).isEqualTo(IbvSendWR.IBV_WR_ATOMIC_CMP_AND_SWP);
        assertThat(cas.getAtomic().getCompare_add()).isEqualTo(5);
        assertThat(cas.getAtomic().getSwap()).isEqualTo(9);
        assertThat(cas.getSge(0).getLength()).isEqualTo(8);
        IbvSendWR faa = SendWrs.build(WorkRequest.faa(8192, 7, 4), List.of(new RemoteKeys.Piece(8192, 8, 7, 0)), 4096, 3, 1, new long[] {2}).getFirst();
        assertThat(faa.getOpcode()).isEqualTo(IbvSendWR.IBV_WR_ATOMIC_FETCH_AND_ADD);
        assertThat(faa.getAtomic().getCompare_add()).isEqualTo(4);

        IbvSendWR flush = SendWrs.build(WorkRequest.flush(), List.of(), 0, 0, 1, new long[] {2}).getFirst();
        assertThat(flush.getOpcode()).as("FLUSH emulated by READ (paper 003 §3.4)").isEqualTo(IbvSendWR.IBV_WR_RDMA_READ);
        assertThat(flush.getNum_sge()).isZero();
        assertThat(flush.getSend_flags() & IbvSendWR.IBV_SEND_SIGNALED).isNotZero();

        assertThatThrownBy(() -> SendWrs.build(WorkRequest.writeAtomic(8192, 7, 1), one, 0, 0, 1, new long[] {2}))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aSplitWriteWithImmediateCarriesTheImmediateAndSignalOnlyOnItsLastPieceAndTheFenceOnItsFirst() {
        MemorySegment buf = MemorySegment.ofArray(new byte[100]);
        List<RemoteKeys.Piece> two = List.of(new RemoteKeys.Piece(1000, 40, 11, 0), new RemoteKeys.Piece(1040, 60, 12, 40));
        List<IbvSendWR> wrs = SendWrs.build(WorkRequest.writeImm(buf, 1000, 11, 77).withFence(), two, 4096, 3, 9, new long[] {20, 21});
        assertThat(wrs).hasSize(2);
        assertThat(wrs.get(0).getOpcode()).isEqualTo(IbvSendWR.IBV_WR_RDMA_WRITE);
        assertThat(wrs.get(0).getSend_flags()).isEqualTo(IbvSendWR.IBV_SEND_FENCE);
        assertThat(wrs.get(0).getWr_id()).isEqualTo(20);
        assertThat(wrs.get(1).getOpcode()).isEqualTo(IbvSendWR.IBV_WR_RDMA_WRITE_WITH_IMM);
        assertThat(wrs.get(1).getImm_data()).isEqualTo(77);
        assertThat(wrs.get(1).getSend_flags()).isEqualTo(IbvSendWR.IBV_SEND_SIGNALED);
        assertThat(wrs.get(1).getWr_id()).isEqualTo(9);
        assertThat(wrs.get(1).getSge(0).getAddr()).isEqualTo(4096 + 40);
        assertThat(wrs.get(1).getRdma().getRkey()).isEqualTo(12);
    }

    @Test
    void completionStatusesMapToTheSpi() {
        assertThat(SendWrs.status(SendWrs.WC_SUCCESS)).isEqualTo(CompletionStatus.SUCCESS);
        assertThat(SendWrs.status(SendWrs.WC_REM_ACCESS_ERR)).isEqualTo(CompletionStatus.REMOTE_ACCESS_ERROR);
        assertThat(SendWrs.status(SendWrs.WC_RETRY_EXC_ERR)).isEqualTo(CompletionStatus.CONNECTION_BROKEN);
        assertThat(SendWrs.status(SendWrs.WC_WR_FLUSH_ERR)).isEqualTo(CompletionStatus.CONNECTION_BROKEN);
    }

    @Test
    void theProbeNamesEachMissingPiece(@TempDir Path dir) throws Exception {
        Path devices = dir.resolve("infiniband");
        Path libs = dir.resolve("lib");
        Files.createDirectories(libs);
        assertThat(DisniSupport.missing(devices, List.of(libs))).hasValueSatisfying(why -> assertThat(why)
                .contains("no RDMA device").contains("does not exist").contains("libibverbs.so.1").contains("librdmacm.so.1").contains("libdisni.so"));
        Files.createDirectories(devices.resolve("mlx5_0"));
        for (String lib : List.of("libibverbs.so.1", "librdmacm.so.1", "libdisni.so")) {
            Files.createFile(libs.resolve(lib));
        }
        assertThat(DisniSupport.missing(devices, List.of(libs))).isEmpty();
        assertThat(DisniSupport.devices(devices)).containsExactly("mlx5_0");
    }

    @Test
    void openingWithoutAnRdmaDeviceFailsNamingWhatIsMissing() {
        org.junit.jupiter.api.Assumptions.assumeTrue(DisniSupport.missing().isPresent(), "this machine can run DiSNI");
        assertThatThrownBy(() -> DisniTransport.open(0, io.rdasuite.store.fabric.ServerConfig.parse("MHP+DDIO+PM-RQWRB"), null, null))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("cannot run here");
    }
}
