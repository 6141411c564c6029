package io.rdasuite.crashsim.cluster;

import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Which post-crash image each crashed node came back with: per node id, a choice per frontier slot and how much of
 * the volatile FIFO drained ({@code CrashFrontier.image(choices, fifoCut)}). Empty when no crashed node came back
 * from an image (a server that failed and stayed down while the cluster ran on).
 *
 * @param images node id → its image
 */
public record CrashState(SortedMap<Integer, NodeImage> images) {
    /** One node's image. */
    public record NodeImage(int[] choices, int fifoCut) {
        public NodeImage {
            choices = choices.clone();
        }

        @Override
        public int[] choices() {
            return choices.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof NodeImage n && Arrays.equals(n.choices, choices) && n.fifoCut == fifoCut;
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(choices) + fifoCut;
        }

        @Override
        public String toString() {
            return Arrays.toString(choices) + "/" + fifoCut;
        }
    }

    public CrashState {
        images = Collections.unmodifiableSortedMap(new TreeMap<>(images));
    }

    /** Node {@code node} came back with {@code choices} and {@code fifoCut}. */
    public static CrashState of(int node, int[] choices, int fifoCut) {
        return new CrashState(new TreeMap<>(Map.of(node, new NodeImage(choices, fifoCut))));
    }

    /** No node came back from an image. */
    public static CrashState none() {
        return new CrashState(new TreeMap<>());
    }

    /** Whether this is the image of node 0 alone: what single-server stores explore (and their tokens carry as before). */
    public boolean singleServer() {
        return images.size() == 1 && images.containsKey(0);
    }

    /** {@code id:c.c.c;id:c} (choices) — the token's form for a cluster. */
    public String encodeChoices() {
        StringBuilder b = new StringBuilder();
        images.forEach((node, image) -> {
            if (!b.isEmpty()) {
                b.append(';');
            }
            b.append(node).append(':').append(String.join(".", Arrays.stream(image.choices).mapToObj(Integer::toString).toList()));
        });
        return b.toString();
    }

    /** {@code id:cut;id:cut} — the token's form for a cluster. */
    public String encodeCuts() {
        StringBuilder b = new StringBuilder();
        images.forEach((node, image) -> {
            if (!b.isEmpty()) {
                b.append(';');
            }
            b.append(node).append(':').append(image.fifoCut);
        });
        return b.toString();
    }

    /** Inverse of {@link #encodeChoices} and {@link #encodeCuts}. */
    public static CrashState decode(String choices, String cuts) {
        TreeMap<Integer, int[]> c = new TreeMap<>();
        if (!choices.isEmpty()) {
            for (String part : choices.split(";")) {
                String[] kv = part.split(":", -1);
                c.put(Integer.parseInt(kv[0]), kv[1].isEmpty() ? new int[0] : Arrays.stream(kv[1].split("\\.")).mapToInt(Integer::parseInt).toArray());
            }
        }
        TreeMap<Integer, NodeImage> images = new TreeMap<>();
        if (!cuts.isEmpty()) {
            for (String part : cuts.split(";")) {
                String[] kv = part.split(":", -1);
                int node = Integer.parseInt(kv[0]);
                int[] ch = c.remove(node);
                if (ch == null) {
                    throw new IllegalArgumentException("node " + node + " has a FIFO cut but no choices");
                }
                images.put(node, new NodeImage(ch, Integer.parseInt(kv[1])));
            }
        }
        if (!c.isEmpty()) {
            throw new IllegalArgumentException("nodes " + c.keySet() + " have choices but no FIFO cut");
        }
        return new CrashState(images);
    }
}
