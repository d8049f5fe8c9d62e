package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * One gateway for all tests of a class, over {@code tmp/data}, with {@code --fsync off}: for the S3 semantics
 * suites driven with raw signed HTTP ({@link #raw}), whose tests each work in their own bucket or key prefix.
 * Also the few multipart steps those suites share.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class GatewayPerClass {
    /** The class's temporary directory: the data root is {@code tmp/data}, the rest is free for the tests. */
    Path tmp;

    Path root;
    TestGateway gw;
    RawS3 raw;

    @BeforeAll
    void startGateway(@TempDir Path dir) throws Exception {
        tmp = dir;
        root = Files.createDirectories(tmp.resolve("data"));
        gw = TestGateway.start(root, "--fsync", "off");
        raw = gw.raw();
    }

    @AfterAll
    void stopGateway() {
        gw.close();
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static void assertError(RawS3.Response r, int status, String code) {
        assertEquals(status, r.status(), r.text());
        assertEquals(code, r.errorCode(), r.text());
    }

    static void assertOk(RawS3.Response r) {
        assertEquals(200, r.status(), r.text());
    }

    /** Creates {@code bucket} (200). */
    void createBucket(String bucket) throws IOException {
        assertOk(raw.send("PUT", "/" + bucket, Map.of(), Map.of(), new byte[0]));
    }

    /** PUT of {@code body} at {@code key} (encoded here), answered 200. */
    RawS3.Response putObject(String bucket, String key, byte[] body) throws IOException {
        RawS3.Response r = raw.send("PUT", path(bucket, key), Map.of(), Map.of(), body);
        assertOk(r);
        return r;
    }

    static String path(String bucket, String key) {
        return "/" + bucket + "/" + TestSigner.encode(key, false);
    }

    /** CreateMultipartUpload: the upload id. */
    String createUpload(String bucket, String key) throws IOException {
        RawS3.Response r = raw.send("POST", path(bucket, key), Map.of("uploads", ""), Map.of(), new byte[0]);
        assertOk(r);
        return assertNotNullReturn(r.element("UploadId"), r);
    }

    /** UploadPart, answered 200: the part's ETag. */
    String uploadPart(String bucket, String key, String uploadId, int partNumber, byte[] data) throws IOException {
        RawS3.Response r = raw.send(
                "PUT",
                path(bucket, key),
                Map.of("uploadId", uploadId, "partNumber", Integer.toString(partNumber)),
                Map.of(),
                data);
        assertOk(r);
        return assertNotNullReturn(r.header("etag"), r);
    }

    /** CompleteMultipartUpload with parts 1..n and these ETags. */
    RawS3.Response complete(String bucket, String key, String uploadId, List<String> etags) throws IOException {
        List<Integer> numbers = new ArrayList<>();
        for (int i = 1; i <= etags.size(); i++) {
            numbers.add(i);
        }
        return raw.send(
                "POST", path(bucket, key), Map.of("uploadId", uploadId), Map.of(), completeBody(numbers, etags));
    }

    static byte[] completeBody(List<Integer> partNumbers, List<String> etags) {
        StringBuilder b = new StringBuilder("<CompleteMultipartUpload>");
        for (int i = 0; i < partNumbers.size(); i++) {
            b.append("<Part><PartNumber>")
                    .append(partNumbers.get(i))
                    .append("</PartNumber><ETag>")
                    .append(etags.get(i))
                    .append("</ETag></Part>");
        }
        return bytes(b.append("</CompleteMultipartUpload>").toString());
    }

    private static String assertNotNullReturn(String value, RawS3.Response r) {
        assertNotNull(value, r.text());
        return value;
    }
}
