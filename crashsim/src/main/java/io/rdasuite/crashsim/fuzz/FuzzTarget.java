package io.rdasuite.crashsim.fuzz;

import io.rdasuite.crashsim.subjects.InPlaceSubject;
import io.rdasuite.crashsim.subjects.KvSubject;
import io.rdasuite.crashsim.subjects.RemoteLogSubject;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.Recipe;
import io.rdasuite.store.persist.Recipes;
import io.rdasuite.store.persist.UpdateKind;
import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.store.protocol.KvProtocols;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A store a fuzz campaign can draw (DESIGN §5): a recoverable key-value protocol, REMOTELOG (paper 003 §4.1) under
 * the paper's recipe for a random cell, or the in-place-update store, the negative control (not drawn unless asked
 * for: it must fail).
 *
 * @param name     what {@code --protocols} calls it
 * @param protocol the key-value protocol, or null
 */
public record FuzzTarget(String name, KvProtocol protocol) {
    public static final String REMOTELOG = "remotelog";
    public static final String INPLACE = "inplace";

    public boolean kv() {
        return protocol != null;
    }

    public boolean log() {
        return name.equals(REMOTELOG);
    }

    public boolean inPlace() {
        return name.equals(INPLACE);
    }

    /** Every recoverable key-value protocol and REMOTELOG: what a campaign draws by default. */
    public static List<FuzzTarget> defaults() {
        List<FuzzTarget> out = new ArrayList<>();
        for (KvProtocol p : KvProtocols.all()) {
            if (p.recoverable()) {
                out.add(new FuzzTarget(p.cliName(), p));
            }
        }
        out.add(new FuzzTarget(REMOTELOG, null));
        return out;
    }

    /** Parses {@code --protocols} names; an unknown one is an error listing the valid names. */
    public static List<FuzzTarget> parse(List<String> names) {
        List<FuzzTarget> out = new ArrayList<>();
        for (String n : names) {
            String name = n.trim().toLowerCase(Locale.ROOT);
            FuzzTarget t = Stream.concat(defaults().stream(), Stream.of(new FuzzTarget(INPLACE, null))).filter(x -> x.name.equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown store '" + n + "'; valid: " + validNames()));
            if (!out.contains(t)) {
                out.add(t);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no store named; valid: " + validNames());
        }
        return out;
    }

    public static String validNames() {
        return Stream.concat(defaults().stream().map(FuzzTarget::name), Stream.of(INPLACE)).collect(Collectors.joining(", "));
    }

    /** The subject name of this target on a cell; REMOTELOG uses the recipe the cell needs ({@link Recipes#required}), the in-place store the paper's singleton recipe. */
    String subjectName(ServerConfig config, Transport transport, PrimaryOp op, UpdateKind update) {
        if (kv()) {
            return KvSubject.PREFIX + "/" + protocol.cliName();
        }
        if (log()) {
            return new RemoteLogSubject(Recipes.required(config, transport, op, update)).name();
        }
        Recipe r = Recipes.paper(config, transport, op, UpdateKind.SINGLETON);
        return new InPlaceSubject(r).name();
    }

    /** The target a subject name belongs to (for mutating a case back within its target). */
    static FuzzTarget of(String subject) {
        if (subject.startsWith(KvSubject.PREFIX + "/")) {
            KvProtocol p = KvProtocols.parse(subject.substring(KvSubject.PREFIX.length() + 1));
            return new FuzzTarget(p.cliName(), p);
        }
        return new FuzzTarget(subject.startsWith(RemoteLogSubject.PREFIX + "/") ? REMOTELOG : INPLACE, null);
    }

    /** REMOTELOG's and the in-place store's primary operation and update kind, from a subject name ({@code log/<op>/<update>/<method>}). */
    static PrimaryOp op(String subject) {
        return PrimaryOp.valueOf(subject.split("/")[1]);
    }

    static UpdateKind update(String subject) {
        String label = subject.split("/")[2];
        return Arrays.stream(UpdateKind.values()).filter(u -> u.label().equals(label)).findFirst().orElseThrow();
    }

    /**
     * The server threads a stall can hit: the request handlers, eFactory's background verifier, Read After Write's
     * poller, the log cleaners, the recipes' responders.
     */
    List<String> stallableThreads() {
        if (log()) {
            return List.of("log-responder");
        }
        if (inPlace()) {
            return List.of("responder-");
        }
        return protocol.serverThreads();
    }

    @Override
    public String toString() {
        return name;
    }
}
