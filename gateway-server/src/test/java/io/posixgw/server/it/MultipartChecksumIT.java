package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import java.util.zip.Checksum;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ChecksumAlgorithm;
import software.amazon.awssdk.services.s3.model.ChecksumMode;
import software.amazon.awssdk.services.s3.model.ChecksumType;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadResponse;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.CreateMultipartUploadResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.ListPartsResponse;
import software.amazon.awssdk.services.s3.model.UploadPartCopyResponse;
import software.amazon.awssdk.services.s3.model.UploadPartResponse;

/**
 * Multipart uploads created with a checksum algorithm: COMPOSITE (the checksum of the parts'
 * checksums, {@code <base64>-N}) and FULL_OBJECT (the CRC of the whole object, combined from the
 * part CRCs). Expected values are computed here from the bytes, independently of the server's code.
 * The AWS SDK drives the happy paths (and validates FULL_OBJECT checksums on GET); raw signed
 * HTTP checks the exact error codes and that a refused Complete stores nothing.
 */
class MultipartChecksumIT extends GatewayPerTest {
    static final int MIB = 1024 * 1024;
    static final String B = "mpck";

    S3Client s3;
    RawS3 raw;
    /** Three parts: two at the 5 MiB minimum, one short last part. */
    final List<byte[]> parts =
            List.of(ObjectFiles.random(5 * MIB, 1), ObjectFiles.random(5 * MIB, 2), ObjectFiles.random(1234, 3));

    @BeforeEach
    void client() throws Exception {
        s3 = S3Client.builder()
                .endpointOverride(URI.create(gw.endpoint()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(TestGateway.ACCESS, TestGateway.SECRET)))
                .forcePathStyle(true)
                .httpClient(UrlConnectionHttpClient.create())
                .build();
        s3.createBucket(b -> b.bucket(B));
        raw = gw.raw();
    }

    // ------------------------------------------------------------------ happy paths (AWS SDK)

    @ParameterizedTest
    @EnumSource(
            value = ChecksumAlgorithm.class,
            names = {"CRC32", "CRC32_C", "SHA1", "SHA256"})
    void compositeChecksumIsTheChecksumOfThePartChecksums(ChecksumAlgorithm algorithm) {
        String key = "composite/" + algorithm;
        CreateMultipartUploadResponse created =
                s3.createMultipartUpload(c -> c.bucket(B).key(key).checksumAlgorithm(algorithm));
        assertEquals(algorithm, created.checksumAlgorithm());
        assertEquals(ChecksumType.COMPOSITE, created.checksumType(), "COMPOSITE is the default for " + algorithm);
        List<CompletedPart> done = uploadAll(key, created.uploadId(), algorithm);

        var upload =
                s3.listMultipartUploads(l -> l.bucket(B).prefix(key)).uploads().get(0);
        assertEquals(algorithm, upload.checksumAlgorithm());
        assertEquals(ChecksumType.COMPOSITE, upload.checksumType());
        ListPartsResponse listed = s3.listParts(l -> l.bucket(B).key(key).uploadId(created.uploadId()));
        assertEquals(algorithm, listed.checksumAlgorithm());
        for (int i = 0; i < parts.size(); i++) {
            assertEquals(
                    checksum(algorithm, parts.get(i)),
                    partValue(algorithm, listed.parts().get(i)));
        }

        CompleteMultipartUploadResponse complete = s3.completeMultipartUpload(
                c -> c.bucket(B).key(key).uploadId(created.uploadId()).multipartUpload(m -> m.parts(done)));
        String expected = composite(algorithm, parts);
        assertTrue(expected.endsWith("-3"), expected);
        assertEquals(
                expected,
                value(
                        algorithm,
                        complete.checksumCRC32(),
                        complete.checksumCRC32C(),
                        complete.checksumSHA1(),
                        complete.checksumSHA256(),
                        complete.checksumCRC64NVME()));
        assertEquals(ChecksumType.COMPOSITE, complete.checksumType());

        HeadObjectResponse head = s3.headObject(h -> h.bucket(B).key(key).checksumMode(ChecksumMode.ENABLED));
        assertEquals(
                expected,
                value(
                        algorithm,
                        head.checksumCRC32(),
                        head.checksumCRC32C(),
                        head.checksumSHA1(),
                        head.checksumSHA256(),
                        head.checksumCRC64NVME()));
        assertEquals(ChecksumType.COMPOSITE, head.checksumType());
        assertArrayEquals(
                concat(parts),
                s3.getObjectAsBytes(g -> g.bucket(B).key(key).checksumMode(ChecksumMode.ENABLED))
                        .asByteArray());
    }

