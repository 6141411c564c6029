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
    STALL;

    /** The name used in reports and on the command line. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
