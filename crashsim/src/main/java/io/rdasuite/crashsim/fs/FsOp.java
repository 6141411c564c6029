package io.rdasuite.crashsim.fs;

/**
 * One file-system operation of a pDFS program: {@code mkdir path guid}, {@code rmdir path}, {@code creat path id},
 * {@code write path} (the whole file, its bytes a function of the file's id and the operation's index),
 * {@code rename path to}, {@code unlink path}.
 */
public record FsOp(Kind kind, String path, String to, long id) {
    public enum Kind { MKDIR, RMDIR, CREATE, WRITE, RENAME, UNLINK }

    public static FsOp mkdir(String path, long guid) {
        return new FsOp(Kind.MKDIR, path, "", guid);
    }

    public static FsOp rmdir(String path) {
        return new FsOp(Kind.RMDIR, path, "", 0);
    }

    public static FsOp create(String path, long id) {
        return new FsOp(Kind.CREATE, path, "", id);
    }

    public static FsOp write(String path, long version) {
        return new FsOp(Kind.WRITE, path, "", version);
    }

    public static FsOp rename(String from, String to) {
        return new FsOp(Kind.RENAME, from, to, 0);
    }

    public static FsOp unlink(String path) {
        return new FsOp(Kind.UNLINK, path, "", 0);
    }

    /** The bytes {@code write path version} writes. */
    public static byte[] data(long version) {
        byte[] b = new byte[64];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (version * 31 + i * 7 + 1);
        }
        return b;
    }

    @Override
    public String toString() {
        return switch (kind) {
            case MKDIR -> "mkdir " + path;
            case RMDIR -> "rmdir " + path;
            case CREATE -> "creat " + path;
            case WRITE -> "write " + path + " v" + id;
            case RENAME -> "rename " + path + " " + to;
            case UNLINK -> "unlink " + path;
        };
    }
}
