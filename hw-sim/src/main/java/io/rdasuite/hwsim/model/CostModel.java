package io.rdasuite.hwsim.model;

/**
 * The simulator's timing parameters (DESIGN §3, "Timing"). The model is timing-approximate: it aims at
 * the papers' ratios, not their testbeds. Every default names its source; "estimate" marks values chosen
 * so that composed latencies match a figure the papers report.
 *
 * @param nicServiceNs        requester/responder NIC occupancy per work request (message rate ≈ 1/this).
 *                            Estimate: ConnectX-4 class NICs sustain on the order of 100 M verbs/s.
 * @param nicTxLatencyNs      doorbell, WQE fetch and payload DMA read at the requester NIC. Estimate chosen
 *                            with the next two so that a signaled WRITE completes in ≈1.6 µs on IB, the WSP
 *                            one-sided latency of paper 003 §4.3.
 * @param linkLatencyNs       one-way wire + switch + responder NIC receive processing. Estimate (see above).
 * @param completionNs        CQE write and the poll that finds it. Estimate (see above).
 * @param linkGbps            link bandwidth: 100 Gb/s ConnectX-4/5 (paper 003 §4.2, paper 000 §6).
 * @param mtuBytes            IB MTU, 4096 bytes.
 * @param headerBytes         per-packet transport headers (IB LRH+BTH+RETH+ICRC+VCRC = 42 bytes).
 * @param pcieWriteNs         posted DMA write through PCIe/IIO until placed in the LLC or the memory
 *                            controller. Estimate: ~250 ns PCIe 3.0 write latency.
 * @param pcieReadNs          non-posted PCIe read round trip (READ, FLUSH emulated by READ, atomics).
 *                            Estimate chosen so that WRITE + FLUSH ≈ 1.33 × WRITE alone, the MHP vs WSP
 *                            gap of paper 003 §4.3 ("25% reduction").
 * @param pcieBytesPerNs      PCIe 3.0 x16 ≈ 15.75 GB/s.
 * @param pmReadNs            PM read latency, 302 ns random 8-byte read (paper 002 §2.1, Table 2).
 * @param pmExtraWriteNs      extra PM write latency over DRAM, 150 ns (paper 000 §6.1, after [27]).
 * @param pmWriteBytesPerNs   PM write bandwidth, 13.2 GB/s for six Optane DIMMs (paper 002 §2.1).
 * @param dramReadNs          DRAM read latency ≈ 60 ns (paper 002 §1).
 * @param nicAtomicExtraNs    extra NIC time of CAS/FAA over a READ. Estimate: atomics are markedly slower
 *                            than reads (paper 003 §2, citing Kalia et al. [19]).
 * @param nonPostedJitterNs   seeded spread added to a non-posted operation's execution (PCIe arbitration);
 *                            it is what lets a later posted write sometimes overtake an earlier READ.
 * @param placementStallPercent chance that an inbound write waits extra in the NIC/PCIe buffers (PCIe
 *                            credits, congestion). Estimate; paper 003 §2: a completion does not mean the
 *                            update left the NIC, so the model must let it linger past the completion.
 * @param placementStallMaxNs the longest such extra wait (uniform in [1, this]). Estimate.
 * @param cpuPollNs           CPU time for a poll that finds a completion. Estimate.
 * @param receiveDispatchNs   CPU time to pick up a received message and dispatch it (RPC handling).
 *                            Estimate, in line with the ≈0.5 µs server-side handling RPC papers report.
 * @param storeNsPerLine      CPU store of one cache line into the cache. Estimate.
 * @param clwbNsPerLine       issuing one clwb. Estimate.
 * @param sfenceNs            sfence that waits for pending write-backs to reach the memory controller:
 *                            the extra PM write latency plus a memory-controller hop. Estimate.
 * @param crcNsPer4KiB        CRC32 over 4 KiB, 4.4 µs (paper 001 §3).
 * @param coresPerNode        server cores that actors compete for.
 * @param llcDirtyLines       dirty PM lines the LLC holds before it evicts one (DDIO's share of a 25 MB
 *                            LLC is ≈10%, paper 002 Table 2 gives the LLC size); scaled down for tests.
 * @param evictionMeanNs      mean time between natural evictions of some dirty line. Estimate. 0: no natural eviction
 *                            (a line leaves the cache only by a flush or when the LLC is full)
 * @param transportTimeoutNs  how long a requester takes to notice a dead peer. Estimate.
 * @param preemptionPercent   chance that a server thread's CPU work is followed by a preemption (0 by default:
 *                            performance runs assume dedicated cores; crash exploration raises it).
 * @param preemptionMaxNs     the longest preemption (uniform in [1, this]).
 */
