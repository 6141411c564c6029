package io.rdasuite.hwsim.engine;

/** The kinds of trace records; their ordinals are part of the trace hash, so append only. */
public enum TraceKind {
    ACTOR_RESUME,
    ACTOR_ADVANCE,
    POST,
    ARRIVE,
    PLACE,
    EXECUTE,
    COMPLETE,
    RECEIVE,
    EVICT,
    LOCAL_STORE,
    LOCAL_PERSIST,
    FAULT,
    STOP
}
