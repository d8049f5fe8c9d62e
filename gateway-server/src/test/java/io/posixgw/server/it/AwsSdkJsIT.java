package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The AWS SDK for JavaScript v3 ({@code @aws-sdk/client-s3}, Node) with its default integrity
 * settings, through {@code src/test/clients/node/aws_sdk_flow.mjs}, installed by {@link NodeClients}
 * from the committed package-lock.json.
 */
@CompatClient(Client.AWS_SDK_JS)
class AwsSdkJsIT extends GatewayPerTest {
    static final int MIB = 1024 * 1024;
    static final String BUCKET = "aws-sdk-js";

    @Test
    @Covers({
        "CreateBucket, HeadBucket",
        "PutObject from a file stream (CRC32 trailer)",
        "PutObject from a Buffer",
        "GetObject stream with checksum validation",
        "GetObject range",
        "HeadObject (type, metadata)",
        "paginateListObjectsV2",
        "ListObjectsV2 with delimiter",
        "CopyObject",
        "DeleteObjects",
        "DeleteObject"
    })
    void awsSdkJsFlow() throws Exception {
        Path work = Files.createDirectories(tmp.resolve("work"));
        byte[] big = ObjectFiles.random(9 * MIB + 7, 22);
        Files.write(work.resolve("big.bin"), big);
        List<String> keys = ObjectFiles.listingKeys();
        Files.writeString(work.resolve("keys.txt"), String.join("\n", keys) + "\n", StandardCharsets.UTF_8);

        NodeClients.Run run = NodeClients.run("aws_sdk_flow.mjs", gw, BUCKET, work, tmp.resolve("home"));
        JsonNode out = run.out();
        String context = run.result().describe();
        assertEquals(Client.AWS_SDK_JS.version(), out.get("awsSdk").asText(), context);

        String crc32 = AwsChunkedEncoder.Algorithm.CRC32.base64(big);
        assertEquals(ObjectFiles.etag(big), out.at("/put/etag").asText(), context);
        assertEquals(
                crc32,
                out.at("/put/crc32").asText(),
                "the SDK's default CRC32, verified and echoed: " + out.get("put"));
        ObjectFiles.assertStored(root, BUCKET, "stream/big.bin", big);
        byte[] small = "small body from a buffer, é\n".getBytes(StandardCharsets.UTF_8);
        assertEquals(ObjectFiles.etag(small), out.at("/putBuffer/etag").asText());
        ObjectFiles.assertStored(root, BUCKET, "buffer/small é+.txt", small);

        assertEquals(big.length, out.at("/get/length").asLong());
        assertEquals(crc32, out.at("/get/crc32").asText(), "stored checksum returned in checksum mode");
        assertArrayEquals(big, Files.readAllBytes(work.resolve("big.down")), "GetObject");
        assertEquals(
                "bytes 1000-1099/" + big.length, out.at("/range/contentRange").asText());
        assertArrayEquals(
                Arrays.copyOfRange(big, 1000, 1100),
                Files.readAllBytes(work.resolve("range.down")),
                "ranged GetObject");

        assertEquals(big.length, out.at("/head/length").asLong());
        assertEquals(ObjectFiles.etag(big), out.at("/head/etag").asText());
        assertEquals("application/x-aws-sdk-js", out.at("/head/type").asText());
        assertEquals(
                Map.of("tool", "aws-sdk-js"), new ObjectMapper().convertValue(out.at("/head/metadata"), Map.class));

        List<Integer> pages = new ArrayList<>();
        out.get("pages").forEach(p -> pages.add(p.asInt()));
        assertEquals(List.of(50, 50, 20), pages, context);
        List<String> expected = new ArrayList<>(keys);
        expected.sort(ObjectFiles.UTF8_ORDER);
        List<String> listed = new ArrayList<>();
        for (JsonNode o : out.get("listed")) {
            listed.add(o.get("key").asText());
            byte[] body = o.get("key").asText().getBytes(StandardCharsets.UTF_8);
            assertEquals(body.length, o.get("size").asInt(), o.toString());
            assertEquals(ObjectFiles.etag(body), o.get("etag").asText(), o.toString());
        }
        assertEquals(expected, listed);
        List<String> prefixes = new ArrayList<>();
        out.get("prefixes").forEach(p -> prefixes.add(p.asText()));
        assertEquals(List.of("list/a/", "list/b/", "list/c/"), prefixes);

        assertEquals(ObjectFiles.etag(big), out.at("/copy/etag").asText());
        assertArrayEquals(big, Files.readAllBytes(work.resolve("copy.down")), "copy read back");

        assertEquals(keys.size(), out.get("deleted").asInt(), context);
        assertTrue(out.get("deleteErrors").isEmpty(), out.get("deleteErrors").toString());
        assertEquals(0, out.get("afterDelete").asInt());
        assertEquals(0, out.get("afterDeleteOne").asInt());
        for (String k : keys) {
            ObjectFiles.assertAbsent(root, BUCKET, k);
        }
        ObjectFiles.assertAbsent(root, BUCKET, "copy/big copy.bin");
        ObjectFiles.assertNoStagingDebris(root, BUCKET);
    }
}
