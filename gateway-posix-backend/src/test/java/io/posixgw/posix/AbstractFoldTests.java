package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.S3Error;
import io.posixgw.core.model.CompletedPart;
import io.posixgw.core.model.CopyObjectRequest;
import io.posixgw.core.model.ListObjectsRequest;
import io.posixgw.core.model.ListObjectsResult;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.Part;
import io.posixgw.testkit.Bodies;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keys a plain file tree cannot hold (issue 16 item 20): {@code p} with keys under {@code p/}, in
 * either order, and {@code p/} with data ({@link Folds}); in both metadata modes.
 */
abstract class AbstractFoldTests extends BackendTestBase {
    Path bucketDir() {
        return root.resolve(B);
    }

    private void assertObject(String key, String data, String contentType) throws IOException {
        assertArrayEquals(bytes(data), get(key), key);
        ObjectInfo h = backend.headObject(B, key);
        assertEquals(data.length(), h.size(), key);
        assertEquals(contentType, h.attributes().contentType(), key);
    }

    @Test
    void aKeyThenKeysUnderIt() throws Exception {
        put("foo/bar", bytes("bar"), attrs("text/bar", Map.of("m", "1")));
        put("foo/bar/xyzzy", bytes("xyzzy"), attrs("text/xyzzy", Map.of()));
        assertObject("foo/bar", "bar", "text/bar");
        assertEquals(
                Map.of("m", "1"), backend.headObject(B, "foo/bar").attributes().userMetadata());
        assertObject("foo/bar/xyzzy", "xyzzy", "text/xyzzy");
        assertTrue(Files.isRegularFile(Folds.self(bucketDir().resolve("foo/bar"))), "folded");
        assertEquals(List.of("foo/bar", "foo/bar/xyzzy"), allKeys("", 1000));
        assertEquals(0, tempFiles());
        assertFalse(Files.exists(bucketDir().resolve(".sgwtmp/fold").resolve(Fs.sha256Hex("foo/bar"))));
    }

    @Test
    void keysUnderAKeyThenTheKey() throws Exception {
        put("foo/bar/xyzzy", bytes("xyzzy"));
        put("foo/bar", bytes("bar"), attrs("text/bar", Map.of()));
        assertObject("foo/bar", "bar", "text/bar");
        assertArrayEquals(bytes("xyzzy"), get("foo/bar/xyzzy"));
        put("foo/bar", bytes("bar2"), attrs("text/bar2", Map.of())); // an overwrite of the folded key
        assertObject("foo/bar", "bar2", "text/bar2");
        assertEquals(List.of("foo/bar", "foo/bar/xyzzy"), allKeys("", 1000));
    }

    @Test
    void deepFoldsAndAKeyAboveAFile() throws Exception {
        put("a", bytes("a"));
        put("a/b", bytes("b"));
        put("a/b/c", bytes("c")); // folds a/b, itself in folded a
        assertArrayEquals(bytes("a"), get("a"));
        assertArrayEquals(bytes("b"), get("a/b"));
        assertArrayEquals(bytes("c"), get("a/b/c"));
        assertEquals(List.of("a", "a/b", "a/b/c"), allKeys("", 1));
    }

