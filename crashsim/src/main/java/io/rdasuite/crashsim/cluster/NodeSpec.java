package io.rdasuite.crashsim.cluster;

import java.util.Objects;

/**
 * One node of a deployment.
 *
 * @param id   the fabric's node id
 * @param name a name unique in the deployment ({@code server-0}, {@code client-2}, {@code monitor},
 *             {@code coordinator}); crash targets may name it
 * @param role what it is for
 */
public record NodeSpec(int id, String name, Role role) {
    public NodeSpec {
        Objects.requireNonNull(name);
        Objects.requireNonNull(role);
        if (id < 0 || name.isBlank() || name.contains("|") || name.contains(",")) {
            throw new IllegalArgumentException("a node has an id >= 0 and a plain name: " + id + " '" + name + "'");
        }
    }
}