public record CostModel(
        long nicServiceNs,
        long nicTxLatencyNs,
        long linkLatencyNs,
        long completionNs,
        double linkGbps,
        int mtuBytes,
        int headerBytes,
        long pcieWriteNs,
        long pcieReadNs,
        double pcieBytesPerNs,
        long pmReadNs,
        long pmExtraWriteNs,
        double pmWriteBytesPerNs,
        long dramReadNs,
        long nicAtomicExtraNs,
        long nonPostedJitterNs,
        int placementStallPercent,
        long placementStallMaxNs,
        long cpuPollNs,
        long receiveDispatchNs,
        long storeNsPerLine,
        long clwbNsPerLine,
        long sfenceNs,
        long crcNsPer4KiB,
        int coresPerNode,
        int llcDirtyLines,
        long evictionMeanNs,
        long transportTimeoutNs,
        int preemptionPercent,
        long preemptionMaxNs) {

    /** The defaults documented above. */
    public static CostModel defaults() {
        return new CostModel(
                8, 500, 450, 150, 100.0, 4096, 42,
                250, 250, 15.75,
                302, 150, 13.2, 60,
                300, 100, 10, 2000,
                100, 400, 5, 20, 250,
                4400, 4, 40_000, 20_000, 10_000, 0, 1);
    }

    /**
     * Paper 000's testbed (§5.1): Mellanox ConnectX-3 at 40 Gb/s, two 2.4 GHz Xeon E5620 with 4 cores, DRAM
     * with 150 ns extra write latency as PM. Estimates beyond the paper: a ConnectX-3 verb takes longer than a
     * ConnectX-4's (≈1.3x NIC latencies), and the 2.4 GHz Westmere CPU needs ≈1.5x the CPU time per request.
     * The CRC costs 0.8 µs per 4 KB (≈5 GB/s, a table-driven or hardware-assisted CRC32): paper 000 reports
     * no CRC cost on Erda's reads, unlike paper 001's port of Erda (4.4 µs per 4 KB, the default).
     */
    public static CostModel erdaTestbed() {
        CostModel d = defaults();
        return new CostModel(12, 650, 600, 200, 40.0, 4096, 42,
                300, 300, 7.88,
                d.pmReadNs(), 150, d.pmWriteBytesPerNs(), 80,
                450, 100, d.placementStallPercent(), d.placementStallMaxNs(),
                150, 600, 8, 30, 300,
                800, 4, d.llcDirtyLines(), d.evictionMeanNs(), d.transportTimeoutNs(), 0, 1);
    }

    /**
     * Paper 001's testbed (§5.1): ConnectX-5 at 100 Gb/s and 2.4 GHz Xeon E5-2640 v4, i.e. the defaults, whose
     * CRC cost is paper 001's own (4.4 µs per 4 KB, §3), with the testbed's 2 × 10 cores per node. The paper
     * does not say how many server threads process requests: with {@link #withCores} fewer cores model a
     * server whose request threads are the bottleneck.
     */
    public static CostModel efactoryTestbed() {
        return defaults().withCores(20);
    }

    /**
     * Paper 004's testbed (§6): Mellanox ConnectX-3 at 10 GbE behind one 10/40 GbE switch, two 2.1 GHz Xeon
     * E5-2620 v2 per node. NIC and CPU costs are the ConnectX-3 / older-Xeon estimates of {@link #erdaTestbed()};
     * the link is 10 Gb/s. Cores stay at the defaults' 4: the Nessie bench scales the paper's 12 cores per node down
     * with its worker count (one worker per core).
     */
    public static CostModel nessieTestbed() {
        CostModel e = erdaTestbed();
        return new CostModel(e.nicServiceNs(), e.nicTxLatencyNs(), e.linkLatencyNs(), e.completionNs(), 10.0, e.mtuBytes(), e.headerBytes(),
                e.pcieWriteNs(), e.pcieReadNs(), e.pcieBytesPerNs(), e.pmReadNs(), e.pmExtraWriteNs(), e.pmWriteBytesPerNs(), e.dramReadNs(),
                e.nicAtomicExtraNs(), e.nonPostedJitterNs(), e.placementStallPercent(), e.placementStallMaxNs(), e.cpuPollNs(), e.receiveDispatchNs(),
                e.storeNsPerLine(), e.clwbNsPerLine(), e.sfenceNs(), e.crcNsPer4KiB(), defaults().coresPerNode(), e.llcDirtyLines(), e.evictionMeanNs(),
                e.transportTimeoutNs(), e.preemptionPercent(), e.preemptionMaxNs());
    }

    /**
     * Paper 002's testbed (§5.1): PM servers with two ConnectX-5 100 Gb/s NICs, one per NUMA socket, modelled as one
     * 200 Gb/s port and twice the PCIe bandwidth per node (clients get the same port; with 12 clients they are not the
     * bottleneck below 6 servers), 36 cores, Optane at 13.2 GB/s write (the defaults' PM figures are this paper's).
     */
    public static CostModel thdpmsTestbed() {
        CostModel d = defaults();
        return new CostModel(d.nicServiceNs(), d.nicTxLatencyNs(), d.linkLatencyNs(), d.completionNs(), 200.0, d.mtuBytes(), d.headerBytes(),
                d.pcieWriteNs(), d.pcieReadNs(), 2 * d.pcieBytesPerNs(), d.pmReadNs(), d.pmExtraWriteNs(), d.pmWriteBytesPerNs(), d.dramReadNs(),
                d.nicAtomicExtraNs(), d.nonPostedJitterNs(), d.placementStallPercent(), d.placementStallMaxNs(), d.cpuPollNs(), d.receiveDispatchNs(),
                d.storeNsPerLine(), d.clwbNsPerLine(), d.sfenceNs(), d.crcNsPer4KiB(), 36, d.llcDirtyLines(), d.evictionMeanNs(),
                d.transportTimeoutNs(), d.preemptionPercent(), d.preemptionMaxNs());
    }

    /** The profile names {@link #profile} accepts. */
    public static final java.util.List<String> PROFILES = java.util.List.of("default", "erda-testbed", "efactory-testbed", "nessie-testbed",
            "thdpms-testbed");

    /** A cost profile by name (one of {@link #PROFILES}); an unknown name lists the valid ones. */
    public static CostModel profile(String name) {
        return switch (name == null ? "" : name.trim()) {
            case "default" -> defaults();
            case "erda-testbed" -> erdaTestbed();
            case "efactory-testbed" -> efactoryTestbed();
            case "nessie-testbed" -> nessieTestbed();
            case "thdpms-testbed" -> thdpmsTestbed();
            default -> throw new IllegalArgumentException("unknown cost profile '" + name + "'; valid: " + String.join(", ", PROFILES));
        };
    }

    /** A copy whose nodes have {@code cores} cores for their threads' CPU work. */
    public CostModel withCores(int cores) {
        return new CostModel(nicServiceNs, nicTxLatencyNs, linkLatencyNs, completionNs, linkGbps, mtuBytes, headerBytes,
                pcieWriteNs, pcieReadNs, pcieBytesPerNs, pmReadNs, pmExtraWriteNs, pmWriteBytesPerNs, dramReadNs,
                nicAtomicExtraNs, nonPostedJitterNs, placementStallPercent, placementStallMaxNs, cpuPollNs, receiveDispatchNs, storeNsPerLine,
                clwbNsPerLine, sfenceNs, crcNsPer4KiB, cores, llcDirtyLines, evictionMeanNs, transportTimeoutNs, preemptionPercent, preemptionMaxNs);
    }

    public CostModel {
        if (preemptionPercent < 0 || preemptionPercent > 100 || preemptionMaxNs < 1) {
            throw new IllegalArgumentException("preemption: percent in [0, 100], max at least 1 ns");
        }
        if (placementStallPercent < 0 || placementStallPercent > 100 || placementStallMaxNs < 1) {
            throw new IllegalArgumentException("placement stall: percent in [0, 100], max at least 1 ns");
        }
        if (mtuBytes < 256 || evictionMeanNs < 0 || coresPerNode < 1 || llcDirtyLines < 1 || linkGbps <= 0 || pcieBytesPerNs <= 0 || pmWriteBytesPerNs <= 0) {
            throw new IllegalArgumentException("cost model out of range: " + this);
        }
    }

    /** Link bytes per nanosecond. */
    public double linkBytesPerNs() {
        return linkGbps / 8.0;
    }

    /** Nanoseconds to serialise {@code bytes} on the link, at least 1. */
    public long serializationNs(long bytes) {
        return Math.max(1, (long) Math.ceil(bytes / linkBytesPerNs()));
    }

    /** Nanoseconds PCIe is occupied by {@code bytes}, at least 1. */
    public long pcieOccupancyNs(long bytes) {
        return Math.max(1, (long) Math.ceil(bytes / pcieBytesPerNs));
    }

    /** Nanoseconds PM write bandwidth is occupied by {@code bytes}, at least 1. */
    public long pmOccupancyNs(long bytes) {
        return Math.max(1, (long) Math.ceil(bytes / pmWriteBytesPerNs));
    }

    /** CPU nanoseconds to CRC {@code bytes}. */
    public long crcNs(long bytes) {
        return (bytes * crcNsPer4KiB + 4095) / 4096;
    }

    /**
     * A copy without natural eviction: a dirty line stays in the cache until it is flushed or the LLC is full. The
     * hardware allows it (write-back is the cache's choice), and it keeps every store that was never persisted in the
     * crash frontier for as long as the run lasts, where a random write-back would make it durable within microseconds.
     */
    public CostModel withoutNaturalEviction() {
        return new CostModel(nicServiceNs, nicTxLatencyNs, linkLatencyNs, completionNs, linkGbps, mtuBytes, headerBytes,
                pcieWriteNs, pcieReadNs, pcieBytesPerNs, pmReadNs, pmExtraWriteNs, pmWriteBytesPerNs, dramReadNs,
                nicAtomicExtraNs, nonPostedJitterNs, placementStallPercent, placementStallMaxNs, cpuPollNs, receiveDispatchNs, storeNsPerLine,
                clwbNsPerLine, sfenceNs, crcNsPer4KiB, coresPerNode, llcDirtyLines, 0, transportTimeoutNs, preemptionPercent, preemptionMaxNs);
    }

    /**
     * A copy whose inbound writes stall more often and longer in the NIC/PCIe buffers, whose non-posted
     * operations jitter more, and whose server threads get preempted: timing the hardware and the OS allow,
     * made frequent so that crash exploration meets it (a timing nemesis). Not for performance figures.
     */
    public CostModel withTimingNemesis(int stallPercent, long stallMaxNs, long jitterNs, int preemptPercent, long preemptMaxNs) {
        return new CostModel(nicServiceNs, nicTxLatencyNs, linkLatencyNs, completionNs, linkGbps, mtuBytes, headerBytes,
                pcieWriteNs, pcieReadNs, pcieBytesPerNs, pmReadNs, pmExtraWriteNs, pmWriteBytesPerNs, dramReadNs,
                nicAtomicExtraNs, jitterNs, stallPercent, stallMaxNs, cpuPollNs, receiveDispatchNs, storeNsPerLine, clwbNsPerLine,
                sfenceNs, crcNsPer4KiB, coresPerNode, llcDirtyLines, evictionMeanNs, transportTimeoutNs, preemptPercent, preemptMaxNs);
    }
}
