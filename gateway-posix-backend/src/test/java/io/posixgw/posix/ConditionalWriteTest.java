package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.Preconditions;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.core.model.PutObjectResult;
import io.posixgw.testkit.Bodies;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** If-None-Match: * and If-Match on PutObject (alone and raced), CompleteMultipartUpload, CopyObject; If-Match on DeleteObject. */
class ConditionalWriteTest extends BackendTestBase {
    PutObjectResult cput(String key, byte[] data, Preconditions c) throws Exception {
        return backend.putObject(new PutObjectRequest(B, key, ObjectAttributes.EMPTY, null, c), Bodies.of(data));
    }

    static Preconditions ifNoneMatchAny() {
        return new Preconditions(null, "*", null, null);
    }

    static Preconditions ifMatch(String etag) {
        return new Preconditions(etag, null, null, null);
    }

    @Test
    void ifNoneMatchCreatesOnlyWhenAbsent() throws Exception {
        cput("a/new", bytes("one"), ifNoneMatchAny());
        assertS3(S3Error.PRECONDITION_FAILED, () -> cput("a/new", bytes("two"), ifNoneMatchAny()));
        assertArrayEquals(bytes("one"), get("a/new"));
        assertEquals(0, tempFiles());
        // an empty prefix directory is no object
        cput("p/q/r", bytes("x"), Preconditions.NONE);
        backend.deleteObject(B, "p/q/r");
        cput("p/q", bytes("file"), ifNoneMatchAny());
        assertArrayEquals(bytes("file"), get("p/q"));
    }

    @Test
    void ifMatchReplacesOnlyTheExpectedVersion() throws Exception {
        String first = cput("k", bytes("v1"), Preconditions.NONE).etag();
        assertS3(S3Error.NO_SUCH_KEY, () -> cput("absent", bytes("x"), ifMatch(first)));
        assertS3(S3Error.PRECONDITION_FAILED, () -> cput("k", bytes("v2"), ifMatch("\"0123\"")));
        String second = cput("k", bytes("v2"), ifMatch(first)).etag();
        assertArrayEquals(bytes("v2"), get("k"));
        assertS3(S3Error.PRECONDITION_FAILED, () -> cput("k", bytes("v3"), ifMatch(first)));
        cput("k", bytes("v3"), ifMatch(second));
        assertArrayEquals(bytes("v3"), get("k"));
        assertEquals(0, tempFiles());
    }

    @Test
    void completeMultipartUploadHonoursTheConditionAndKeepsTheUploadWhenItFails() throws Exception {
        String existing = cput("mp", bytes("old"), Preconditions.NONE).etag();
        String id = backend.createMultipartUpload(B, "mp", ObjectAttributes.EMPTY);
        io.posixgw.core.model.Part p1 = backend.uploadPart(B, "mp", id, 1, Bodies.of(bytes("new")), null);
        List<io.posixgw.core.model.CompletedPart> parts =
                List.of(new io.posixgw.core.model.CompletedPart(1, p1.etag()));

        assertS3(S3Error.PRECONDITION_FAILED, () -> complete("mp", id, parts, ifNoneMatchAny()));
        assertS3(S3Error.PRECONDITION_FAILED, () -> complete("mp", id, parts, ifMatch("\"0123\"")));
        String absent = backend.createMultipartUpload(B, "absent", ObjectAttributes.EMPTY);
        io.posixgw.core.model.Part a1 = backend.uploadPart(B, "absent", absent, 1, Bodies.of(bytes("a")), null);
        assertS3(
                S3Error.NO_SUCH_KEY,
                () -> complete(
                        "absent",
                        absent,
                        List.of(new io.posixgw.core.model.CompletedPart(1, a1.etag())),
                        ifMatch(existing)));
        assertArrayEquals(bytes("old"), get("mp"));
        assertEquals(
                1,
                backend.listParts(B, "mp", id, 0, 1000).parts().size(),
                "the upload is intact after a failed condition");

        complete("mp", id, parts, ifMatch(existing));
        assertArrayEquals(bytes("new"), get("mp"));
        assertEquals(0, tempFiles());

        String fresh = backend.createMultipartUpload(B, "mp-new", ObjectAttributes.EMPTY);
        io.posixgw.core.model.Part f1 = backend.uploadPart(B, "mp-new", fresh, 1, Bodies.of(bytes("first")), null);
        complete("mp-new", fresh, List.of(new io.posixgw.core.model.CompletedPart(1, f1.etag())), ifNoneMatchAny());
        assertArrayEquals(bytes("first"), get("mp-new"));
    }

