package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.backend.ObjectContent;
import io.posixgw.core.model.CompletedPart;
import io.posixgw.core.model.Etags;
import io.posixgw.core.model.ListObjectsRequest;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.Part;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.testkit.BackendCalls;
import io.posixgw.testkit.Bodies;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Sidecar mode: a gateway killed between a publication's two renames (the data over the key,
 * then its attribute node) leaves the old object or the new one, whole. The kill is played by a
 * {@link RaceHooks#publishRename} that stops the writer by an {@link Error} right after (or
 * right before) the data's rename of the key; a fresh backend over the same directories, as
 * another gateway or the restarted one, then reads the key.
 */
class SidecarPublishCrashTest extends BackendTestBase {
    private static final ObjectAttributes OLD =
            new ObjectAttributes("text/plain", null, null, null, null, null, Map.of("version", "old"));
    private static final ObjectAttributes NEW =
            new ObjectAttributes("image/png", null, "en", null, "no-cache", null, Map.of("version", "new"));

    /** Stands for the process's death: nothing of the writer runs after it. */
    private static final class Killed extends Error {
        Killed() {
            super("killed", null, false, false);
        }
    }

    @Override
    Path sidecar() {
        return tmp.resolve("sidecar");
    }

    /** Kills the writer of {@code key} right after its data's rename ({@code after}) or right before it. */
    private void killAtRenameOf(String key, boolean after) {
        posix.raceHooks(new RaceHooks() {
            @Override
            public void publishRename(Path source, Path target) throws IOException {
                if (!target.getFileName().toString().equals(key)) {
                    RaceHooks.super.publishRename(source, target);
                    return;
                }
                if (after) {
                    RaceHooks.super.publishRename(source, target);
                }
                throw new Killed();
            }
        });
    }

    /** Another gateway over the same directories (or the killed one, restarted). */
    private BackendCalls fresh() throws IOException {
        return new BackendCalls(new PosixBackend(root, options()));
    }

    private static String md5(byte[] b) {
        return Etags.fromMd5(Etags.newMd5().digest(b));
    }

    private Path metaDir(String key) {
        return sidecar().resolve(B).resolve(key).resolve("meta");
    }

    private void assertServed(BackendCalls b, String key, byte[] data, String etag, ObjectAttributes attrs)
            throws IOException {
        try (ObjectContent c = b.getObject(B, key)) {
            assertArrayEquals(data, readAll(c));
            assertEquals(etag, c.info().etag());
            assertSameHeaders(attrs, c.info().attributes());
        }
        ObjectInfo h = b.headObject(B, key);
        assertEquals(etag, h.etag());
        assertSameHeaders(attrs, h.attributes());
        var listed = b.listObjects(new ListObjectsRequest(B, null, null, null, 100)).objects().stream()
                .filter(o -> o.key().equals(key))
                .toList();
        assertEquals(1, listed.size());
        assertEquals(etag, listed.get(0).etag());
    }

    /** The stored headers and user metadata (tags are checked apart). */
    private static void assertSameHeaders(ObjectAttributes expected, ObjectAttributes actual) {
        assertEquals(expected.contentType(), actual.contentType());
        assertEquals(expected.contentLanguage(), actual.contentLanguage());
        assertEquals(expected.cacheControl(), actual.cacheControl());
        assertEquals(expected.userMetadata(), actual.userMetadata());
    }

    private long records(String key) throws IOException {
        if (!Files.isDirectory(metaDir(key))) {
            return 0;
        }
        try (Stream<Path> s = Files.list(metaDir(key))) {
            return s.filter(p -> p.getFileName().toString().startsWith(SidecarMetadataStore.PENDING))
                    .count();
        }
    }

    @Test
    void anOverwriteKilledAfterItsDataRenameIsServedWithItsOwnAttributes() throws Exception {
        put("k", bytes("old bytes"), OLD);
        byte[] fresh = bytes("new bytes, longer than the old ones");
        killAtRenameOf("k", true);
        assertThrows(Killed.class, () -> put("k", fresh, NEW));
        assertArrayEquals(fresh, Files.readAllBytes(root.resolve(B).resolve("k")), "the data was renamed");

        BackendCalls other = fresh();
        assertServed(other, "k", fresh, md5(fresh), NEW);

        // the next attribute write moves them in instead of dropping them
        other.putObjectTagging(B, "k", Map.of("team", "a"));
        assertServed(other, "k", fresh, md5(fresh), NEW);
        assertEquals(Map.of("team", "a"), other.getObjectTagging(B, "k"));
        assertEquals(0, records("k"), "the record went with the replaced node");
        assertEquals(
                "image/png", Files.readString(metaDir("k").resolve("content-type")), "the key's own node has them");
    }

    @Test
    void aNewKeyKilledAfterItsDataRenameIsServedWithItsOwnAttributes() throws Exception {
        byte[] fresh = bytes("first bytes of a new key");
        killAtRenameOf("n", true);
        assertThrows(Killed.class, () -> put("n", fresh, NEW));
        assertServed(fresh(), "n", fresh, md5(fresh), NEW);
    }

