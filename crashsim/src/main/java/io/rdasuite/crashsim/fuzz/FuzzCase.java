package io.rdasuite.crashsim.fuzz;

import io.rdasuite.crashsim.Op;
import io.rdasuite.crashsim.Program;
import io.rdasuite.crashsim.Scenario;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * One fuzz run's input (DESIGN §5): a scenario (store, configuration × transport, timing seed, program) and the
 * fault schedule it runs under. The explorer adds the server crash points and post-crash images.
 */
public record FuzzCase(Scenario scenario, FaultSchedule schedule) {
    public FuzzCase {
        Objects.requireNonNull(scenario);
        Objects.requireNonNull(schedule);
        int clients = scenario.program().clients().size();
        for (FaultSchedule.ClientCrash c : schedule.clientCrashes()) {
            if (c.client() >= clients) {
                throw new IllegalArgumentException("client " + c.client() + " crashes, but the program has " + clients + " client(s)");
            }
        }
        if (schedule.afterRecovery() != null && schedule.afterRecovery().clients().size() != clients) {
            throw new IllegalArgumentException("the operations after recovery need one list per client (" + clients + ")");
        }
    }

    public Program program() {
        return scenario.program();
    }

    /** Every key the program (and the operations after a recovery) touches: what the read-back reads. */
    public SortedSet<Integer> keys() {
        TreeSet<Integer> keys = new TreeSet<>();
        scenario.program().clients().forEach(ops -> ops.forEach(op -> keys.add(op.key())));
        if (schedule.afterRecovery() != null) {
            schedule.afterRecovery().clients().forEach(ops -> ops.forEach(op -> keys.add(op.key())));
        }
        return keys;
    }

    /** Operations in all (the program's and those after a recovery). */
    public int size() {
        return scenario.program().size() + (schedule.afterRecovery() == null ? 0 : schedule.afterRecovery().size());
    }

    public FuzzCase withProgram(Program p) {
        return new FuzzCase(new Scenario(scenario.subject(), scenario.config(), scenario.transport(), scenario.seed(), p), schedule);
    }

    public FuzzCase withSchedule(FaultSchedule s) {
        return new FuzzCase(scenario, s);
    }

    /** Whether any operation is a DELETE. */
    public boolean deletes() {
        return scenario.program().clients().stream().flatMap(java.util.List::stream).anyMatch(op -> op.kind() == Op.Kind.DELETE);
    }
}
