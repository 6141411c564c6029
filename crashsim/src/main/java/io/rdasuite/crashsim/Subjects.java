package io.rdasuite.crashsim;

import io.rdasuite.store.protocol.KvProtocol;
import io.rdasuite.crashsim.subjects.InPlaceSubject;
import io.rdasuite.crashsim.subjects.KvSubject;
import io.rdasuite.crashsim.subjects.RemoteLogSubject;
import io.rdasuite.store.persist.Method;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.Recipe;
import io.rdasuite.store.persist.UpdateKind;
import java.util.Locale;

/** Finds a subject by the name a replay token carries. */
public final class Subjects {
    /** The plugged-in protocols ({@link SubjectFactory}), in prefix order. */
    private static final java.util.List<SubjectFactory> FACTORIES = java.util.ServiceLoader.load(SubjectFactory.class).stream()
            .map(java.util.ServiceLoader.Provider::get).sorted(java.util.Comparator.comparing(SubjectFactory::prefix)).toList();

    private Subjects() {
    }

    /**
     * {@code remotelog/<WRITE|WRITE_IMM|SEND>/<singleton|compound>/<METHOD>} or
     * {@code inplace/<WRITE|WRITE_IMM|SEND>/singleton/<METHOD>}.
     */
    public static Subject byName(String name) {
        String prefix = name.contains("/") ? name.substring(0, name.indexOf('/')) : name;
        for (SubjectFactory f : FACTORIES) {
            if (f.prefix().equals(prefix)) {
                return f.byName(name);
            }
        }
        if (name.startsWith(KvSubject.PREFIX + "/")) {
            try {
                return new KvSubject(KvProtocol.parse(name.substring(KvSubject.PREFIX.length() + 1)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown subject '" + name + "': " + e.getMessage());
            }
        }
        String[] p = name.split("/");
        if (p.length != 4 || !(p[0].equals(RemoteLogSubject.PREFIX) || p[0].equals(InPlaceSubject.PREFIX))) {
            throw new IllegalArgumentException("unknown subject '" + name + "'; valid: remotelog/<op>/<singleton|compound>/<method>,"
                    + " inplace/<op>/singleton/<method>, kv/<protocol>");
        }
        Recipe recipe;
        try {
            recipe = new Recipe(PrimaryOp.valueOf(p[1]), UpdateKind.valueOf(p[2].toUpperCase(Locale.ROOT)), Method.valueOf(p[3]));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown subject '" + name + "': " + e.getMessage());
        }
        return p[0].equals(RemoteLogSubject.PREFIX) ? new RemoteLogSubject(recipe) : new InPlaceSubject(recipe);
    }
}