    @ParameterizedTest
    @EnumSource(
            value = ChecksumAlgorithm.class,
            names = {"CRC32", "CRC32_C"})
    void fullObjectChecksumIsTheCrcOfTheWholeObject(ChecksumAlgorithm algorithm) {
        String key = "full/" + algorithm;
        CreateMultipartUploadResponse created = s3.createMultipartUpload(
                c -> c.bucket(B).key(key).checksumAlgorithm(algorithm).checksumType(ChecksumType.FULL_OBJECT));
        assertEquals(ChecksumType.FULL_OBJECT, created.checksumType());
        List<CompletedPart> done = uploadAll(key, created.uploadId(), algorithm);
        CompleteMultipartUploadResponse complete = s3.completeMultipartUpload(
                c -> c.bucket(B).key(key).uploadId(created.uploadId()).multipartUpload(m -> m.parts(done)));
        byte[] whole = concat(parts);
        String expected = checksum(algorithm, whole);
        assertEquals(
                expected,
                value(
                        algorithm,
                        complete.checksumCRC32(),
                        complete.checksumCRC32C(),
                        complete.checksumSHA1(),
                        complete.checksumSHA256(),
                        complete.checksumCRC64NVME()));
        assertEquals(ChecksumType.FULL_OBJECT, complete.checksumType());
        // the SDK validates a FULL_OBJECT checksum against the bytes it receives
        var got = s3.getObjectAsBytes(g -> g.bucket(B).key(key).checksumMode(ChecksumMode.ENABLED));
        assertArrayEquals(whole, got.asByteArray());
        assertEquals(
                expected,
                value(
                        algorithm,
                        got.response().checksumCRC32(),
                        got.response().checksumCRC32C(),
                        got.response().checksumSHA1(),
                        got.response().checksumSHA256(),
                        got.response().checksumCRC64NVME()));
        assertEquals(ChecksumType.FULL_OBJECT, got.response().checksumType());

        // a copy keeps a whole-object checksum
        s3.copyObject(c -> c.sourceBucket(B).sourceKey(key).destinationBucket(B).destinationKey(key + ".copy"));
        HeadObjectResponse copy =
                s3.headObject(h -> h.bucket(B).key(key + ".copy").checksumMode(ChecksumMode.ENABLED));
        assertEquals(
                expected,
                value(
                        algorithm,
                        copy.checksumCRC32(),
                        copy.checksumCRC32C(),
                        copy.checksumSHA1(),
                        copy.checksumSHA256(),
                        copy.checksumCRC64NVME()));
    }

