package io.rdasuite.crashsim.subjects;

import io.rdasuite.store.persist.Method;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.Recipe;
import io.rdasuite.store.persist.UpdateKind;
import java.util.Locale;

/** The recipe in a subject name {@code <prefix>/<op>/<update>/<method>}, as {@link RemoteLogSubject} and {@link InPlaceSubject} write it. */
final class RecipeNames {
    private RecipeNames() {
    }

    /** The recipe of {@code name}; a malformed one is an error naming the valid form ({@code updates}: what the update may be). */
    static Recipe parse(String name, String prefix, String updates) {
        String[] p = name.split("/");
        if (p.length != 4 || !p[0].equals(prefix)) {
            throw new IllegalArgumentException("unknown subject '" + name + "'; valid: " + prefix + "/<op>/" + updates + "/<method>");
        }
        try {
            return new Recipe(PrimaryOp.valueOf(p[1]), UpdateKind.valueOf(p[2].toUpperCase(Locale.ROOT)), Method.valueOf(p[3]));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown subject '" + name + "': " + e.getMessage());
        }
    }
}