    private void complete(String key, String id, List<io.posixgw.core.model.CompletedPart> parts, Preconditions c)
            throws Exception {
        backend.completeMultipartUpload(
                B, key, id, parts, new io.posixgw.core.model.CompleteChecks(null, null, null, c));
    }

    @Test
    void copyObjectHonoursTheConditionOnItsDestination() throws Exception {
        cput("src", bytes("source"), Preconditions.NONE);
        String dst = cput("dst", bytes("before"), Preconditions.NONE).etag();
        assertS3(S3Error.PRECONDITION_FAILED, () -> copy("dst", ifNoneMatchAny()));
        assertS3(S3Error.PRECONDITION_FAILED, () -> copy("dst", ifMatch("\"0123\"")));
        assertS3(S3Error.NO_SUCH_KEY, () -> copy("absent", ifMatch(dst)));
        assertArrayEquals(bytes("before"), get("dst"));
        copy("dst", ifMatch(dst));
        assertArrayEquals(bytes("source"), get("dst"));
        copy("created", ifNoneMatchAny());
        assertArrayEquals(bytes("source"), get("created"));
        assertS3(S3Error.NOT_IMPLEMENTED, () -> copy("dir/", ifNoneMatchAny()));
        assertEquals(0, tempFiles());
    }

    private void copy(String key, Preconditions c) throws Exception {
        backend.copyObject(new io.posixgw.core.model.CopyObjectRequest(B, "src", B, key, null, null, null, c));
    }

    @Test
    void conditionalDeleteRemovesOnlyTheExpectedVersion() throws Exception {
        String etag = cput("del", bytes("v1"), Preconditions.NONE).etag();
        assertS3(S3Error.PRECONDITION_FAILED, () -> backend.deleteObject(B, "del", ifMatch("\"0123\"")));
        assertArrayEquals(bytes("v1"), get("del"));
        assertS3(S3Error.NO_SUCH_KEY, () -> backend.deleteObject(B, "absent", ifMatch("*")));
        assertS3(S3Error.NOT_IMPLEMENTED, () -> backend.deleteObject(B, "del", ifNoneMatchAny()));
        assertS3(S3Error.NO_SUCH_BUCKET, () -> backend.deleteObject("no-such-bucket", "k", ifMatch("*")));
        backend.deleteObject(B, "del", ifMatch(etag));
        assertS3(S3Error.NO_SUCH_KEY, () -> get("del"));
    }

    @Test
    void racingCreatorsExactlyOneWins() throws Exception {
        int writers = 12;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        CyclicBarrier start = new CyclicBarrier(writers);
        List<Future<Boolean>> results = new ArrayList<>();
        for (int i = 0; i < writers; i++) {
            byte[] data = random(4096, i);
            results.add(pool.submit(() -> {
                start.await();
                try {
                    cput("race/once", data, ifNoneMatchAny());
                    return true;
                } catch (S3Exception e) {
                    assertEquals(S3Error.PRECONDITION_FAILED, e.error());
                    return false;
                }
            }));
        }
        int winners = 0;
        for (Future<Boolean> f : results) {
            winners += f.get() ? 1 : 0;
        }
        pool.shutdown();
        assertEquals(1, winners);
        assertEquals(0, tempFiles());
    }

    @Test
    void racingIfMatchWritersSerialise() throws Exception {
        String base = cput("cas", bytes("base"), Preconditions.NONE).etag();
        int writers = 8;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        CyclicBarrier start = new CyclicBarrier(writers);
        List<Future<Boolean>> results = new ArrayList<>();
        for (int i = 0; i < writers; i++) {
            byte[] data = bytes("writer-" + i);
            results.add(pool.submit(() -> {
                start.await();
                try {
                    cput("cas", data, ifMatch(base));
                    return true;
                } catch (S3Exception e) {
                    assertEquals(S3Error.PRECONDITION_FAILED, e.error());
                    return false;
                }
            }));
        }
        int winners = 0;
        for (Future<Boolean> f : results) {
            winners += f.get() ? 1 : 0;
        }
        pool.shutdown();
        assertEquals(1, winners, "compare-and-swap: one writer replaces the base version");
    }
}
