package io.posixgw.testkit.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.S3Error;
import io.posixgw.core.backend.ObjectContent;
import io.posixgw.core.backend.ObjectHead;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.checksum.ChecksumType;
import io.posixgw.core.checksum.MultipartChecksum;
import io.posixgw.core.http.ByteRange;
import io.posixgw.core.model.CompleteChecks;
import io.posixgw.core.model.CompleteMultipartResult;
import io.posixgw.core.model.CompletedPart;
import io.posixgw.core.model.Etags;
import io.posixgw.core.model.GetObjectRequest;
import io.posixgw.core.model.ListMultipartUploadsRequest;
import io.posixgw.core.model.ListMultipartUploadsResult;
import io.posixgw.core.model.ListPartsResult;
import io.posixgw.core.model.MultipartUpload;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.Part;
import io.posixgw.core.model.UploadOrigin;
import io.posixgw.testkit.BackendCalls;
import io.posixgw.testkit.Bodies;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Multipart behaviour every backend keeps. */
public abstract class MultipartContract extends BackendContract {
    protected static final int MIB = 1 << 20;

    /** After a Complete or an Abort: nothing of the upload (its parts, its record) is left in the store. */
    protected void assertNoUploadLeft(String key) throws IOException {}

    protected Part part(String key, String id, int n, byte[] data) throws Exception {
        return backend.uploadPart(B, key, id, n, Bodies.of(data, 1 << 16), null);
    }

    /** A part sent with its {@code algorithm} checksum, as a client of a checksum upload sends it. */
    protected Part checksummedPart(String key, String id, int n, byte[] data, ChecksumAlgorithm algorithm)
            throws Exception {
        return backend.uploadPart(
                B, key, id, n, Bodies.of(data, 1 << 16, Map.of(algorithm.name(), crc(algorithm, data))), null);
    }

    protected static List<CompletedPart> completed(Part... parts) {
        List<CompletedPart> l = new ArrayList<>();
        for (Part p : parts) {
            l.add(new CompletedPart(p.partNumber(), p.etag()));
        }
        return l;
    }

    @Test
    void partContentMd5MismatchStoresNothing() throws Exception {
        String id = backend.createMultipartUpload(B, "md5", ObjectAttributes.EMPTY);
        byte[] data = random(1024, 7);
        byte[] wrong = Etags.newMd5().digest(new byte[] {1});
        assertS3(S3Error.BAD_DIGEST, () -> backend.uploadPart(B, "md5", id, 1, Bodies.of(data), wrong));
        assertEquals(0, backend.listParts(B, "md5", id, 0, 1000).parts().size());
        assertNoLeftovers();
        Part ok = backend.uploadPart(
                B, "md5", id, 1, Bodies.of(data), Etags.newMd5().digest(data));
        assertEquals(Etags.fromMd5(Etags.newMd5().digest(data)), ok.etag());
    }

    @Test
    void threePartsAssembleExactly() throws Exception {
        ObjectAttributes a = attrs("video/mp4", Map.of("origin", "mp"));
        String id = backend.createMultipartUpload(B, "movies/clip.mp4", a);
        byte[] p1 = random(5 * MIB, 1);
        byte[] p2 = random(5 * MIB, 2);
        byte[] p3 = random(1024, 3);
        Part r1 = part("movies/clip.mp4", id, 1, p1);
        Part r2 = part("movies/clip.mp4", id, 2, p2);
        Part r3 = part("movies/clip.mp4", id, 3, p3);
        assertEquals(Etags.fromMd5(Etags.newMd5().digest(p2)), r2.etag());
        assertEquals(5 * MIB, r2.size());
        CompleteMultipartResult c = backend.completeMultipartUpload(B, "movies/clip.mp4", id, completed(r1, r2, r3));
        String expected = Etags.multipart(List.of(r1.etag(), r2.etag(), r3.etag()));
        assertEquals(expected, c.etag());
        assertTrue(c.etag().endsWith("-3\""));
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        all.write(p1);
        all.write(p2);
        all.write(p3);
        assertArrayEquals(all.toByteArray(), get("movies/clip.mp4"));
        ObjectInfo h = backend.headObject(B, "movies/clip.mp4");
        assertEquals(3, h.partsCount());
        assertEquals(expected, h.etag());
        assertEquals(a, h.attributes());
        assertArrayEquals(new long[] {5L * MIB, 10L * MIB, 10L * MIB + 1024}, backend.partEnds(B, "movies/clip.mp4"));
        assertNoUploadLeft("movies/clip.mp4");
        assertNoLeftovers();
    }

