package io.rdasuite.store.persist;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A remote-persistence recipe: primary operation × singleton/compound × method (paper 003 Tables 2–3).
 * {@link #steps()} renders it in the paper's notation, each step {@code RQ …} (requester) or {@code RSP …}
 * (responder).
 */
public record Recipe(PrimaryOp op, UpdateKind update, Method method) {
    public Recipe {
        Objects.requireNonNull(op);
        Objects.requireNonNull(update);
        Objects.requireNonNull(method);
        if (!applicable(op, update, method)) {
            throw new IllegalArgumentException(method + " does not apply to a " + update.label() + " " + op + " update");
        }
    }

    /** Whether the method makes sense for the operation and update kind. */
    public static boolean applicable(PrimaryOp op, UpdateKind update, Method method) {
        if (method.compoundOnly() && (update != UpdateKind.COMPOUND || op == PrimaryOp.SEND)) {
            return false;
        }
        if (method == Method.FLUSH_THEN_ATOMIC && op != PrimaryOp.WRITE) {
            return false; // there is no atomic WRITE_IMM (paper 003 §3.3)
        }
        if (method.flushesByRead() && op == PrimaryOp.SEND) {
            return false; // nothing for the requester to READ: the receive buffer's address is the responder's
        }
        return !(method == Method.MESSAGE_ACK && op != PrimaryOp.SEND && update == UpdateKind.COMPOUND);
    }

    /** Which verbs a recipe may use. */
    public enum Verbs {
        /** With IBTA 1.5's RDMA FLUSH and ATOMIC WRITE (paper 003's assumption), and no READ standing in for a FLUSH. */
        IBTA_1_5,
        /** Without them, as on NICs that lack them: a READ stands in for a FLUSH, nothing orders b after it but a wait. */
        TODAY
    }

    /** Every applicable recipe for an operation and update kind with IBTA 1.5's verbs: the taxonomy's candidate space. */
    public static List<Recipe> candidates(PrimaryOp op, UpdateKind update) {
        return candidates(op, update, Verbs.IBTA_1_5);
    }

    /** Every applicable recipe for an operation and update kind that uses only {@code verbs}. */
    public static List<Recipe> candidates(PrimaryOp op, UpdateKind update, Verbs verbs) {
        List<Recipe> all = new ArrayList<>();
        for (Method m : Method.values()) {
            boolean allowed = verbs == Verbs.IBTA_1_5 ? !m.flushesByRead() : !m.needsIbta15Verbs();
            if (allowed && applicable(op, update, m)) {
                all.add(new Recipe(op, update, m));
            }
        }
        return all;
    }

    /** True when the responder's CPU takes no part in making the update persistent. */
    public boolean oneSided() {
        return !method.needsResponderCpu();
    }

    public int flushes() {
        return method.flushes();
    }

    /** A short name, e.g. {@code WRITE/compound/FLUSH_THEN_ATOMIC}. */
    public String name() {
        return op + "/" + update.label() + "/" + method;
    }

    /** The steps in the paper's notation. */
    public List<String> steps() {
        List<String> s = new ArrayList<>();
        String p = switch (op) {
            case WRITE -> "Write";
            case WRITE_IMM -> "WriteImm";
            case SEND -> "Send";
        };
        boolean two = update == UpdateKind.COMPOUND;
        String data = op == PrimaryOp.SEND ? (two ? "Send(a,b)" : "Send(a)") : null;
        switch (method) {
            case COMPLETION -> {
                if (data != null) {
                    s.add("RQ " + data);
                    s.add("RQ Comp(" + data + ")");
                } else {
                    s.add("RQ " + p + "(a)");
                    if (two) {
                        s.add("RQ " + p + "(b)");
                    }
                    s.add("RQ Comp(" + p + (two ? "(b))" : "(a))"));
                }
            }
            case FLUSH -> {
                s.add("RQ " + (data != null ? data : p + "(a)"));
                if (two && data == null) {
                    s.add("RQ " + p + "(b)");
                }
                s.add("RQ Flush");
                s.add("RQ Comp(Flush)");
            }
            case FLUSH_EACH -> s.addAll(List.of("RQ " + p + "(a)", "RQ Flush", "RQ Comp(Flush)", "RQ " + p + "(b)", "RQ Flush", "RQ Comp(Flush)"));
            case READ_FLUSH -> {
                s.add("RQ " + p + "(a)");
                if (two) {
                    s.add("RQ " + p + "(b)");
                }
                s.add("RQ Read(" + (two ? "b" : "a") + ")");
                s.add("RQ Comp(Read)");
            }
            case READ_FLUSH_EACH -> s.addAll(List.of("RQ " + p + "(a)", "RQ Read(a)", "RQ Comp(Read)", "RQ " + p + "(b)", "RQ Read(b)", "RQ Comp(Read)"));
            case FLUSH_THEN_ATOMIC -> s.addAll(List.of("RQ Write(a)", "RQ Flush", "RQ WriteAtomic(b)", "RQ Flush", "RQ Comp(Flush)"));
            case FLUSH_THEN_FENCED -> s.addAll(List.of("RQ " + p + "(a)", "RQ Flush", "RQ Fenced " + p + "(b)", "RQ Flush", "RQ Comp(Flush)"));
            case MESSAGE_FLUSH_ACK, MESSAGE_ACK -> {
                boolean flush = method == Method.MESSAGE_FLUSH_ACK;
                String what = two ? "a,b" : "a";
                String addr = two ? "&a,&b" : "&a";
                if (op == PrimaryOp.SEND) {
                    s.add("RQ " + data);
                    s.add("RSP Receive(" + what + ")");
                    s.add("RSP copy(" + what + ")" + (flush ? " + flush(" + addr + ")" : ""));
                } else {
                    s.add("RQ " + p + "(a)");
                    if (two) {
                        s.add("RQ " + p + "(b)");
                    }
                    if (op == PrimaryOp.WRITE) {
                        s.add("RQ Send(" + addr + ")");
                    }
                    s.add("RSP Receive(" + addr + ")");
                    if (flush) {
                        s.add("RSP flush(" + addr + ")");
                    }
                }
                s.add("RSP Send(ack)");
                s.add("RQ Receive(ack)");
            }
            case MESSAGE_FLUSH_ACK_EACH -> {
                for (String x : new String[] {"a", "b"}) {
                    s.add("RQ " + p + "(" + x + ")");
                    if (op == PrimaryOp.WRITE) {
                        s.add("RQ Send(&" + x + ")");
                    }
                    s.add("RSP Receive(&" + x + ")");
                    s.add("RSP flush(&" + x + ")");
                    s.add("RSP Send(ack)");
                    s.add("RQ Receive(ack)");
                }
            }
        }
        return s;
    }
}
