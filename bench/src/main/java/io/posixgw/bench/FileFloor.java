package io.posixgw.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.CRC32C;

/**
 * The file operations of one posixgw PUT, HEAD, GET and DELETE of the latency suite's
 * objects, done in this JVM with plain java.nio, without HTTP: the floor a gateway on
 * this disk cannot go below. Same layout as posixgw's xattr backend ({@code <root>/<bucket>/<key>},
 * temp files {@code <bucket>/.sgwtmp/<sha256hex(key)>.<hex>}, user xattrs {@code checksums},
 * {@code etag}, {@code content-type} with the values posixgw stores for the MinIO client's
 * PUT, durable as with {@code --fsync on}). Deliberately not built on gateway-posix-backend's
 * classes: the floor is what those classes are measured against.
 *
 * <p>The MD5 (the ETag) and the CRC32C the MinIO client sends are computed here too: they
 * are part of what is stored. What a server does beyond the floor is HTTP, SigV4 (including
 * the SHA-256 of the payload), its checks and thread hand-offs, and its extra file calls.
 * Two floors: {@link ChosenFloor} (posixgw's calls today) and {@link MinimalFloor} (the
 * fewest calls Java 17 allows for the same durable, atomic result).
 */
abstract class FileFloor implements AutoCloseable {
    static final String STAGING = ".sgwtmp";
    static final String ETAG = "etag";
    static final String CONTENT_TYPE = "content-type";
    static final String CHECKSUMS = "checksums";
    /** What the MinIO client sends for a stream without a content type, and posixgw stores. */
    static final String DEFAULT_CONTENT_TYPE = "application/octet-stream";
    /** What GET and HEAD read without x-amz-checksum-mode (posixgw leaves {@code checksums} out then). */
    static final List<String> READ_WITHOUT_CHECKSUMS = List.of(ETAG, CONTENT_TYPE);

    private static final HexFormat HEX = HexFormat.of();

    enum Kind {
        CHOSEN,
        MINIMAL,
        /** {@code NativeFloor}: FFM calls on fds, built only by a JDK 22+ (the bench's {@code java22} sources). */
        NATIVE
    }

    final Path bucketDir;
    final Path staging;

    FileFloor(Path root, String bucket) {
        this.bucketDir = root.toAbsolutePath().normalize().resolve(bucket);
        this.staging = bucketDir.resolve(STAGING);
    }

    static FileFloor of(Kind kind, Path root, String bucket) {
        return switch (kind) {
            case CHOSEN -> new ChosenFloor(root, bucket);
            case MINIMAL -> new MinimalFloor(root, bucket);
            case NATIVE -> nativeFloor(root, bucket);
        };
    }

    /** Whether this JVM and this jar can run floor {@code kind} (floor-native: Java 22+ and a jar built by one). */
    static boolean available(Kind kind) {
        if (kind != Kind.NATIVE) {
            return true;
        }
        return Runtime.version().feature() >= 22
                && FileFloor.class.getResource("/io/posixgw/bench/NativeFloor.class") != null;
    }

    /** The FFM floor, by name: this class compiles for Java 17, NativeFloor only where the build ran on 22+. */
    private static FileFloor nativeFloor(Path root, String bucket) {
        if (Runtime.version().feature() < 22) {
            throw new IllegalStateException("floor-native needs Java 22 or later (Temurin 25: "
                    + "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java --enable-native-access=ALL-UNNAMED -jar ...)");
        }
        try {
            return (FileFloor) Class.forName("io.posixgw.bench.NativeFloor")
                    .getDeclaredConstructor(Path.class, String.class)
                    .newInstance(root, bucket);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(
                    "floor-native is not in this jar: build the bench with a JDK 22+ "
                            + "(JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 ./mvnw -q package -DskipTests -pl bench -am)",
                    e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e.getCause() != null ? e.getCause() : e);
        }
    }

    /** Creates the bucket directory and its staging directory (posixgw's CreateBucket and first PUT). */
    void prepare() throws IOException {
        Files.createDirectories(staging);
    }

    /** Stores {@code body} (its position to its limit) under {@code key}, durably. */
    abstract void put(String key, ByteBuffer body) throws IOException;

    /** The object's size, with its attributes read as a HEAD reads them. */
    abstract long head(String key) throws IOException;

    /**
     * Reads the object as a GET does, into {@code buffer} (reused; the bytes are not kept).
     *
     * @param firstByteAt receives {@link System#nanoTime()} when the first bytes are in memory
     * @return the bytes read
     */
    abstract long get(String key, ByteBuffer buffer, long[] firstByteAt) throws IOException;

