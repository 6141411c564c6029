package io.rdasuite.crashsim.fs;

import io.rdasuite.store.thdpms.fs.PdfsClient;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The operations each pDFS client runs, in order (clients work in disjoint subtrees). A program is well formed when
 * each client's operations, applied to an empty namespace by {@link FsModel}, each find what they need: a parent
 * directory for mkdir, creat and a rename's target, no entry yet at a new name, the file a write or unlink names, an
 * empty directory for rmdir. A shrinker keeps only well-formed programs: a client whose operation fails stops, and a
 * failed operation is not a crash's doing.
 */
public record FsProgram(List<List<FsOp>> clients) {
    public FsProgram {
        clients = clients.stream().map(List::copyOf).toList();
    }

    /** Operations in the program. */
    public int size() {
        return clients.stream().mapToInt(List::size).sum();
    }

    /** Whether every client's operations succeed in order on an empty namespace (see the class comment). */
    public boolean wellFormed() {
        for (List<FsOp> ops : clients) {
            TreeMap<String, String> ns = new TreeMap<>();
            for (FsOp op : ops) {
                if (!allowed(ns, op)) {
                    return false;
                }
                ns = FsModel.apply(ns, List.of(op));
            }
        }
        return !clients.isEmpty() && clients.stream().noneMatch(List::isEmpty);
    }

    private static boolean allowed(TreeMap<String, String> ns, FsOp op) {
        String at = ns.get(op.path());
        return switch (op.kind()) {
            case MKDIR, CREATE -> isDir(ns, parent(op.path())) && at == null;
            case RMDIR -> at != null && at.startsWith("D:") && ns.subMap(op.path() + "/", op.path() + "0").isEmpty();
            case WRITE, UNLINK -> at != null && at.startsWith("F:");
            case RENAME -> at != null && isDir(ns, parent(op.to())) && !ns.containsKey(op.to()) && !op.to().startsWith(op.path() + "/");
        };
    }

    private static String parent(String path) {
        return path.substring(0, path.lastIndexOf('/'));
    }

    private static boolean isDir(TreeMap<String, String> ns, String path) {
        return path.isEmpty() || ns.getOrDefault(path, "").startsWith("D:");
    }

    /** Every directory guid the program makes, and the root's: the checker's candidate parents. */
    TreeSet<Long> guids() {
        TreeSet<Long> out = new TreeSet<>();
        out.add(PdfsClient.ROOT);
        clients.stream().flatMap(List::stream).filter(op -> op.kind() == FsOp.Kind.MKDIR).forEach(op -> out.add(op.id()));
        return out;
    }

    /** Every name the program uses (last path component, of sources and rename targets): the checker's candidate names. */
    TreeSet<String> names() {
        TreeSet<String> out = new TreeSet<>();
        for (FsOp op : clients.stream().flatMap(List::stream).toList()) {
            out.add(op.path().substring(op.path().lastIndexOf('/') + 1));
            if (!op.to().isEmpty()) {
                out.add(op.to().substring(op.to().lastIndexOf('/') + 1));
            }
        }
        return out;
    }

    /**
     * The program as a replay token carries it: clients separated by {@code ;}, operations by {@code ,}, each a letter
     * and its fields separated by spaces: {@code M path guid}, {@code D path}, {@code C path id}, {@code W path
     * version}, {@code R from to}, {@code U path}. No {@code :}, the token body's field separator.
     */
    public String encode() {
        List<String> out = new ArrayList<>();
        for (List<FsOp> ops : clients) {
            out.add(String.join(",", ops.stream().map(op -> switch (op.kind()) {
                case MKDIR -> "M " + op.path() + " " + op.id();
                case RMDIR -> "D " + op.path();
                case CREATE -> "C " + op.path() + " " + op.id();
                case WRITE -> "W " + op.path() + " " + op.id();
                case RENAME -> "R " + op.path() + " " + op.to();
                case UNLINK -> "U " + op.path();
            }).toList()));
        }
        return String.join(";", out);
    }

    /** The program {@link #encode()} wrote; a malformed text is an {@link IllegalArgumentException} saying so. */
    public static FsProgram decode(String text) {
        try {
            List<List<FsOp>> all = new ArrayList<>();
            for (String client : text.split(";", -1)) {
                List<FsOp> ops = new ArrayList<>();
                for (String op : client.split(",", -1)) {
                    String[] f = op.split(" ", -1);
                    ops.add(switch (f[0]) {
                        case "M" -> FsOp.mkdir(f[1], Long.parseLong(f[2]));
                        case "D" -> FsOp.rmdir(f[1]);
                        case "C" -> FsOp.create(f[1], Long.parseLong(f[2]));
                        case "W" -> FsOp.write(f[1], Long.parseLong(f[2]));
                        case "R" -> FsOp.rename(f[1], f[2]);
                        case "U" -> FsOp.unlink(f[1]);
                        default -> throw new IllegalArgumentException("operation '" + op + "'");
                    });
                }
                all.add(ops);
            }
            return new FsProgram(all);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("malformed pDFS program '" + text + "' in the replay token (" + e.getMessage() + ")");
        }
    }
}