    @Test
    void aPutKilledBeforeItsDataRenameLeavesTheOldObjectWhole() throws Exception {
        byte[] old = bytes("old bytes");
        put("k", old, OLD);
        killAtRenameOf("k", false);
        assertThrows(Killed.class, () -> put("k", bytes("new bytes never published"), NEW));
        assertEquals(1, records("k"), "a stale record is left");

        BackendCalls other = fresh();
        assertServed(other, "k", old, md5(old), OLD);
        other.putObjectTagging(B, "k", Map.of("team", "b"));
        assertServed(other, "k", old, md5(old), OLD);
        // the next publication replaces the node, the stale record with it
        byte[] next = bytes("next bytes");
        other.putObject(new PutObjectRequest(B, "k", NEW, null), Bodies.of(next, 7000));
        assertServed(other, "k", next, md5(next), NEW);
        assertEquals(0, records("k"));
    }

    @Test
    void aPutKilledBeforeItsDataRenameLeavesNoNewKey() throws Exception {
        killAtRenameOf("n", false);
        assertThrows(Killed.class, () -> put("n", bytes("never published"), NEW));
        assertS3(io.posixgw.core.S3Error.NO_SUCH_KEY, () -> fresh().headObject(B, "n"));
    }

    /**
     * A record naming a staged node stamped for another file is no evidence: a writer killed
     * before its rename whose temp file (and node) stayed, then the key's data replaced by another tool.
     */
    @Test
    void aRecordWhoseStagedNodeIsAnotherFilesIsIgnored() throws Exception {
        byte[] old = bytes("old bytes");
        put("k", old, OLD);
        // the other writer's temp file and its node, as a kill before the rename leaves them
        put("staged-elsewhere", bytes("never published"), NEW);
        Path staging = root.resolve(B).resolve(".sgwtmp");
        String temp = Fs.sha256Hex("k") + ".deadbeef";
        Files.move(root.resolve(B).resolve("staged-elsewhere"), staging.resolve(temp));
        Path stagedNode = sidecar().resolve(B).resolve(".sgwtmp").resolve(temp);
        Files.createDirectories(stagedNode.getParent());
        Files.move(sidecar().resolve(B).resolve("staged-elsewhere"), stagedNode, StandardCopyOption.ATOMIC_MOVE);
        Files.createFile(metaDir("k").resolve(SidecarMetadataStore.PENDING + temp));
        assertServed(fresh(), "k", old, md5(old), OLD);
    }

    @Test
    void anIfNoneMatchPutKilledAfterItsLinkIsServedWithItsOwnAttributes() throws Exception {
        byte[] fresh = bytes("created if absent");
        posix.raceHooks(new RaceHooks() {
            @Override
            public void publishLink(Path source, Path target) throws IOException {
                RaceHooks.super.publishLink(source, target);
                Files.delete(source); // as the publication does next
                throw new Killed();
            }
        });
        assertThrows(
                Killed.class,
                () -> backend.putObject(
                        new PutObjectRequest(B, "c", NEW, null, ConditionalWriteTest.ifNoneMatchAny()),
                        Bodies.of(fresh, 7000)));
        assertServed(fresh(), "c", fresh, md5(fresh), NEW);
    }

    @Test
    void aCompleteKilledAfterItsDataRenameIsServedWithItsOwnAttributes() throws Exception {
        put("m", bytes("old bytes"), OLD);
        String id = backend.createMultipartUpload(B, "m", NEW);
        byte[] body = bytes("multipart body");
        Part p = backend.uploadPart(B, "m", id, 1, Bodies.of(body, 7000), null);
        String etag = Etags.multipart(List.of(p.etag()));
        killAtRenameOf("m", true);
        assertThrows(
                Killed.class,
                () -> backend.completeMultipartUpload(B, "m", id, List.of(new CompletedPart(1, p.etag()))));
        assertServed(fresh(), "m", body, etag, NEW);
    }

    @Test
    void aVersionedOverwriteKilledAfterItsDataRenameIsServedWithItsOwnAttributes() throws Exception {
        Path vdir = tmp.resolve("versions");
        Files.createDirectories(vdir);
        posix = new PosixBackend(root, options().withVersioningDir(vdir));
        backend = new BackendCalls(posix);
        backend.putBucketVersioning(B, "Enabled");
        byte[] old = bytes("old version");
        String v1 = backend.putObject(new PutObjectRequest(B, "v", OLD, null), Bodies.of(old, 7000))
                .versionId();
        byte[] fresh = bytes("new version's bytes");
        killAtRenameOf("v", true);
        assertThrows(Killed.class, () -> put("v", fresh, NEW));

        BackendCalls other = new BackendCalls(new PosixBackend(root, options().withVersioningDir(vdir)));
        ObjectInfo h = other.headObject(B, "v");
        assertEquals(md5(fresh), h.etag());
        assertEquals(NEW, h.attributes());
        assertNotNull(h.versionId());
        assertFalse(v1.equals(h.versionId()), "the new version's id, not the kept one's");
        ObjectInfo kept = posix.headObject(
                        new io.posixgw.core.model.GetObjectRequest(B, "v", null, null, false, false, null, v1))
                .info();
        assertEquals(md5(old), kept.etag());
        assertEquals(OLD, kept.attributes());
    }

    @Test
    void aWriterDeadBetweenItsRenamesMakesNoReaderWait() throws Exception {
        put("k", bytes("old bytes"), OLD);
        byte[] fresh = bytes("new bytes");
        killAtRenameOf("k", true);
        assertThrows(Killed.class, () -> put("k", fresh, NEW));
        long start = System.nanoTime();
        assertEquals(NEW, fresh().headObject(B, "k").attributes());
        assertTrue(System.nanoTime() - start < 500_000_000L, "served from the record, without waiting");
    }
}