    @Test
    void checksumUploadKeepsPartChecksumsAcrossGatewaysAndComposesTheObjectChecksum() throws Exception {
        MultipartChecksum spec = new MultipartChecksum(ChecksumAlgorithm.CRC32C, ChecksumType.COMPOSITE);
        String id = backend.createMultipartUpload(B, "ck", ObjectAttributes.EMPTY, spec);
        byte[] p1 = random(5 * MIB, 11);
        byte[] p2 = random(100, 12);
        assertS3(S3Error.INVALID_REQUEST, () -> backend.uploadPart(B, "ck", id, 1, Bodies.of(p1), null));
        assertS3(
                S3Error.INVALID_REQUEST,
                () -> backend.uploadPart(
                        B,
                        "ck",
                        id,
                        1,
                        Bodies.of(p1, 1 << 16, Map.of("CRC32", crc(ChecksumAlgorithm.CRC32, p1))),
                        null));
        assertNoLeftovers();
        Part r1 = checksummedPart("ck", id, 1, p1, ChecksumAlgorithm.CRC32C);
        Part r2 = checksummedPart("ck", id, 2, p2, ChecksumAlgorithm.CRC32C);
        assertEquals(Map.of("CRC32C", crc(ChecksumAlgorithm.CRC32C, p1)), r1.checksums());

        // another gateway over the same root sees the upload's algorithm and the part checksums
        BackendCalls other = secondGateway();
        ListPartsResult listed = other.listParts(B, "ck", id, 0, 1000);
        assertEquals(spec, listed.checksum());
        assertEquals(r2.checksums(), listed.parts().get(1).checksums());

        List<CompletedPart> named = List.of(
                new CompletedPart(1, r1.etag(), r1.checksums()), new CompletedPart(2, r2.etag(), r2.checksums()));
        CompleteMultipartResult done = other.completeMultipartUpload(B, "ck", id, named, CompleteChecks.NONE);
        String expected = spec.combine(
                List.of(r1.checksums().get("CRC32C"), r2.checksums().get("CRC32C")), List.of((long) p1.length, 100L));
        assertEquals(Map.of("CRC32C", expected), done.checksums());
        assertEquals(ChecksumType.COMPOSITE, done.checksumType());
        ObjectInfo head = backend.headObject(B, "ck");
        assertEquals(Map.of("CRC32C", expected), head.checksums());
        assertEquals(ChecksumType.COMPOSITE, head.checksumType());
    }

