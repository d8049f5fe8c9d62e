package io.posixgw.bench;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * The Linux x86-64 file calls a native file layer would make, bound with the Foreign Function
 * and Memory API (final since Java 22): no JNI library, no JNA, each downcall a direct call into
 * glibc with errno captured. One instance per thread (its scratch segments are not shared).
 * Every call returns the result or throws {@link Errno} with the call's errno.
 */
final class Libc {
    static final int O_RDONLY = 0;
    static final int O_WRONLY = 1;
    static final int O_CREAT = 0x40;
    static final int O_EXCL = 0x80;
    static final int O_DIRECTORY = 0x10000;
    static final int O_NOFOLLOW = 0x20000;
    static final int O_CLOEXEC = 0x80000;
    static final long RESOLVE_NO_SYMLINKS = 0x04;
    static final long RESOLVE_BENEATH = 0x08;
    static final int AT_REMOVEDIR = 0x200;
    static final int ENOENT = 2;
    static final int EEXIST = 17;
    static final int ENOTEMPTY = 39;
    static final int ENODATA = 61;
    private static final long SYS_OPENAT2 = 437;

    /** A failed call and its errno. */
    static final class Errno extends IOException {
        private static final long serialVersionUID = 1L;
        final int errno;

        Errno(String call, int errno) {
            super(call + ": errno " + errno);
            this.errno = errno;
        }
    }

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup C = LINKER.defaultLookup();
    private static final StructLayout STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final Linker.Option CAPTURE = Linker.Option.captureCallState("errno");

    private static MethodHandle bind(String name, FunctionDescriptor d, Linker.Option... extra) {
        Linker.Option[] options = new Linker.Option[extra.length + 1];
        options[0] = CAPTURE;
        System.arraycopy(extra, 0, options, 1, extra.length);
        return LINKER.downcallHandle(C.find(name).orElseThrow(), d, options);
    }

    // long syscall(long number, ...): openat2 has no glibc wrapper; variadic arguments as longs.
    private static final MethodHandle SYSCALL4 = bind(
            "syscall",
            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG),
            Linker.Option.firstVariadicArg(1));
    private static final MethodHandle OPENAT = bind(
            "openat",
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
            Linker.Option.firstVariadicArg(3));
    private static final MethodHandle FSTAT = bind("fstat", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
    private static final MethodHandle FLISTXATTR =
            bind("flistxattr", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG));
    private static final MethodHandle FGETXATTR =
            bind("fgetxattr", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));
    private static final MethodHandle FSETXATTR =
            bind("fsetxattr", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT));
    private static final MethodHandle PREAD =
            bind("pread", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG));
    private static final MethodHandle WRITE =
            bind("write", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG));
    private static final MethodHandle FSYNC = bind("fsync", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    private static final MethodHandle CLOSE = bind("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    private static final MethodHandle MKDIRAT =
            bind("mkdirat", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT));
    private static final MethodHandle RENAMEAT =
            bind("renameat", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
    private static final MethodHandle UNLINKAT =
            bind("unlinkat", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT));

    /** struct stat on x86-64: 144 bytes, st_nlink at 16, st_size at 48. */
    static final int STAT_SIZE = 144;

    private final Arena arena = Arena.ofConfined();
    private final MemorySegment state = arena.allocate(STATE);
    private final MemorySegment path = arena.allocate(4096);
    private final MemorySegment path2 = arena.allocate(4096);
    private final MemorySegment how = arena.allocate(24);
    final MemorySegment stat = arena.allocate(STAT_SIZE);

    /** A NUL-terminated UTF-8 copy of {@code s} in this instance's arena (for names used on every call). */
    MemorySegment cString(String s) {
        return arena.allocateFrom(s);
    }

    /** A scratch segment of {@code n} bytes, kept for the life of this instance. */
    MemorySegment scratch(long n) {
        return arena.allocate(n);
    }

    private int errno() {
        return (int) ERRNO.get(state, 0L);
    }

    private long check(String call, long r) throws Errno {
        if (r < 0) {
            throw new Errno(call, errno());
        }
        return r;
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }

    /** openat2(dirfd, rel, flags, RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS): one open that cannot leave dirfd. */
    int openBeneath(int dirfd, String rel, int flags) throws Errno {
        path.setString(0, rel);
        how.set(JAVA_LONG, 0, flags & 0xffffffffL);
        how.set(JAVA_LONG, 8, 0L);
        how.set(JAVA_LONG, 16, RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS);
        try {
            return (int) check("openat2", (long) SYSCALL4.invokeExact(state, SYS_OPENAT2, (long) dirfd, path, how, 24L));
        } catch (Errno e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    int openat(int dirfd, String name, int flags, int mode) throws Errno {
        path.setString(0, name);
        try {
            return (int) check("openat", (int) OPENAT.invokeExact(state, dirfd, path, flags, mode));
        } catch (Errno e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** fstat into {@link #stat}; returns st_size. */
    long fstat(int fd) throws Errno {
        try {
            check("fstat", (int) FSTAT.invokeExact(state, fd, stat));
        } catch (Errno e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
        return stat.get(JAVA_LONG, 48);
    }

    /** st_nlink of the last {@link #fstat}. */
    long lastNlink() {
        return stat.get(JAVA_LONG, 16);
    }

    long flistxattr(int fd, MemorySegment list) throws Errno {
        try {
            return check("flistxattr", (long) FLISTXATTR.invokeExact(state, fd, list, list.byteSize()));
        } catch (Errno e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    long fgetxattr(int fd, MemorySegment name, MemorySegment value) throws Errno {
        try {
            return check("fgetxattr", (long) FGETXATTR.invokeExact(state, fd, name, value, value.byteSize()));
        } catch (Errno e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void fsetxattr(int fd, MemorySegment name, MemorySegment value) throws Errno {
        try {
            check("fsetxattr", (int) FSETXATTR.invokeExact(state, fd, name, value, value.byteSize(), 0));
        } catch (Errno e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    long pread(int fd, MemorySegment buf, long offset) throws Errno {
        try {
            return check("pread", (long) PREAD.invokeExact(state, fd, buf, buf.byteSize(), offset));
        } catch (Errno e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    long write(int fd, MemorySegment buf) throws Errno {
        try {
            return check("write", (long) WRITE.invokeExact(state, fd, buf, buf.byteSize()));
        } catch (Errno e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void fsync(int fd) throws Errno {
        try {
            check("fsync", (int) FSYNC.invokeExact(state, fd));
        } catch (Errno e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void close(int fd) {
        try {
            int r = (int) CLOSE.invokeExact(state, fd);
            if (r != 0) {
                throw new IllegalStateException("close: errno " + errno());
            }
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void mkdirat(int dirfd, String name, int mode) throws Errno {
        path.setString(0, name);
        try {
            check("mkdirat", (int) MKDIRAT.invokeExact(state, dirfd, path, mode));
        } catch (Errno e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void renameat(int fromDir, String from, int toDir, String to) throws Errno {
        path.setString(0, from);
        path2.setString(0, to);
        try {
            check("renameat", (int) RENAMEAT.invokeExact(state, fromDir, path, toDir, path2));
        } catch (Errno e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    void unlinkat(int dirfd, String name, int flags) throws Errno {
        path.setString(0, name);
        try {
            check("unlinkat", (int) UNLINKAT.invokeExact(state, dirfd, path, flags));
        } catch (Errno e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }
}