    /** Raw HTTP: the SDK needs the CRT library for CRC64NVME. */
    @Test
    void crc64nvmeDefaultsToFullObject() throws Exception {
        String key = "full/crc64";
        String id = createRaw(key, "CRC64NVME", null);
        List<String> etags = new ArrayList<>();
        StringBuilder xml = new StringBuilder("<CompleteMultipartUpload>");
        for (int i = 0; i < parts.size(); i++) {
            String sum = checksum(ChecksumAlgorithm.CRC64_NVME, parts.get(i));
            RawS3.Response r = uploadPartRaw(key, id, i + 1, parts.get(i), Map.of("x-amz-checksum-crc64nvme", sum));
            assertEquals(200, r.status(), r.text());
            xml.append("<Part><PartNumber>")
                    .append(i + 1)
                    .append("</PartNumber><ETag>")
                    .append(r.header("etag"))
                    .append("</ETag><ChecksumCRC64NVME>")
                    .append(sum)
                    .append("</ChecksumCRC64NVME></Part>");
        }
        xml.append("</CompleteMultipartUpload>");
        String expected = checksum(ChecksumAlgorithm.CRC64_NVME, concat(parts));
        RawS3.Response done = raw.send(
                "POST",
                "/" + B + "/" + key,
                Map.of("uploadId", id),
                Map.of("x-amz-checksum-crc64nvme", expected),
                xml.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(200, done.status(), done.text());
        assertTrue(done.text().contains("<ChecksumCRC64NVME>" + expected + "</ChecksumCRC64NVME>"), done.text());
        assertTrue(done.text().contains("<ChecksumType>FULL_OBJECT</ChecksumType>"), done.text());
        RawS3.Response head =
                raw.send("HEAD", "/" + B + "/" + key, Map.of(), Map.of("x-amz-checksum-mode", "ENABLED"), new byte[0]);
        assertEquals(expected, head.header("x-amz-checksum-crc64nvme"));
        assertEquals("FULL_OBJECT", head.header("x-amz-checksum-type"));
    }

    @Test
    void uploadPartCopyComputesThePartChecksumOfTheUpload() {
        byte[] source = ObjectFiles.random(6 * MIB, 9);
        s3.putObject(p -> p.bucket(B).key("src"), RequestBody.fromBytes(source));
        String key = "copied";
        String id = s3.createMultipartUpload(c -> c.bucket(B).key(key).checksumAlgorithm(ChecksumAlgorithm.CRC32_C))
                .uploadId();
        UploadPartCopyResponse p1 = s3.uploadPartCopy(u -> u.sourceBucket(B)
                .sourceKey("src")
                .destinationBucket(B)
                .destinationKey(key)
                .uploadId(id)
                .partNumber(1)
                .copySourceRange("bytes=0-" + (5 * MIB - 1)));
        byte[] first = java.util.Arrays.copyOfRange(source, 0, 5 * MIB);
        assertEquals(
                checksum(ChecksumAlgorithm.CRC32_C, first), p1.copyPartResult().checksumCRC32C());
        UploadPartResponse p2 = s3.uploadPart(
                u -> u.bucket(B).key(key).uploadId(id).partNumber(2).checksumAlgorithm(ChecksumAlgorithm.CRC32_C),
                RequestBody.fromBytes(parts.get(2)));
        CompleteMultipartUploadResponse done = s3.completeMultipartUpload(c -> c.bucket(B)
                .key(key)
                .uploadId(id)
                .multipartUpload(m -> m.parts(
                        CompletedPart.builder()
                                .partNumber(1)
                                .eTag(p1.copyPartResult().eTag())
                                .checksumCRC32C(p1.copyPartResult().checksumCRC32C())
                                .build(),
                        CompletedPart.builder()
                                .partNumber(2)
                                .eTag(p2.eTag())
                                .checksumCRC32C(p2.checksumCRC32C())
                                .build())));
        assertEquals(composite(ChecksumAlgorithm.CRC32_C, List.of(first, parts.get(2))), done.checksumCRC32C());
    }

    // ------------------------------------------------------------------ errors (raw HTTP)

    @ParameterizedTest
    @CsvSource(
            nullValues = "-",
            value = {
                "-, COMPOSITE", // a type needs an algorithm
                "SHA1, FULL_OBJECT", // SHA is never FULL_OBJECT
                "SHA256, FULL_OBJECT",
                "CRC64NVME, COMPOSITE", // CRC64NVME is never COMPOSITE
                "MD5, -", // not an S3 checksum
                "CRC32, PARTIAL", // not a type
            })
    void createMultipartUploadRefusesCombinationsAwsRefuses(String algorithm, String type) throws Exception {
        Map<String, String> h = new LinkedHashMap<>();
        if (algorithm != null) {
            h.put("x-amz-checksum-algorithm", algorithm);
        }
        if (type != null) {
            h.put("x-amz-checksum-type", type);
        }
        RawS3.Response r = raw.send("POST", "/" + B + "/refused", Map.of("uploads", ""), h, new byte[0]);
        assertEquals(400, r.status(), r.text());
        assertEquals("InvalidRequest", r.errorCode(), r.text());
        assertEquals(0, s3.listMultipartUploads(l -> l.bucket(B)).uploads().size(), "no upload was created");
    }

    @Test
    void aPartMustCarryTheChecksumOfTheUploadsAlgorithm() throws Exception {
        String id = createRaw("strict", "CRC32", null);
        byte[] data = parts.get(2);
        RawS3.Response none = uploadPartRaw("strict", id, 1, data, Map.of());
        assertEquals(400, none.status());
        assertEquals("InvalidRequest", none.errorCode(), none.text());
        RawS3.Response other = uploadPartRaw(
                "strict", id, 1, data, Map.of("x-amz-checksum-crc32c", checksum(ChecksumAlgorithm.CRC32_C, data)));
        assertEquals(400, other.status());
        assertEquals("InvalidRequest", other.errorCode(), other.text());
        RawS3.Response wrong = uploadPartRaw(
                "strict", id, 1, data, Map.of("x-amz-checksum-crc32", checksum(ChecksumAlgorithm.CRC32, parts.get(0))));
        assertEquals(400, wrong.status());
        assertEquals("BadDigest", wrong.errorCode(), wrong.text());
        assertEquals(
                0,
                s3.listParts(l -> l.bucket(B).key("strict").uploadId(id))
                        .parts()
                        .size(),
                "no part was stored");
        RawS3.Response ok = uploadPartRaw(
                "strict", id, 1, data, Map.of("x-amz-checksum-crc32", checksum(ChecksumAlgorithm.CRC32, data)));
        assertEquals(200, ok.status(), ok.text());
        assertEquals(checksum(ChecksumAlgorithm.CRC32, data), ok.header("x-amz-checksum-crc32"));
    }

    @Test
    void aCompleteThatFailsAChecksumRuleStoresNothingAndTheUploadStaysCompletable() throws Exception {
        String key = "guarded";
        String id = createRaw(key, "CRC32", null);
        List<String> etags = new ArrayList<>();
        List<String> sums = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            String sum = checksum(ChecksumAlgorithm.CRC32, parts.get(i));
            RawS3.Response r = uploadPartRaw(key, id, i + 1, parts.get(i), Map.of("x-amz-checksum-crc32", sum));
            assertEquals(200, r.status(), r.text());
            etags.add(r.header("etag"));
            sums.add(sum);
        }
        String expected = composite(ChecksumAlgorithm.CRC32, parts);
        List<String> missing = new ArrayList<>(sums);
        missing.set(1, null);
        List<String> wrongPart = new ArrayList<>(sums);
        wrongPart.set(1, sums.get(0));
        String size = Long.toString(concat(parts).length);

        assertRefused(completeRaw(key, id, etags, missing, Map.of()), "InvalidRequest");
        assertRefused(completeRaw(key, id, etags, wrongPart, Map.of()), "InvalidPart");
        assertRefused(
                completeRaw(key, id, etags, sums, Map.of("x-amz-checksum-type", "FULL_OBJECT")), "InvalidRequest");
        assertRefused(completeRaw(key, id, etags, sums, Map.of("x-amz-mp-object-size", "12")), "InvalidRequest");
        assertRefused(completeRaw(key, id, etags, sums, Map.of("x-amz-checksum-crc32", "AAAAAA==-3")), "BadDigest");
        assertEquals(
                404,
                raw.send("HEAD", "/" + B + "/" + key, Map.of(), Map.of(), new byte[0])
                        .status(),
                "nothing was published");

        RawS3.Response ok = completeRaw(
                key,
                id,
                etags,
                sums,
                Map.of(
                        "x-amz-checksum-type",
                        "COMPOSITE",
                        "x-amz-checksum-crc32",
                        expected,
                        "x-amz-mp-object-size",
                        size));
        assertEquals(200, ok.status(), ok.text());
        assertTrue(ok.text().contains("<ChecksumCRC32>" + expected + "</ChecksumCRC32>"), ok.text());
        assertTrue(ok.text().contains("<ChecksumType>COMPOSITE</ChecksumType>"), ok.text());
        RawS3.Response again = completeRaw(key, id, etags, sums, Map.of());
        assertEquals(200, again.status(), "a repeated Complete answers the same: " + again.text());
        assertTrue(again.text().contains("<ChecksumCRC32>" + expected + "</ChecksumCRC32>"), again.text());

        RawS3.Response plainHead = raw.send("HEAD", "/" + B + "/" + key, Map.of(), Map.of(), new byte[0]);
        assertNull(plainHead.header("x-amz-checksum-crc32"), "checksums only with x-amz-checksum-mode: ENABLED");
        RawS3.Response head =
                raw.send("HEAD", "/" + B + "/" + key, Map.of(), Map.of("x-amz-checksum-mode", "ENABLED"), new byte[0]);
        assertEquals(expected, head.header("x-amz-checksum-crc32"));
        assertEquals("COMPOSITE", head.header("x-amz-checksum-type"));
        RawS3.Response range = raw.send(
                "GET",
                "/" + B + "/" + key,
                Map.of(),
                Map.of("x-amz-checksum-mode", "ENABLED", "range", "bytes=0-9"),
                new byte[0]);
        assertEquals(206, range.status());
        assertNull(range.header("x-amz-checksum-crc32"), "a range is not the object the checksum describes");
    }