    abstract void delete(String key) throws IOException;

    Path objectPath(String key) {
        return bucketDir.resolve(key);
    }

    /** Removes the bucket directory and everything in it (end of a run). */
    void removeAll() throws IOException {
        if (!Files.exists(bucketDir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(bucketDir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                Files.deleteIfExists(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    @Override
    public void close() throws IOException {}

    /** The temp file's name as posixgw makes it: {@code <sha256hex(key)>.<random hex>}. */
    static String tempName(String key) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HEX.formatHex(h) + "."
                    + Long.toHexString(ThreadLocalRandom.current().nextLong() | Long.MIN_VALUE);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes {@code body} to {@code ch} in writes of at most {@code chunk} bytes, hashing as the bytes go by. */
    static Attrs write(FileChannel ch, ByteBuffer body, int chunk) throws IOException {
        MessageDigest md5 = md5();
        CRC32C crc = new CRC32C();
        ByteBuffer b = body.duplicate();
        int end = b.limit();
        while (b.position() < end) {
            b.limit(b.position() + Math.min(chunk, end - b.position()));
            md5.update(b.duplicate());
            crc.update(b.duplicate());
            while (b.hasRemaining()) {
                ch.write(b);
            }
        }
        return Attrs.of(md5.digest(), crc.getValue());
    }

    /** Reads {@code size} bytes from {@code ch} in reads of at most {@code chunk} bytes. */
    static long read(FileChannel ch, long size, ByteBuffer buffer, int chunk, long[] firstByteAt) throws IOException {
        long pos = 0;
        while (pos < size) {
            buffer.clear();
            buffer.limit((int) Math.min(Math.min(chunk, buffer.capacity()), size - pos));
            int n = ch.read(buffer, pos);
            if (n < 0) {
                break;
            }
            if (pos == 0) {
                firstByteAt[0] = System.nanoTime();
            }
            pos += n;
        }
        if (size == 0) {
            firstByteAt[0] = System.nanoTime();
        }
        return pos;
    }

    static UserDefinedFileAttributeView xattrs(Path p) {
        return Files.getFileAttributeView(p, UserDefinedFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
    }

    /** Reads the wanted attributes among those listed (list once, then each present one). */
    static int readAttrs(Path p, ByteBuffer scratch) throws IOException {
        UserDefinedFileAttributeView v = xattrs(p);
        int n = 0;
        for (String name : v.list()) {
            if (READ_WITHOUT_CHECKSUMS.contains(name)) {
                scratch.clear();
                n += v.read(name, scratch);
            }
        }
        return n;
    }

    /** fsync of a directory by path: open, fsync, close (a directory removed meanwhile has nothing to flush). */
    static void syncDir(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (NoSuchFileException gone) {
            // pruned by a concurrent delete
        }
    }

    static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The attribute values posixgw stores for the MinIO client's PUT (CRC32C in
     * {@code x-amz-checksum-crc32c}), in the order it sets them.
     */
    record Attrs(byte[] checksums, byte[] etag, byte[] contentType) {
        static Attrs of(byte[] md5, long crc32c) {
            byte[] crc = {(byte) (crc32c >>> 24), (byte) (crc32c >>> 16), (byte) (crc32c >>> 8), (byte) crc32c};
            String checksums = "{\"Algorithm\":\"CRC32C\",\"Type\":\"FULL_OBJECT\",\"CRC32\":null,\"CRC32C\":\""
                    + Base64.getEncoder().encodeToString(crc) + "\",\"SHA1\":null,\"SHA256\":null,\"CRC64NVME\":null}";
            return new Attrs(
                    checksums.getBytes(StandardCharsets.UTF_8),
                    ('"' + HEX.formatHex(md5) + '"').getBytes(StandardCharsets.UTF_8),
                    DEFAULT_CONTENT_TYPE.getBytes(StandardCharsets.UTF_8));
        }

        /** Three path-based sets: the JDK opens the file, calls fsetxattr and closes it for each. */
        void setOn(Path p) throws IOException {
            UserDefinedFileAttributeView v = xattrs(p);
            v.write(CHECKSUMS, ByteBuffer.wrap(checksums));
            v.write(ETAG, ByteBuffer.wrap(etag));
            v.write(CONTENT_TYPE, ByteBuffer.wrap(contentType));
        }
    }
}
