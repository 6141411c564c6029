package io.rdasuite.hwsim.fabric;

import io.rdasuite.hwsim.memory.LineWriteback;
import java.util.ArrayList;
import java.util.List;

/** Per-actor state of the fabric layer: clwbs awaiting an sfence, and the open operation scope. */
final class ThreadState {
    final List<LineWriteback> pendingWritebacks = new ArrayList<>();
    Counters scope;
    /** Where this thread's time-slice rhythm starts on a node with time-sliced CPU hogs; -1 until first used. */
    long slicePhaseNs = -1;
}
