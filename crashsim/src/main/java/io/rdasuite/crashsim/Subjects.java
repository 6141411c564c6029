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
    private Subjects() {
    }

    /**
     * {@code remotelog/<WRITE|WRITE_IMM|SEND>/<singleton|compound>/<METHOD>} or
     * {@code inplace/<WRITE|WRITE_IMM|SEND>/singleton/<METHOD>}.
     */
    public static Subject byName(String name) {
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
