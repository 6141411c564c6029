/**
 * The fabric SPI between processes (DESIGN §6), and the key-value store served over it.
 * {@link io.rdasuite.hwreal.remote.RemoteTransport} is this process's one node
 * ({@link io.rdasuite.hwreal.remote.ProcessNode}) plus reliable connections
 * ({@link io.rdasuite.hwreal.remote.RemoteQueuePair}) to nodes in other processes, each seen as a
 * {@link io.rdasuite.hwreal.remote.PeerNode}; {@link io.rdasuite.hwreal.disni} implements it over RDMA and
 * {@link io.rdasuite.hwreal.tcp} over TCP, chosen by name in {@link io.rdasuite.hwreal.remote.Transports}.
 * {@link io.rdasuite.hwreal.remote.RegionIdentities} keeps each region's remote address and key beside its PM, so that a
 * node restarted on that PM registers its regions as before and peers need not be told.
 *
 * <p>On top: {@link io.rdasuite.hwreal.remote.StoreHost}, the server of {@code rda serve} (it recovers the store when
 * its PM survived, gives each connection a client slot and sends it a {@link io.rdasuite.hwreal.remote.Hello} carrying
 * the store's descriptor), sized by {@link io.rdasuite.hwreal.remote.StoreSize};
 * {@link io.rdasuite.hwreal.remote.RemoteStoreClient}, which builds the protocol's client from that hello;
 * {@link io.rdasuite.hwreal.remote.RemoteYcsb}, YCSB against such servers in wall-clock time; and
 * {@link io.rdasuite.hwreal.remote.RemoteCheck}, the acceptance check on a live cluster: a write phase recorded as a
 * {@link io.rdasuite.hwreal.remote.HistoryLog} (JSON Lines that {@code rda lin check} reads), and a verify phase after
 * the server was killed, restarted and recovered; or both, again and again in one process, for a whole kill campaign.
 */
package io.rdasuite.hwreal.remote;
