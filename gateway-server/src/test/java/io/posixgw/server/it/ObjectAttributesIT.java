package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** GetObjectAttributes over raw signed HTTP: only what is asked for, parts paged. */
class ObjectAttributesIT extends GatewayPerClass {
    static final String B = "attributes";
    static final int FIVE_MIB = 5 << 20;
    static final byte[] SMALL = bytes("small object");
    static final byte[] BIG = ObjectFiles.random(FIVE_MIB + FIVE_MIB + 100, 7);

    @BeforeAll
    void fill() throws Exception {
        createBucket(B);
        assertOk(raw.send(
                "PUT",
                path(B, "single"),
                Map.of(),
                Map.of("x-amz-checksum-crc32", ObjectSemanticsIT.Sum.CRC32.base64(SMALL)),
                SMALL));
        String id = createUpload(B, "multi");
        List<String> etags = List.of(
                uploadPart(B, "multi", id, 1, java.util.Arrays.copyOfRange(BIG, 0, FIVE_MIB)),
                uploadPart(B, "multi", id, 2, java.util.Arrays.copyOfRange(BIG, FIVE_MIB, 2 * FIVE_MIB)),
                uploadPart(B, "multi", id, 3, java.util.Arrays.copyOfRange(BIG, 2 * FIVE_MIB, BIG.length)));
        assertOk(complete(B, "multi", id, etags));
    }

    RawS3.Response attributes(String key, Map<String, String> headers) throws Exception {
        return raw.send("GET", path(B, key), Map.of("attributes", ""), headers, new byte[0]);
    }

    @Test
    void onlyTheAttributesAskedForAreAnswered() throws Exception {
        RawS3.Response all = attributes(
                "single", Map.of("x-amz-object-attributes", "ETag,Checksum,ObjectParts,StorageClass,ObjectSize"));
        assertOk(all);
        assertTrue(
                all.text().contains("<GetObjectAttributesResponse xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"),
                all.text());
        assertEquals(
                ObjectFiles.etag(SMALL).replace("\"", ""), all.element("ETag"), "without quotes, as S3 writes it here");
        assertEquals(ObjectSemanticsIT.Sum.CRC32.base64(SMALL), all.element("ChecksumCRC32"));
        assertEquals("FULL_OBJECT", all.element("ChecksumType"));
        assertNull(all.element("ObjectParts"), "a single-part object has no parts to list");
        assertEquals("STANDARD", all.element("StorageClass"));
        assertEquals(Integer.toString(SMALL.length), all.element("ObjectSize"));
        assertNotNull(all.header("last-modified"));

        RawS3.Response size = attributes("single", Map.of("x-amz-object-attributes", "objectsize"));
        assertEquals(Integer.toString(SMALL.length), size.element("ObjectSize"));
        assertNull(size.element("ETag"));
        assertNull(size.element("StorageClass"));
    }

    @Test
    void aMultipartObjectsPartsArePaged() throws Exception {
        RawS3.Response first =
                attributes("multi", Map.of("x-amz-object-attributes", "ObjectParts,ETag", "x-amz-max-parts", "2"));
        assertOk(first);
        assertEquals(ObjectFiles.multipartEtag(BIG, FIVE_MIB).replace("\"", ""), first.element("ETag"));
        assertEquals("3", first.element("PartsCount"));
        assertEquals(List.of("1", "2"), first.elements("PartNumber"));
        assertEquals(List.of(Integer.toString(FIVE_MIB), Integer.toString(FIVE_MIB)), first.elements("Size"));
        assertEquals("true", first.element("IsTruncated"));
        assertEquals("2", first.element("NextPartNumberMarker"));
        RawS3.Response rest =
                attributes("multi", Map.of("x-amz-object-attributes", "ObjectParts", "x-amz-part-number-marker", "2"));
        assertEquals(List.of("3"), rest.elements("PartNumber"));
        assertEquals(List.of("100"), rest.elements("Size"));
        assertEquals("false", rest.element("IsTruncated"));
        assertFalse(rest.text().contains("NextPartNumberMarker"), rest.text());
    }

    @Test
    void theAttributeListMaySpanHeaderLines() throws Exception {
        // the AWS SDKs for Java v2 and Go v2 send one header line per list element
        Map<String, String> query = Map.of("attributes", "");
        // signed as SigV4 joins repeated headers, then sent as three lines
        Map<String, String> headers = new java.util.LinkedHashMap<>(raw.signedHeaders(
                "GET",
                path(B, "single"),
                query,
                Map.of("x-amz-object-attributes", "ETag,ObjectSize,StorageClass"),
                TestSigner.EMPTY_SHA256,
                java.time.Instant.now()));
        headers.remove("x-amz-object-attributes");
        StringBuilder head = new StringBuilder("GET " + RawS3.target(path(B, "single"), query) + " HTTP/1.1\r\n");
        headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
        for (String a : List.of("ETag", "ObjectSize", "StorageClass")) {
            head.append("x-amz-object-attributes: ").append(a).append("\r\n");
        }
        head.append("content-length: 0\r\n\r\n");
        try (java.net.Socket s = new java.net.Socket("127.0.0.1", gw.port)) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(head.toString().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            s.getOutputStream().flush();
            RawS3.Response r = RawS3.read(s.getInputStream(), false);
            assertOk(r);
            assertEquals(ObjectFiles.etag(SMALL).replace("\"", ""), r.element("ETag"));
            assertEquals(Integer.toString(SMALL.length), r.element("ObjectSize"));
            assertEquals("STANDARD", r.element("StorageClass"));
        }
    }

    @Test
    void aMultipartETagWithoutItsPartLayoutGivesTheCountOnly() throws Exception {
        // as a tree copied in by another tool can be: versitygw's etag attribute, no mp-metadata
        putObject(B, "copied-in", bytes("copied"));
        java.nio.file.attribute.UserDefinedFileAttributeView view = java.nio.file.Files.getFileAttributeView(
                root.resolve(B).resolve("copied-in"), java.nio.file.attribute.UserDefinedFileAttributeView.class);
        view.write("etag", java.nio.ByteBuffer.wrap(bytes("\"0123456789abcdef0123456789abcdef-3\"")));
        RawS3.Response r = attributes("copied-in", Map.of("x-amz-object-attributes", "ObjectParts"));
        assertOk(r);
        assertEquals("3", r.element("PartsCount"));
        assertEquals(List.of(), r.elements("Part"));
    }

    @Test
    void badRequestsAreRefused() throws Exception {
        assertError(attributes("single", Map.of()), 400, "InvalidArgument");
        assertError(attributes("single", Map.of("x-amz-object-attributes", "ETag,Colour")), 400, "InvalidArgument");
        assertError(
                attributes("single", Map.of("x-amz-object-attributes", "ETag", "x-amz-max-parts", "-1")),
                400,
                "InvalidArgument");
        assertError(attributes("missing", Map.of("x-amz-object-attributes", "ETag")), 404, "NoSuchKey");
        assertError(
                raw.send(
                        "GET",
                        path(B, "single"),
                        Map.of("attributes", "", "versionId", "3HL4kqtJlcpXroDTDmJ"),
                        Map.of("x-amz-object-attributes", "ETag"),
                        new byte[0]),
                404,
                "NoSuchVersion");
    }
}