    @Test
    void aCopyOfACompositeChecksumObjectGetsAWholeObjectChecksumOfTheSameAlgorithm() throws Exception {
        MultipartChecksum spec = new MultipartChecksum(ChecksumAlgorithm.CRC32C, ChecksumType.COMPOSITE);
        String id = backend.createMultipartUpload(B, "comp", ObjectAttributes.EMPTY, spec);
        byte[] p1 = random(5 * MIB, 13);
        byte[] p2 = random(100, 14);
        Part r1 = checksummedPart("comp", id, 1, p1, ChecksumAlgorithm.CRC32C);
        Part r2 = checksummedPart("comp", id, 2, p2, ChecksumAlgorithm.CRC32C);
        backend.completeMultipartUpload(
                B,
                "comp",
                id,
                List.of(
                        new CompletedPart(1, r1.etag(), r1.checksums()),
                        new CompletedPart(2, r2.etag(), r2.checksums())),
                CompleteChecks.NONE);
        byte[] whole = new byte[p1.length + p2.length];
        System.arraycopy(p1, 0, whole, 0, p1.length);
        System.arraycopy(p2, 0, whole, p1.length, p2.length);

        var copied =
                backend.copyObject(new io.posixgw.core.model.CopyObjectRequest(B, "comp", B, "comp-copy", null, null));
        assertEquals(Map.of("CRC32C", crc(ChecksumAlgorithm.CRC32C, whole)), copied.checksums());
        ObjectInfo head = backend.headObject(B, "comp-copy");
        assertEquals(copied.checksums(), head.checksums());
        assertEquals(ChecksumType.FULL_OBJECT, head.checksumType());
    }

