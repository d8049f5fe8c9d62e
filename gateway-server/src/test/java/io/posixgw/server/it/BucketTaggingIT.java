package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Get/Put/DeleteBucketTagging over raw signed HTTP, in both metadata modes: S3's rules, and the tags where versitygw
 * keeps them, the bucket directory's {@code X-Amz-Tagging} attribute as a JSON object (xattr {@code user.X-Amz-Tagging},
 * or the sidecar's {@code <bucket>/meta/X-Amz-Tagging}).
 */
class BucketTaggingIT {
    @TempDir
    Path tmp;

    static String tagging(String... keyValues) {
        StringBuilder b = new StringBuilder("<Tagging><TagSet>");
        for (int i = 0; i < keyValues.length; i += 2) {
            b.append("<Tag><Key>")
                    .append(keyValues[i])
                    .append("</Key><Value>")
                    .append(keyValues[i + 1])
                    .append("</Value></Tag>");
        }
        return b.append("</TagSet></Tagging>").toString();
    }

    static Map<String, String> md5(byte[] body) throws Exception {
        return Map.of(
                "content-md5",
                Base64.getEncoder()
                        .encodeToString(MessageDigest.getInstance("MD5").digest(body)));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void bucketTagging(boolean sidecarMode) throws Exception {
        Path root = Files.createDirectories(tmp.resolve("data"));
        Path sidecar = tmp.resolve("sidecar");
        List<String> args = new ArrayList<>(List.of("--fsync", "off"));
        if (sidecarMode) {
            args.addAll(List.of("--sidecar", sidecar.toString()));
        }
        try (TestGateway gw = TestGateway.start(root, args.toArray(new String[0]))) {
            RawS3 raw = gw.raw();
            assertEquals(
                    200,
                    raw.send("PUT", "/tagged", Map.of(), Map.of(), new byte[0]).status());
            RawS3.Response none = raw.send("GET", "/tagged", Map.of("tagging", ""), Map.of(), new byte[0]);
            assertEquals(404, none.status(), none.text());
            assertEquals("NoSuchTagSet", none.errorCode());

            byte[] body = tagging("team", "storage", "cost-centre", "42").getBytes(StandardCharsets.UTF_8);
            RawS3.Response noDigest = raw.send("PUT", "/tagged", Map.of("tagging", ""), Map.of(), body);
            assertEquals(400, noDigest.status(), noDigest.text());
            assertEquals("InvalidRequest", noDigest.errorCode());
            RawS3.Response put = raw.send("PUT", "/tagged", Map.of("tagging", ""), md5(body), body);
            assertEquals(204, put.status(), put.text());

            RawS3.Response got = raw.send("GET", "/tagged", Map.of("tagging", ""), Map.of(), new byte[0]);
            assertEquals(200, got.status(), got.text());
            assertEquals(List.of("cost-centre", "team"), got.elements("Key"));
            assertEquals(List.of("42", "storage"), got.elements("Value"));

            String stored = sidecarMode
                    ? Files.readString(sidecar.resolve("tagged").resolve("meta").resolve("X-Amz-Tagging"))
                    : xattr(root.resolve("tagged"), "X-Amz-Tagging");
            assertEquals(
                    "{\"cost-centre\":\"42\",\"team\":\"storage\"}", stored, "versitygw's JSON object of key to value");

            refused(raw, tagging("a", "1", "a", "2"), "InvalidTag");
            refused(raw, tagging("aws:owner", "x"), "InvalidTag");
            refused(raw, tagging("k".repeat(129), "v"), "InvalidTag");
            refused(raw, tagging("k", "v".repeat(257)), "InvalidTag");
            String[] fifty = new String[100];
            String[] fiftyOne = new String[102];
            for (int i = 0; i < 51; i++) {
                if (i < 50) {
                    fifty[2 * i] = "k" + i;
                    fifty[2 * i + 1] = "v";
                }
                fiftyOne[2 * i] = "k" + i;
                fiftyOne[2 * i + 1] = "v";
            }
            refused(raw, tagging(fiftyOne), "InvalidTag");
            assertEquals(
                    List.of("cost-centre", "team"),
                    raw.send("GET", "/tagged", Map.of("tagging", ""), Map.of(), new byte[0])
                            .elements("Key"),
                    "a refused PUT changes nothing");
            byte[] max = tagging(fifty).getBytes(StandardCharsets.UTF_8);
            assertEquals(
                    204,
                    raw.send("PUT", "/tagged", Map.of("tagging", ""), md5(max), max)
                            .status());
            assertEquals(
                    50,
                    raw.send("GET", "/tagged", Map.of("tagging", ""), Map.of(), new byte[0])
                            .elements("Key")
                            .size());

            assertEquals(
                    204,
                    raw.send("DELETE", "/tagged", Map.of("tagging", ""), Map.of(), new byte[0])
                            .status());
            assertEquals(
                    "NoSuchTagSet",
                    raw.send("GET", "/tagged", Map.of("tagging", ""), Map.of(), new byte[0])
                            .errorCode());
            assertEquals(
                    204,
                    raw.send("DELETE", "/tagged", Map.of("tagging", ""), Map.of(), new byte[0])
                            .status());
            if (sidecarMode) {
                assertFalse(
                        Files.exists(sidecar.resolve("tagged").resolve("meta").resolve("X-Amz-Tagging")));
            } else {
                assertFalse(names(root.resolve("tagged")).contains("X-Amz-Tagging"));
            }
            assertEquals(
                    "NoSuchBucket",
                    raw.send("GET", "/untagged-missing", Map.of("tagging", ""), Map.of(), new byte[0])
                            .errorCode());
            assertEquals(
                    "NoSuchBucket",
                    raw.send("PUT", "/untagged-missing", Map.of("tagging", ""), md5(body), body)
                            .errorCode());
        }
    }

    private static void refused(RawS3 raw, String xml, String code) throws Exception {
        byte[] body = xml.getBytes(StandardCharsets.UTF_8);
        RawS3.Response r = raw.send("PUT", "/tagged", Map.of("tagging", ""), md5(body), body);
        assertEquals(400, r.status(), r.text());
        assertEquals(code, r.errorCode(), r.text());
    }

    private static String xattr(Path dir, String name) throws Exception {
        UserDefinedFileAttributeView view = Files.getFileAttributeView(dir, UserDefinedFileAttributeView.class);
        ByteBuffer b = ByteBuffer.allocate(view.size(name));
        view.read(name, b);
        return new String(b.array(), 0, b.position(), StandardCharsets.UTF_8);
    }

    private static List<String> names(Path dir) throws Exception {
        return Files.getFileAttributeView(dir, UserDefinedFileAttributeView.class)
                .list();
    }
}
