package io.rdasuite.crashsim.nessie;

/**
 * What happens to the victim client at the chosen step of its operation (issue 27, deliverable 5).
 *
 * <p>Nessie is fully client-driven (paper 004 §3.1, §4.2): no server finishes or undoes a client's half-done operation,
 * so a client that dies or stops for a while leaves its ITEs and DTEs exactly as its last verb left them.
 */
public enum NessieFault {
    /**
     * The client's actor is killed there: it issues no further verb (one already posted still reaches its NIC), its
     * operation stays open forever ({@code info} in the history) and it runs no later operation.
     */
    KILL,
    /**
     * The client's actor is descheduled there for longer than the expiration period (§4.3.1): while it is stopped the
     * other clients run on, time out of the entries it saw and recycle them; then it resumes where it stood.
     */
    STALL,
    /**
     * The client's actor is descheduled there for half its operation timeout ({@link NessieFaultCase#pauseNs()}): the
     * operation it is in still ends within its timeout (§4.3.1), so its steps run far apart in time while the others
     * go on. A GET whose forward pass is paused this way while a MIGRATE moves its key from an ITE it has not read into
     * one it has read is what §4.2.1's reverse pass is for (a STALL, longer than the timeout, makes the GET time out and
     * retry instead). Only faulted at the steps of a case's {@link NessieFaultCase#everyStep} operations that ask for it.
     */
    PAUSE;

    /** The name used in reports and on the command line. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