    @Test
    void aPartUploadedThroughAnotherGatewayWhileACompleteClaimsTheUploadKeepsItsEtag() throws Exception {
        // the part's two renames (sidecar: data, then attributes) must not straddle the claim and its rollback
        BackendCalls other = secondGateway();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 60; round++) {
                String key = "race" + round;
                String id = backend.createMultipartUpload(B, key, ObjectAttributes.EMPTY);
                byte[] data = random(3000, round);
                String etag = Etags.fromMd5(Etags.newMd5().digest(data));
                CyclicBarrier start = new CyclicBarrier(2);
                Future<Part> upload = pool.submit(() -> {
                    start.await();
                    return other.uploadPart(B, key, id, 2, Bodies.of(data), null);
                });
                Future<Boolean> complete = pool.submit(() -> {
                    start.await();
                    try {
                        backend.completeMultipartUpload(
                                B, key, id, List.of(new CompletedPart(2, etag, Map.of())), CompleteChecks.NONE);
                        return true;
                    } catch (io.posixgw.core.S3Exception e) {
                        return false; // InvalidPart: it came before the part
                    }
                });
                Part uploaded;
                try {
                    uploaded = upload.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    assertTrue(complete.get(), "a part refused only after a Complete that succeeded: " + e.getCause());
                    continue;
                }
                if (complete.get()) {
                    assertArrayEquals(data, get(key));
                } else {
                    ListPartsResult parts = backend.listParts(B, key, id, 0, 10);
                    assertEquals(1, parts.parts().size(), key);
                    assertEquals(
                            uploaded.etag(),
                            parts.parts().get(0).etag(),
                            key + ": an acknowledged part keeps its ETag");
                    backend.completeMultipartUpload(
                            B, key, id, List.of(new CompletedPart(2, etag, Map.of())), CompleteChecks.NONE);
                    assertArrayEquals(data, get(key));
                }
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void completeValidatesTheList() throws Exception {
        String id = backend.createMultipartUpload(B, "v", ObjectAttributes.EMPTY);
        Part small = part("v", id, 1, random(1000, 4));
        Part last = part("v", id, 2, random(1000, 5));
        assertS3(S3Error.MALFORMED_XML, () -> backend.completeMultipartUpload(B, "v", id, List.of()));
        assertS3(S3Error.INVALID_PART_ORDER, () -> backend.completeMultipartUpload(B, "v", id, completed(last, small)));
        assertS3(
                S3Error.INVALID_PART,
                () -> backend.completeMultipartUpload(
                        B, "v", id, List.of(new CompletedPart(1, "\"0123456789abcdef0123456789abcdef\""))));
        assertS3(
                S3Error.INVALID_PART,
                () -> backend.completeMultipartUpload(B, "v", id, List.of(new CompletedPart(7, small.etag()))));
        assertS3(S3Error.ENTITY_TOO_SMALL, () -> backend.completeMultipartUpload(B, "v", id, completed(small, last)));
        // the upload survives failed Completes
        CompleteMultipartResult ok = backend.completeMultipartUpload(B, "v", id, completed(last));
        assertEquals(Etags.multipart(List.of(last.etag())), ok.etag());
    }

    @Test
    void reuploadingAPartReplacesIt() throws Exception {
        String id = backend.createMultipartUpload(B, "r", ObjectAttributes.EMPTY);
        part("r", id, 1, bytes("first"));
        Part second = part("r", id, 1, bytes("second!"));
        ListPartsResult lp = backend.listParts(B, "r", id, 0, 100);
        assertEquals(1, lp.parts().size());
        assertEquals(second.etag(), lp.parts().get(0).etag());
        assertEquals(7, lp.parts().get(0).size());
        backend.completeMultipartUpload(B, "r", id, completed(second));
        assertArrayEquals(bytes("second!"), get("r"));
    }

    @Test
    void uploadAfterAbortIsNoSuchUploadAndLeavesNothing() throws Exception {
        String id = backend.createMultipartUpload(B, "ab", ObjectAttributes.EMPTY);
        part("ab", id, 1, bytes("p"));
        backend.abortMultipartUpload(B, "ab", id);
        assertS3(S3Error.NO_SUCH_UPLOAD, () -> part("ab", id, 2, random(10_000, 8)));
        assertS3(S3Error.NO_SUCH_UPLOAD, () -> backend.abortMultipartUpload(B, "ab", id));
        assertS3(S3Error.NO_SUCH_UPLOAD, () -> backend.listParts(B, "ab", id, 0, 10));
        assertS3(
                S3Error.NO_SUCH_UPLOAD,
                () -> backend.completeMultipartUpload(B, "ab", id, List.of(new CompletedPart(1, "\"00\""))));
        assertS3(S3Error.NO_SUCH_UPLOAD, () -> part("ab", "../../../etc", 1, bytes("x")));
        assertNoLeftovers();
        assertNoUploadLeft("ab");
    }

    @Test
    void concurrentCompletesBothAnswerTheSameEtag() throws Exception {
        String id = backend.createMultipartUpload(B, "race", ObjectAttributes.EMPTY);
        Part p1 = part("race", id, 1, random(5 * MIB, 10));
        Part p2 = part("race", id, 2, random(3 * MIB, 11));
        List<CompletedPart> list = completed(p1, p2);
        int n = 4;
        CyclicBarrier start = new CyclicBarrier(n);
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<String>> fs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Callable<String> c = () -> {
                    start.await();
                    return backend.completeMultipartUpload(B, "race", id, list).etag();
                };
                fs.add(pool.submit(c));
            }
            String expected = Etags.multipart(List.of(p1.etag(), p2.etag()));
            for (Future<String> f : fs) {
                assertEquals(expected, f.get());
            }
        } finally {
            pool.shutdown();
        }
        assertEquals(8 * MIB, backend.headObject(B, "race").size());
    }

    @Test
    void repeatedCompleteAnswersTheSameEtag() throws Exception {
        String id = backend.createMultipartUpload(B, "rep", ObjectAttributes.EMPTY);
        Part p = part("rep", id, 1, bytes("only part"));
        String first =
                backend.completeMultipartUpload(B, "rep", id, completed(p)).etag();
        assertEquals(
                first,
                backend.completeMultipartUpload(B, "rep", id, completed(p)).etag());
        // another part list is not this completed upload
        assertS3(
                S3Error.NO_SUCH_UPLOAD,
                () -> backend.completeMultipartUpload(
                        B, "rep", id, List.of(new CompletedPart(1, "\"0123456789abcdef0123456789abcdef\""))));
        // an unknown upload is not either
        String other = backend.createMultipartUpload(B, "elsewhere", ObjectAttributes.EMPTY);
        backend.abortMultipartUpload(B, "elsewhere", other);
        assertS3(S3Error.NO_SUCH_UPLOAD, () -> backend.completeMultipartUpload(B, "rep", other, completed(p)));
        // once overwritten by a PUT the upload is gone
        put("rep", bytes("plain"));
        assertS3(S3Error.NO_SUCH_UPLOAD, () -> backend.completeMultipartUpload(B, "rep", id, completed(p)));
    }

    @Test
    void listUploadsInKeyOrderWithPagingPrefixAndDelimiter() throws Exception {
        List<String> ids = new ArrayList<>();
        for (String k : List.of("b/2", "a", "b/1", "c", "a")) {
            ids.add(backend.createMultipartUpload(B, k, ObjectAttributes.EMPTY));
            Thread.sleep(2);
        }
        ListMultipartUploadsResult all =
                backend.listMultipartUploads(new ListMultipartUploadsRequest(B, null, null, null, null, 1000));
        List<String> order = new ArrayList<>();
        for (MultipartUpload u : all.uploads()) {
            order.add(u.key() + "#" + u.uploadId());
        }
        assertEquals(
                List.of(
                        "a#" + ids.get(1),
                        "a#" + ids.get(4),
                        "b/1#" + ids.get(2),
                        "b/2#" + ids.get(0),
                        "c#" + ids.get(3)),
                order);
        assertFalse(all.truncated());
        // paging two at a time with both markers
        List<String> paged = new ArrayList<>();
        String km = null;
        String im = null;
        while (true) {
            ListMultipartUploadsResult r =
                    backend.listMultipartUploads(new ListMultipartUploadsRequest(B, null, null, km, im, 2));
            r.uploads().forEach(u -> paged.add(u.key() + "#" + u.uploadId()));
            if (!r.truncated()) {
                break;
            }
            km = r.nextKeyMarker();
            im = r.nextUploadIdMarker();
        }
        assertEquals(order, paged);
        ListMultipartUploadsResult d =
                backend.listMultipartUploads(new ListMultipartUploadsRequest(B, null, "/", null, null, 1000));
        assertEquals(List.of("b/"), d.commonPrefixes());
        assertEquals(3, d.uploads().size());
        ListMultipartUploadsResult p =
                backend.listMultipartUploads(new ListMultipartUploadsRequest(B, "b/", null, null, null, 1000));
        assertEquals(2, p.uploads().size());
        ListMultipartUploadsResult km1 =
                backend.listMultipartUploads(new ListMultipartUploadsRequest(B, null, null, "a", null, 1000));
        assertEquals("b/1", km1.uploads().get(0).key());
    }

    @Test
    void listPartsPages() throws Exception {
        String id = backend.createMultipartUpload(B, "lp", ObjectAttributes.EMPTY);
        for (int n : new int[] {3, 1, 10, 2, 7}) {
            part("lp", id, n, bytes("part" + n));
        }
        ListPartsResult p1 = backend.listParts(B, "lp", id, 0, 2);
        assertEquals(List.of(1, 2), p1.parts().stream().map(Part::partNumber).toList());
        assertTrue(p1.truncated());
        assertEquals(2, p1.nextPartNumberMarker());
        ListPartsResult p2 = backend.listParts(B, "lp", id, 2, 2);
        assertEquals(List.of(3, 7), p2.parts().stream().map(Part::partNumber).toList());
        ListPartsResult p3 = backend.listParts(B, "lp", id, 7, 2);
        assertEquals(List.of(10), p3.parts().stream().map(Part::partNumber).toList());
        assertFalse(p3.truncated());
        assertEquals("lp", p3.key());
        assertTrue(p3.initiated().toEpochMilli() > 0);
        assertS3(S3Error.INVALID_ARGUMENT, () -> part("lp", id, 10001, bytes("x")));
    }

    @Test
    void anUploadKeepsWhoCreatedItAndWhoseObjectItWillBe() throws Exception {
        io.posixgw.core.acl.Acl bobs = io.posixgw.core.acl.Acl.ownerOnly("bob");
        String withAcl = backend.createMultipartUpload(new io.posixgw.core.model.CreateMultipartUploadRequest(
                B, "origin/acl", ObjectAttributes.EMPTY.withAcl(bobs), null, "bob"));
        String plain = backend.createMultipartUpload(new io.posixgw.core.model.CreateMultipartUploadRequest(
                B, "origin/plain", ObjectAttributes.EMPTY, null, "carol"));
        String unrecorded = backend.createMultipartUpload(B, "origin/none", ObjectAttributes.EMPTY);
        part("origin/acl", withAcl, 1, bytes("p"));

        assertEquals(
                new UploadOrigin("bob", "bob"),
                backend.listParts(B, "origin/acl", withAcl, 0, 1000).origin());
        assertEquals(
                new UploadOrigin("carol", null),
                backend.listParts(B, "origin/plain", plain, 0, 1000).origin());
        assertEquals(
                UploadOrigin.UNRECORDED,
                backend.listParts(B, "origin/none", unrecorded, 0, 1000).origin());
        Map<String, UploadOrigin> listed = new java.util.TreeMap<>();
        for (MultipartUpload u : backend.listMultipartUploads(
                        new ListMultipartUploadsRequest(B, "origin/", null, null, null, 1000))
                .uploads()) {
            listed.put(u.key(), u.origin());
        }
        assertEquals(
                Map.of(
                        "origin/acl", new UploadOrigin("bob", "bob"),
                        "origin/plain", new UploadOrigin("carol", null),
                        "origin/none", UploadOrigin.UNRECORDED),
                listed);
        // the initiator belongs to the upload, not to the object it becomes
        backend.completeMultipartUpload(
                B, "origin/acl", withAcl, completed(part("origin/acl", withAcl, 1, bytes("p"))));
        assertNoUploadLeft("origin/acl");
    }

    @Test
    void copyOfAMultipartObjectGetsASinglePartEtag() throws Exception {
        String id = backend.createMultipartUpload(B, "mp", ObjectAttributes.EMPTY);
        byte[] data = random(2000, 12);
        Part p = part("mp", id, 1, data);
        backend.completeMultipartUpload(B, "mp", id, completed(p));
        var r = backend.copyObject(new io.posixgw.core.model.CopyObjectRequest(B, "mp", B, "copy", null, null));
        assertEquals(Etags.fromMd5(Etags.newMd5().digest(data)), r.etag());
        assertEquals(0, backend.headObject(B, "copy").partsCount());
        assertNull(backend.partEnds(B, "copy"));
    }

    @Test
    void partNumberServesThatPartOfTheVersionRead() throws Exception {
        String id = backend.createMultipartUpload(B, "parts", ObjectAttributes.EMPTY);
        byte[] p1 = random(5 * MIB, 21);
        byte[] p2 = random(100, 22);
        backend.completeMultipartUpload(B, "parts", id, completed(part("parts", id, 1, p1), part("parts", id, 2, p2)));
        try (ObjectContent c = backend.getObject(new GetObjectRequest(B, "parts", null, "2", false, false, null))) {
            assertEquals(new ByteRange(5L * MIB, 5L * MIB + 99), c.range());
            assertEquals(2, c.info().partsCount());
            assertArrayEquals(p2, readAll(c));
        }
        ObjectHead first = backend.headObject(new GetObjectRequest(B, "parts", null, "1", false, false, null));
        assertEquals(new ByteRange(0, 5L * MIB - 1), first.range());
        assertEquals(2, first.parts().count(), "the layout read with the object");
        assertS3(
                S3Error.INVALID_PART_NUMBER,
                () -> backend.headObject(new GetObjectRequest(B, "parts", null, "3", false, false, null)));
        ObjectHead layout = backend.headObject(new GetObjectRequest(B, "parts", null, null, false, true, null));
        assertEquals(null, layout.range());
        assertEquals(100, layout.parts().partSize(2));
    }
}
