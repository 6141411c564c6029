package io.rdasuite.store.nessie;

import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.kv.KvClient;

/** One client thread of a Nessie, NessieSD or NessieHY deployment (§5), with its counters. */
public interface NessieKv extends KvClient {
    /** The node this client runs on; use it from one thread of that node. */
    Node node();

    /** What this client did: operations, retries, RDMA verbs and network bytes per GET and per PUT/DELETE. */
    NessieClient.Stats stats();
}