    @Test
    void deletingEitherSideAndUnfolding() throws Exception {
        put("p", bytes("p"), attrs("text/p", Map.of()));
        put("p/x", bytes("x"));
        backend.deleteObject(B, "p/x"); // the last key under p/: p is a plain file again
        assertTrue(Files.isRegularFile(bucketDir().resolve("p")), "unfolded");
        assertObject("p", "p", "text/p");
        assertEquals(List.of("p"), allKeys("", 1000));

        put("p/x", bytes("x"));
        backend.deleteObject(B, "p"); // the folded key itself
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.headObject(B, "p"));
        assertArrayEquals(bytes("x"), get("p/x"));
        assertEquals(List.of("p/x"), allKeys("", 1000));
        assertFalse(Files.exists(bucketDir().resolve("p/.sgwtmp")), "nothing left of the fold");
        backend.deleteObject(B, "p/x");
        assertFalse(Files.exists(bucketDir().resolve("p")), "pruned");
    }

    @Test
    void unfoldingAfterADeeperDelete() throws Exception {
        put("p", bytes("p"));
        put("p/q/r", bytes("r"));
        backend.deleteObject(B, "p/q/r");
        assertTrue(Files.isRegularFile(bucketDir().resolve("p")), "unfolded through the pruned p/q");
        assertArrayEquals(bytes("p"), get("p"));
    }

    @Test
    void aSlashKeyWithData() throws Exception {
        put("d/", bytes("slash data"), attrs("text/slash", Map.of()));
        assertObject("d/", "slash data", "text/slash");
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.headObject(B, "d"));
        put("d/e", bytes("e"));
        put("d", bytes("dee"));
        assertEquals(List.of("d", "d/", "d/e"), allKeys("", 1000));
        assertEquals(List.of("d", "d/", "d/e"), allKeys("", 1));
        put("d/", new byte[0]); // an empty body: versitygw's directory object again
        assertEquals(0, backend.headObject(B, "d/").size());
        assertFalse(Files.exists(Folds.slash(bucketDir().resolve("d"))));
        put("d/", bytes("again"));
        backend.deleteObject(B, "d/");
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.headObject(B, "d/"));
        backend.deleteObject(B, "d/e");
        assertTrue(Files.isRegularFile(bucketDir().resolve("d")), "only d is left: a plain file");
        assertArrayEquals(bytes("dee"), get("d"));
    }

    @Test
    void aSlashKeyWithDataOverAFile() throws Exception {
        put("f", bytes("file"));
        put("f/", bytes("slash"));
        assertArrayEquals(bytes("file"), get("f"));
        assertArrayEquals(bytes("slash"), get("f/"));
        backend.deleteObject(B, "f/");
        assertTrue(Files.isRegularFile(bucketDir().resolve("f")), "unfolded");
        put("g", bytes("g"));
        put("g/", new byte[0]); // a directory object beside the file
        assertEquals(List.of("f", "g", "g/"), allKeys("", 1000));
        backend.deleteObject(B, "g/");
        assertArrayEquals(bytes("g"), get("g"));
    }

    @Test
    void listingOrderDelimiterPrefixAndPaging() throws Exception {
        put("p", bytes("1"));
        put("p/a", bytes("2"));
        put("p-x", bytes("3"));
        put("p.y", bytes("4"));
        put("p/", bytes("5"));
        put("p/a/b", bytes("6"));
        put("q", bytes("7"));
        List<String> all = List.of("p", "p-x", "p.y", "p/", "p/a", "p/a/b", "q");
        assertEquals(all, allKeys("", 1000));
        for (int page = 1; page <= 3; page++) {
            assertEquals(all, allKeys("", page), "pages of " + page);
        }
        assertEquals(List.of("p", "p-x", "p.y", "p/", "p/a", "p/a/b"), allKeys("p", 2));
        assertEquals(List.of("p/", "p/a", "p/a/b"), allKeys("p/", 1));
        assertEquals(List.of("p/a", "p/a/b"), allKeys("p/a", 1000));

        ListObjectsResult top = backend.listObjects(new ListObjectsRequest(B, "", "/", null, 1000));
        assertEquals(List.of("p", "p-x", "p.y", "q"), keys(top));
        assertEquals(List.of("p/"), top.commonPrefixes());
        ListObjectsResult inP = backend.listObjects(new ListObjectsRequest(B, "p/", "/", null, 1000));
        assertEquals(List.of("p/", "p/a"), keys(inP));
        assertEquals(List.of("p/a/"), inP.commonPrefixes());
        ListObjectsResult dash = backend.listObjects(new ListObjectsRequest(B, "", "-", null, 1000));
        assertEquals(List.of("p", "p.y", "p/", "p/a", "p/a/b", "q"), keys(dash));
        assertEquals(List.of("p-"), dash.commonPrefixes());
        // paging through the roll-up
        List<String> seen = new ArrayList<>();
        String after = null;
        while (true) {
            ListObjectsResult r = backend.listObjects(new ListObjectsRequest(B, "", "/", after, 1));
            seen.addAll(keys(r));
            seen.addAll(r.commonPrefixes());
            if (!r.truncated()) {
                break;
            }
            after = r.nextAfter();
        }
        assertEquals(List.of("p", "p-x", "p.y", "p/", "q"), seen);
        ObjectInfo listed = top.objects().get(0);
        assertEquals(1, listed.size());
        assertEquals(backend.headObject(B, "p").etag(), listed.etag());
    }

    @Test
    void aPrefixHoldingOnlyFoldedDataIsACommonPrefix() throws Exception {
        put("r/s", bytes("s"));
        put("r/s/t", bytes("t"));
        backend.deleteObject(B, "r/s/t"); // r/s unfolded
        put("r/s/t", bytes("t"));
        backend.deleteObject(B, "r/s/t");
        ListObjectsResult top = backend.listObjects(new ListObjectsRequest(B, "", "/", null, 1000));
        assertEquals(List.of("r/"), top.commonPrefixes());
        put("u/", bytes("data"));
        ListObjectsResult again = backend.listObjects(new ListObjectsRequest(B, "", "/", null, 1000));
        assertEquals(List.of("r/", "u/"), again.commonPrefixes());
    }

    @Test
    void copyToAndFromFoldedKeys() throws Exception {
        put("src", bytes("source"), attrs("text/src", Map.of()));
        put("p", bytes("p"));
        put("p/x", bytes("x"));
        copy("p", "plain-copy");
        assertArrayEquals(bytes("p"), get("plain-copy"));
        copy("src", "p"); // onto the folded key
        assertObject("p", "source", "text/src");
        copy("src", "src/child"); // folds src
        assertArrayEquals(bytes("source"), get("src"));
        assertArrayEquals(bytes("source"), get("src/child"));
        copy("src", "slash/");
        assertArrayEquals(bytes("source"), get("slash/"));
        copy("slash/", "from-slash");
        assertArrayEquals(bytes("source"), get("from-slash"));
    }

    private void copy(String from, String to) throws IOException {
        backend.copyObject(new CopyObjectRequest(B, from, B, to, null, null));
    }

    @Test
    void multipartCompleteOntoFoldedKeys() throws Exception {
        put("m/x", bytes("x"));
        complete("m", "multi");
        assertArrayEquals(bytes("multi"), get("m"));
        assertArrayEquals(bytes("x"), get("m/x"));
        put("n", bytes("n"));
        complete("n/y", "under");
        assertArrayEquals(bytes("n"), get("n"));
        assertArrayEquals(bytes("under"), get("n/y"));
        complete("n/", "slash");
        assertArrayEquals(bytes("slash"), get("n/"));
        assertEquals(List.of("m", "m/x", "n", "n/", "n/y"), allKeys("", 1000));
    }

    /** S3 answers a Complete of an upload that is already the object with the same result; so do folded keys. */
    @Test
    void aRepeatedCompleteOntoAFoldedKeyAnswersTheSameResult() throws Exception {
        put("m/x", bytes("x"));
        put("n/y", bytes("y"));
        put("t", bytes("t"));
        for (String key : List.of("m", "n/", "t/u")) { // folded, with slash data, under a folded file
            String id = backend.createMultipartUpload(B, key, ObjectAttributes.EMPTY);
            Part p = backend.uploadPart(B, key, id, 1, Bodies.of(bytes("multi " + key), 7000), null);
            List<CompletedPart> parts = List.of(new CompletedPart(1, p.etag(), null));
            var first = backend.completeMultipartUpload(B, key, id, parts);
            var again = backend.completeMultipartUpload(B, key, id, parts);
            assertEquals(first.etag(), again.etag(), key);
            assertEquals(key, again.key());
            assertArrayEquals(bytes("multi " + key), get(key));
        }
        assertTrue(Files.isRegularFile(Folds.self(bucketDir().resolve("m"))), "m folded");
        assertTrue(Files.isRegularFile(Folds.slash(bucketDir().resolve("n"))), "n/ has data");
    }

    private void complete(String key, String data) throws IOException {
        String id = backend.createMultipartUpload(B, key, ObjectAttributes.EMPTY);
        Part p = backend.uploadPart(B, key, id, 1, Bodies.of(bytes(data), 7000), null);
        backend.completeMultipartUpload(B, key, id, List.of(new CompletedPart(1, p.etag(), null)));
    }

    @Test
    void taggingAndAclOfFoldedKeys() throws Exception {
        put("t", bytes("t"));
        put("t/u", bytes("u"));
        backend.putObjectTagging(B, "t", Map.of("k", "v"));
        assertEquals(Map.of("k", "v"), backend.getObjectTagging(B, "t"));
        assertEquals(Map.of(), backend.getObjectTagging(B, "t/u"));
        put("s/", bytes("slash"));
        backend.putObjectTagging(B, "s/", Map.of("a", "b"));
        assertEquals(Map.of("a", "b"), backend.getObjectTagging(B, "s/"));
        backend.deleteObject(B, "t/u"); // unfold: the tags go with the data
        assertEquals(Map.of("k", "v"), backend.getObjectTagging(B, "t"));
        put("t/u", bytes("u")); // fold again: still with it
        assertEquals(Map.of("k", "v"), backend.getObjectTagging(B, "t"));
    }

    @Test
    void aVolumeWithoutSuchKeysKeepsThePlainLayout() throws Exception {
        put("a/b", bytes("1"));
        put("c", bytes("2"));
        put("d/", new byte[0]);
        backend.deleteObject(B, "a/b");
        try (Stream<Path> s = Files.walk(bucketDir())) {
            List<String> names = s.map(p -> bucketDir().relativize(p).toString())
                    .filter(n -> !n.isEmpty() && !n.startsWith(".sgwtmp"))
                    .sorted()
                    .toList();
            assertEquals(List.of("c", "d"), names);
        }
        assertFalse(Files.exists(bucketDir().resolve(".sgwtmp/fold")));
    }

    /** ListObjectVersions of a bucket never versioned lists every key as its null version, folded ones too. */
    @Test
    void listObjectVersionsListsFoldedKeysAsNullVersions() throws Exception {
        posix = new PosixBackend(root, options().withVersioningDir(Files.createDirectories(tmp.resolve("versions"))));
        backend = new io.posixgw.testkit.BackendCalls(posix);
        put("f", bytes("f"));
        put("f/g", bytes("gg"));
        put("n/y", bytes("y"));
        put("n/", bytes("slash"));
        List<io.posixgw.core.model.ObjectVersion> all = backend.listObjectVersions(
                        new io.posixgw.core.model.ListVersionsRequest(B, "", null, null, null, 1000))
                .entries();
        assertEquals(
                List.of("f", "f/g", "n/", "n/y"), all.stream().map(v -> v.key()).toList());
        for (io.posixgw.core.model.ObjectVersion v : all) {
            assertTrue(v.latest() && !v.deleteMarker(), v.key());
            assertEquals(null, v.info().versionId(), v.key());
            assertEquals(backend.headObject(B, v.key()).etag(), v.info().etag(), v.key());
            assertEquals(backend.headObject(B, v.key()).size(), v.info().size(), v.key());
        }
        var delimited =
                backend.listObjectVersions(new io.posixgw.core.model.ListVersionsRequest(B, "", "/", null, null, 1000));
        assertEquals(
                List.of("f"), delimited.entries().stream().map(v -> v.key()).toList()); // n/ rolls up
        assertEquals(List.of("f/", "n/"), delimited.commonPrefixes());
        for (String prefix : List.of("f", "n/", "n")) {
            var page = backend.listObjectVersions(
                    new io.posixgw.core.model.ListVersionsRequest(B, prefix, null, null, null, 1000));
            assertEquals(
                    allKeys(prefix, 1000),
                    page.entries().stream().map(v -> v.key()).toList(),
                    prefix);
        }
        List<String> paged = new ArrayList<>();
        String marker = null;
        String idMarker = null;
        for (int pages = 0; pages < 10; pages++) {
            var page = backend.listObjectVersions(
                    new io.posixgw.core.model.ListVersionsRequest(B, "", null, marker, idMarker, 1));
            page.entries().forEach(v -> paged.add(v.key()));
            if (!page.truncated()) {
                break;
            }
            marker = page.nextKey();
            idMarker = page.nextId();
        }
        assertEquals(List.of("f", "f/g", "n/", "n/y"), paged);
    }

    @Test
    void versionedBucketsRefuseFoldedKeysClearly() throws Exception {
        put("v", bytes("v"));
        posix = new PosixBackend(root, options().withVersioningDir(Files.createDirectories(tmp.resolve("versions"))));
        backend = new io.posixgw.testkit.BackendCalls(posix);
        put("f", bytes("f"));
        put("f/g", bytes("g")); // folded before versioning is enabled
        backend.putBucketVersioning(B, "Enabled");
        assertS3(S3Error.NOT_IMPLEMENTED, () -> put("v/w", bytes("w")));
        assertS3(S3Error.NOT_IMPLEMENTED, () -> put("z/", bytes("w")));
        assertS3(S3Error.NOT_IMPLEMENTED, () -> put("f", bytes("new f")));
        assertS3(S3Error.NOT_IMPLEMENTED, () -> backend.deleteObject(B, "f"));
        assertArrayEquals(bytes("v"), get("v"));
        assertArrayEquals(bytes("f"), get("f")); // still read as it was
        assertEquals(0, tempFiles());
    }

    // ---- kills between the steps ----

    /** A kill after {@code step}: the fold or unfold stops there, its lock released with the "process". */
    private void killAt(String step) {
        posix.foldHooks(new Folds.Hooks() {
            @Override
            public void step(String name) throws IOException {
                if (name.equals(step)) {
                    throw new Killed(name);
                }
            }
        });
    }

    static final class Killed extends IOException {
        Killed(String at) {
            super("killed after " + at);
        }
    }

    private void runKilled(String step, IoRun r) throws Exception {
        killAt(step);
        try {
            r.run();
        } catch (Killed expected) {
            // the kill
        } catch (IOException e) {
            if (!(e.getCause() instanceof Killed)) {
                throw e;
            }
        } finally {
            posix.foldHooks(Folds.Hooks.NONE);
        }
    }

    interface IoRun {
        void run() throws Exception;
    }

    @Test
    void aKilledFoldLeavesTheObjectReadableAndTheSweepFinishesIt() throws Exception {
        for (String step : List.of("fold:key", "fold:out", "fold:in")) {
            String k = "k-" + step.replace(':', '-');
            put(k, bytes("old " + k), attrs("text/old", Map.of()));
            runKilled(step, () -> put(k + "/child", bytes("c")));
            assertObject(k, "old " + k, "text/old");
            posix.sweepStaleTemps(Duration.ofHours(1));
            assertObject(k, "old " + k, "text/old");
            assertFalse(Files.exists(Folds.transitDir(bucketDir(), k)), step + ": settled");
            put(k + "/child", bytes("c")); // and the write that was killed goes through now
            assertArrayEquals(bytes("c"), get(k + "/child"));
            assertObject(k, "old " + k, "text/old");
            assertTrue(allKeys("", 1000).contains(k), step);
        }
    }

    @Test
    void listObjectVersionsListsAKeyAKillLeftInTransit() throws Exception {
        posix = new PosixBackend(root, options().withVersioningDir(Files.createDirectories(tmp.resolve("versions"))));
        backend = new io.posixgw.testkit.BackendCalls(posix);
        for (String step :
                List.of("fold:key", "fold:out", "fold:in", "unfold:key", "unfold:out", "unfold:dir", "link")) {
            String k = "k-" + step.replace(':', '-');
            put(k, bytes("old " + k));
            if (step.startsWith("fold")) {
                runKilled(step, () -> put(k + "/child", bytes("c")));
            } else {
                put(k + "/child", bytes("c"));
                runKilled(step, () -> backend.deleteObject(B, k + "/child"));
            }
            List<String> keys = backend
                    .listObjectVersions(new io.posixgw.core.model.ListVersionsRequest(B, k, null, null, null, 1000))
                    .entries()
                    .stream()
                    .map(v -> v.key())
                    .toList();
            assertTrue(keys.contains(k), step + ": " + keys);
        }
    }

    @Test
    void aKilledUnfoldLeavesTheObjectReadableAndTheSweepFinishesIt() throws Exception {
        for (String step : List.of("unfold:key", "unfold:out", "unfold:dir", "link", "unfold:in")) {
            String k = "u-" + step.replace(':', '-');
            put(k, bytes("old " + k), attrs("text/old", Map.of()));
            put(k + "/child", bytes("c"));
            runKilled(step, () -> backend.deleteObject(B, k + "/child"));
            if (sidecar() != null && step.equals("link")) {
                // killed between the data's link and its attributes' move: the bytes without their
                // attributes until the sweep, as any sidecar write killed between its two renames
                assertArrayEquals(bytes("old " + k), get(k));
            } else {
                assertObject(k, "old " + k, "text/old");
            }
            assertEquals(List.of(k), allKeys(k, 1000), step);
            posix.sweepStaleTemps(Duration.ofHours(1));
            assertObject(k, "old " + k, "text/old");
            assertFalse(Files.exists(Folds.transitDir(bucketDir(), k)), step + ": settled");
            assertTrue(Files.isRegularFile(bucketDir().resolve(k)), step + ": unfolded");
        }
    }

    @Test
    void aDeleteAfterAKilledFoldRemovesTheObjectInTransit() throws Exception {
        put("gone", bytes("x"));
        runKilled("fold:out", () -> put("gone/child", bytes("c")));
        assertArrayEquals(bytes("x"), get("gone")); // from the transit file
        backend.deleteObject(B, "gone");
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.headObject(B, "gone"));
        posix.sweepStaleTemps(Duration.ofHours(1));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.headObject(B, "gone"));
    }

    @Test
    void aNewerPlainWriteWinsOverAKilledFold() throws Exception {
        put("w", bytes("old"));
        runKilled("fold:out", () -> put("w/child", bytes("c")));
        put("w", bytes("new")); // a plain PUT: p is free
        assertArrayEquals(bytes("new"), get("w"));
        posix.sweepStaleTemps(Duration.ofHours(1));
        assertArrayEquals(bytes("new"), get("w"));
        backend.deleteObject(B, "w");
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.headObject(B, "w"));
    }

    @Test
    void twoGatewaysFoldAndUnfoldWhileReadersReadWholeObjects() throws Exception {
        race(false);
    }

    /**
     * The same with a third writer putting and deleting {@code p/} with data, and a lister on the
     * second gateway: {@code p} is read whole and listed throughout.
     */
    @Test
    void twoGatewaysFoldUnfoldAndSlashWritersWhileReadersAndListersRun() throws Exception {
        race(true);
    }

    private void race(boolean all) throws Exception {
        PosixBackend other = new PosixBackend(root, options()); // another gateway on the same root
        io.posixgw.testkit.BackendCalls b2 = new io.posixgw.testkit.BackendCalls(other);
        byte[] p = random(3000, 1);
        put("p", p, attrs("text/p", Map.of()));
        long start = System.nanoTime();
        java.util.concurrent.atomic.AtomicReference<Throwable> failed =
                new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicInteger cycles = new java.util.concurrent.atomic.AtomicInteger();
        // 3 s, longer on a loaded machine until enough folds and unfolds ran (20 s at most)
        java.util.function.BooleanSupplier until = () -> {
            long ran = System.nanoTime() - start;
            return (ran < Duration.ofSeconds(3).toNanos() || cycles.get() < 10)
                    && ran < Duration.ofSeconds(20).toNanos();
        };
        java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        threads.add(new Thread(() -> run("fold-unfold", failed, until, () -> {
            backend.putObject(
                    new io.posixgw.core.model.PutObjectRequest(B, "p/x", ObjectAttributes.EMPTY, null),
                    Bodies.of(bytes("x"), 7000));
            b2.deleteObject(B, "p/x"); // unfolds p, in the other gateway
            cycles.incrementAndGet();
        })));
        if (all)
            threads.add(new Thread(() -> run("slash", failed, until, () -> {
                b2.putObject(
                        new io.posixgw.core.model.PutObjectRequest(B, "p/", ObjectAttributes.EMPTY, null),
                        Bodies.of(bytes("slash"), 7000));
                backend.deleteObject(B, "p/");
                b2.putObject( // the directory object p/: its attributes never land on p's file
                        new io.posixgw.core.model.PutObjectRequest(B, "p/", ObjectAttributes.EMPTY, null),
                        Bodies.of(new byte[0], 7000));
                backend.deleteObject(B, "p/");
            })));
        for (io.posixgw.testkit.BackendCalls reader : List.of(backend, b2)) {
            threads.add(new Thread(() -> run("reader", failed, until, () -> {
                try (io.posixgw.core.backend.ObjectContent c = reader.getObject(B, "p")) {
                    assertArrayEquals(p, readAll(c), "a whole object, never another's bytes");
                    if (sidecar() == null) {
                        // sidecar mode: a reader in the other gateway can meet the data a moment
                        // before its attributes (two renames, as for any sidecar publication)
                        assertEquals("text/p", c.info().attributes().contentType());
                    }
                }
                assertEquals(p.length, reader.headObject(B, "p").size());
                reads.incrementAndGet();
            })));
        }
        if (all)
            threads.add(new Thread(() -> run("lister", failed, until, () -> {
                ListObjectsResult r = b2.listObjects(new ListObjectsRequest(B, "", "/", null, 1000));
                assertTrue(
                        !r.objects().isEmpty() && r.objects().get(0).key().equals("p"),
                        "p is listed throughout: " + keys(r) + " " + r.commonPrefixes());
            })));
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        if (failed.get() != null) {
            throw new AssertionError("after " + cycles.get() + " cycles, " + reads.get() + " reads", failed.get());
        }
        assertTrue(cycles.get() > 5, "cycles: " + cycles.get());
        assertArrayEquals(p, get("p"));
        assertEquals("text/p", backend.headObject(B, "p").attributes().contentType(), "its attributes at rest");
        assertEquals(List.of("p"), allKeys("", 1000));
        assertTrue(Files.isRegularFile(bucketDir().resolve("p")), "unfolded at the end");
    }

    private static void run(
            String name,
            java.util.concurrent.atomic.AtomicReference<Throwable> failed,
            java.util.function.BooleanSupplier until,
            IoRun step) {
        while (until.getAsBoolean() && failed.get() == null) {
            try {
                step.run();
            } catch (Throwable t) {
                failed.compareAndSet(null, new AssertionError(name + ": " + t, t));
            }
        }
    }

    static List<String> keys(ListObjectsResult r) {
        return r.objects().stream().map(ObjectInfo::key).toList();
    }
}
