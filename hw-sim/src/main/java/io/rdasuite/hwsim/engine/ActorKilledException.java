package io.rdasuite.hwsim.engine;

/**
 * Thrown inside an actor whose node crashed or whose simulation closed, from the blocking call it was in.
 * Protocol code should let it propagate.
 */
public final class ActorKilledException extends RuntimeException {
    public ActorKilledException(String actorName) {
        super("actor " + actorName + " was killed", null, false, false);
    }
}
