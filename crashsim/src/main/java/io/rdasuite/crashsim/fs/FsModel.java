package io.rdasuite.crashsim.fs;

import java.util.List;
import java.util.TreeMap;

/**
 * The namespace a sequence of {@link FsOp}s leaves, as a map from path to what is there: {@code D:<guid>} for a
 * directory, {@code F:<id>:<data version>} for a file (version 0: never written). A directory rename moves its subtree.
 */
final class FsModel {
    private FsModel() {
    }

    static TreeMap<String, String> apply(TreeMap<String, String> start, List<FsOp> ops) {
        TreeMap<String, String> ns = new TreeMap<>(start);
        for (FsOp op : ops) {
            switch (op.kind()) {
                case MKDIR -> ns.put(op.path(), "D:" + op.id());
                case RMDIR, UNLINK -> ns.remove(op.path());
                case CREATE -> ns.put(op.path(), "F:" + op.id() + ":0");
                case WRITE -> {
                    String f = ns.get(op.path());
                    if (f != null) {
                        ns.put(op.path(), f.substring(0, f.lastIndexOf(':') + 1) + op.id());
                    }
                }
                case RENAME -> {
                    TreeMap<String, String> moved = new TreeMap<>();
                    for (var e : ns.entrySet()) {
                        if (e.getKey().equals(op.path()) || e.getKey().startsWith(op.path() + "/")) {
                            moved.put(op.to() + e.getKey().substring(op.path().length()), e.getValue());
                        }
                    }
                    ns.keySet().removeIf(p -> p.equals(op.path()) || p.startsWith(op.path() + "/"));
                    ns.putAll(moved);
                }
            }
        }
        return ns;
    }
}