    @Test
    void anUploadWithoutAlgorithmIgnoresPartChecksumsAndStoresNone() throws Exception {
        // SDKs send part checksums by default; an upload created without an algorithm completes anyway
        String id = createRaw("plain", null, null);
        byte[] data = parts.get(2);
        String sum = checksum(ChecksumAlgorithm.CRC32, data);
        RawS3.Response part = uploadPartRaw("plain", id, 1, data, Map.of("x-amz-checksum-crc32", sum));
        assertEquals(200, part.status());
        RawS3.Response ok = completeRaw("plain", id, List.of(part.header("etag")), List.of(sum), Map.of());
        assertEquals(200, ok.status(), ok.text());
        assertTrue(!ok.text().contains("<Checksum"), ok.text());
        RawS3.Response head =
                raw.send("HEAD", "/" + B + "/plain", Map.of(), Map.of("x-amz-checksum-mode", "ENABLED"), new byte[0]);
        assertNull(head.header("x-amz-checksum-crc32"));
        assertNull(head.header("x-amz-checksum-type"));
    }

    /**
     * Issue 16 item 12: each part's checksum is kept in the object's part layout, so a GET or HEAD of one
     * part with checksum mode answers that part's checksum and the upload's type, and GetObjectAttributes
     * lists it per part; without checksum mode, none.
     */
    @ParameterizedTest
    @CsvSource({"CRC32,COMPOSITE", "CRC32C,FULL_OBJECT", "SHA256,COMPOSITE"})
    @Conformance(Checklist.PART_NUMBER_MULTIPART)
    void partChecksumsSurviveComplete(String algorithm, String type) throws Exception {
        ChecksumAlgorithm a = sdkAlgorithm(algorithm);
        String header = "x-amz-checksum-" + algorithm.toLowerCase(java.util.Locale.ROOT);
        String key = "parts/" + algorithm;
        String id = createRaw(key, algorithm, type);
        List<String> etags = new ArrayList<>();
        List<String> sums = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            String sum = checksum(a, parts.get(i));
            RawS3.Response r = uploadPartRaw(key, id, i + 1, parts.get(i), Map.of(header, sum));
            assertEquals(200, r.status(), r.text());
            etags.add(r.header("etag"));
            sums.add(sum);
        }
        RawS3.Response done = completeRaw(key, id, etags, sums, algorithm, Map.of());
        assertEquals(200, done.status(), done.text());

        for (String method : List.of("GET", "HEAD")) {
            for (int n = 1; n <= parts.size(); n++) {
                RawS3.Response part = raw.send(
                        method,
                        "/" + B + "/" + key,
                        Map.of("partNumber", Integer.toString(n)),
                        Map.of("x-amz-checksum-mode", "ENABLED"),
                        new byte[0]);
                assertEquals(206, part.status(), part.text());
                assertEquals(sums.get(n - 1), part.header(header), method + " part " + n);
                assertEquals(type, part.header("x-amz-checksum-type"), method + " part " + n);
                if (method.equals("GET")) {
                    assertArrayEquals(parts.get(n - 1), part.body());
                }
            }
            RawS3.Response plain =
                    raw.send(method, "/" + B + "/" + key, Map.of("partNumber", "1"), Map.of(), new byte[0]);
            assertNull(plain.header(header), "no checksum without x-amz-checksum-mode");
            assertNull(plain.header("x-amz-checksum-type"));
        }

        RawS3.Response attrs = raw.send(
                "GET",
                "/" + B + "/" + key,
                Map.of("attributes", ""),
                Map.of("x-amz-object-attributes", "ObjectParts"),
                new byte[0]);
        assertEquals(200, attrs.status(), attrs.text());
        String element = "Checksum" + algorithm;
        assertEquals(sums, attrs.elements(element), attrs.text());
        assertEquals(List.of("1", "2", "3"), attrs.elements("PartNumber"), attrs.text());
    }

    /**
     * Issue 16 item 15: an UploadPart without any checksum into a FULL_OBJECT upload is taken, as S3 and
     * versitygw take it (versitygw issue 1342): the server computes the part's CRC with the upload's
     * algorithm, answers it and keeps it, and the object's CRC is the whole object's. A COMPOSITE upload
     * still refuses such a part ({@link #aPartMustCarryTheChecksumOfTheUploadsAlgorithm}).
     */
    @Test
    void aPartWithoutChecksumIntoAFullObjectUploadGetsTheComputedOne() throws Exception {
        String key = "full-unsent";
        String id = createRaw(key, "CRC32", "FULL_OBJECT");
        List<String> etags = new ArrayList<>();
        List<String> sums = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            RawS3.Response r = uploadPartRaw(key, id, i + 1, parts.get(i), Map.of());
            assertEquals(200, r.status(), r.text());
            assertEquals(checksum(ChecksumAlgorithm.CRC32, parts.get(i)), r.header("x-amz-checksum-crc32"));
            etags.add(r.header("etag"));
            sums.add(r.header("x-amz-checksum-crc32"));
        }
        ListPartsResponse listed = s3.listParts(l -> l.bucket(B).key(key).uploadId(id));
        for (int i = 0; i < parts.size(); i++) {
            assertEquals(sums.get(i), listed.parts().get(i).checksumCRC32());
        }
        RawS3.Response done = completeRaw(key, id, etags, sums, Map.of());
        assertEquals(200, done.status(), done.text());
        String whole = checksum(ChecksumAlgorithm.CRC32, concat(parts));
        assertEquals(whole, done.element("ChecksumCRC32"), done.text());
        assertEquals("FULL_OBJECT", done.element("ChecksumType"), done.text());
        RawS3.Response head =
                raw.send("HEAD", "/" + B + "/" + key, Map.of(), Map.of("x-amz-checksum-mode", "ENABLED"), new byte[0]);
        assertEquals(whole, head.header("x-amz-checksum-crc32"));
    }

    /**
     * Issue 16 item 14: a Complete whose checksum header is not the base64 of the algorithm's size is
     * 400 InvalidRequest, as on PutObject; a well-formed value that does not match stays BadDigest.
     */
    @Test
    void aMalformedCompleteChecksumIsInvalidRequest() throws Exception {
        String key = "malformed";
        String id = createRaw(key, "CRC32", null);
        String sum = checksum(ChecksumAlgorithm.CRC32, parts.get(2));
        RawS3.Response part = uploadPartRaw(key, id, 1, parts.get(2), Map.of("x-amz-checksum-crc32", sum));
        assertEquals(200, part.status(), part.text());
        List<String> etags = List.of(part.header("etag"));
        for (String bad : List.of("not base64!", "AAAA", "AAAAAAAAAAA=", "AAAAAA==-x")) {
            RawS3.Response r = completeRaw(key, id, etags, List.of(sum), Map.of("x-amz-checksum-crc32", bad));
            assertRefused(r, "InvalidRequest");
            assertTrue(r.text().contains("x-amz-checksum-crc32"), r.text());
        }
        assertRefused(
                completeRaw(key, id, etags, List.of(sum), Map.of("x-amz-checksum-crc32", "AAAAAA==")), "BadDigest");
        assertRefused(
                completeRaw(key, id, etags, List.of(sum), Map.of("x-amz-checksum-crc32", "AAAAAA==-1")), "BadDigest");
        RawS3.Response ok = completeRaw(key, id, etags, List.of(sum), Map.of());
        assertEquals(200, ok.status(), "the upload is still there: " + ok.text());
    }

    // ------------------------------------------------------------------ helpers

    private void assertRefused(RawS3.Response r, String code) {
        assertEquals(400, r.status(), r.text());
        assertEquals(code, r.errorCode(), r.text());
    }

    private List<CompletedPart> uploadAll(String key, String uploadId, ChecksumAlgorithm algorithm) {
        List<CompletedPart> done = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            int n = i + 1;
            byte[] data = parts.get(i);
            UploadPartResponse r = s3.uploadPart(
                    u -> u.bucket(B).key(key).uploadId(uploadId).partNumber(n).checksumAlgorithm(algorithm),
                    RequestBody.fromBytes(data));
            String v = value(
                    algorithm,
                    r.checksumCRC32(),
                    r.checksumCRC32C(),
                    r.checksumSHA1(),
                    r.checksumSHA256(),
                    r.checksumCRC64NVME());
            assertEquals(checksum(algorithm, data), v);
            CompletedPart.Builder b = CompletedPart.builder().partNumber(n).eTag(r.eTag());
            switch (algorithm) {
                case CRC32 -> b.checksumCRC32(v);
                case CRC32_C -> b.checksumCRC32C(v);
                case CRC64_NVME -> b.checksumCRC64NVME(v);
                case SHA1 -> b.checksumSHA1(v);
                case SHA256 -> b.checksumSHA256(v);
                default -> throw new IllegalArgumentException(algorithm.toString());
            }
            done.add(b.build());
        }
        return done;
    }

    private String createRaw(String key, String algorithm, String type) throws Exception {
        Map<String, String> h = new LinkedHashMap<>();
        if (algorithm != null) {
            h.put("x-amz-checksum-algorithm", algorithm);
        }
        if (type != null) {
            h.put("x-amz-checksum-type", type);
        }
        RawS3.Response r = raw.send("POST", "/" + B + "/" + key, Map.of("uploads", ""), h, new byte[0]);
        assertEquals(200, r.status(), r.text());
        if (algorithm != null) {
            assertEquals(algorithm, r.header("x-amz-checksum-algorithm"));
        }
        String t = r.text();
        return t.substring(t.indexOf("<UploadId>") + 10, t.indexOf("</UploadId>"));
    }

    private RawS3.Response uploadPartRaw(String key, String id, int n, byte[] data, Map<String, String> headers)
            throws Exception {
        return raw.send(
                "PUT", "/" + B + "/" + key, Map.of("uploadId", id, "partNumber", Integer.toString(n)), headers, data);
    }

    private RawS3.Response completeRaw(
            String key, String id, List<String> etags, List<String> crc32s, Map<String, String> headers)
            throws Exception {
        return completeRaw(key, id, etags, crc32s, "CRC32", headers);
    }

    private RawS3.Response completeRaw(
            String key,
            String id,
            List<String> etags,
            List<String> crc32s,
            String algorithm,
            Map<String, String> headers)
            throws Exception {
        String element = "Checksum" + algorithm;
        StringBuilder xml = new StringBuilder("<CompleteMultipartUpload>");
        for (int i = 0; i < etags.size(); i++) {
            xml.append("<Part><PartNumber>")
                    .append(i + 1)
                    .append("</PartNumber><ETag>")
                    .append(etags.get(i))
                    .append("</ETag>");
            if (crc32s.get(i) != null) {
                xml.append('<')
                        .append(element)
                        .append('>')
                        .append(crc32s.get(i))
                        .append("</")
                        .append(element)
                        .append('>');
            }
            xml.append("</Part>");
        }
        xml.append("</CompleteMultipartUpload>");
        return raw.send(
                "POST",
                "/" + B + "/" + key,
                Map.of("uploadId", id),
                headers,
                xml.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    private static ChecksumAlgorithm sdkAlgorithm(String name) {
        return switch (name) {
            case "CRC32" -> ChecksumAlgorithm.CRC32;
            case "CRC32C" -> ChecksumAlgorithm.CRC32_C;
            case "CRC64NVME" -> ChecksumAlgorithm.CRC64_NVME;
            case "SHA1" -> ChecksumAlgorithm.SHA1;
            default -> ChecksumAlgorithm.SHA256;
        };
    }

    private static String value(
            ChecksumAlgorithm a, String crc32, String crc32c, String sha1, String sha256, String crc64) {
        return switch (a) {
            case CRC32 -> crc32;
            case CRC32_C -> crc32c;
            case SHA1 -> sha1;
            case SHA256 -> sha256;
            case CRC64_NVME -> crc64;
            default -> throw new IllegalArgumentException(a.toString());
        };
    }

    private static String partValue(ChecksumAlgorithm a, software.amazon.awssdk.services.s3.model.Part p) {
        return value(
                a, p.checksumCRC32(), p.checksumCRC32C(), p.checksumSHA1(), p.checksumSHA256(), p.checksumCRC64NVME());
    }

    static byte[] concat(List<byte[]> pieces) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : pieces) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    /** The base64 checksum of {@code data}, computed without the server's code. */
    static String checksum(ChecksumAlgorithm a, byte[] data) {
        return Base64.getEncoder().encodeToString(digest(a, data));
    }

    /** The algorithm over the concatenated binary part checksums, then {@code -N}. */
    static String composite(ChecksumAlgorithm a, List<byte[]> pieces) {
        ByteArrayOutputStream sums = new ByteArrayOutputStream();
        for (byte[] p : pieces) {
            sums.writeBytes(digest(a, p));
        }
        return Base64.getEncoder().encodeToString(digest(a, sums.toByteArray())) + "-" + pieces.size();
    }

    private static byte[] digest(ChecksumAlgorithm a, byte[] data) {
        try {
            return switch (a) {
                case CRC32 -> crc(new CRC32(), data);
                case CRC32_C -> crc(new CRC32C(), data);
                case CRC64_NVME ->
                    ByteBuffer.allocate(8).putLong(crc64nvme(data)).array();
                case SHA1 -> MessageDigest.getInstance("SHA-1").digest(data);
                case SHA256 -> MessageDigest.getInstance("SHA-256").digest(data);
                default -> throw new IllegalArgumentException(a.toString());
            };
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] crc(Checksum c, byte[] data) {
        c.update(data, 0, data.length);
        return ByteBuffer.allocate(4).putInt((int) c.getValue()).array();
    }

    /** CRC-64/NVME bit by bit (reflected 0x9A6C9329AC4BC9B5, all-ones in and out). */
    private static long crc64nvme(byte[] data) {
        long crc = ~0L;
        for (byte b : data) {
            crc ^= b & 0xff;
            for (int k = 0; k < 8; k++) {
                crc = (crc & 1) != 0 ? (crc >>> 1) ^ 0x9A6C9329AC4BC9B5L : crc >>> 1;
            }
        }
        return ~crc;
    }
}
