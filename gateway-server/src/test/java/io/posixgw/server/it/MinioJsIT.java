package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * minio-js (npm {@code minio}, Node) through {@code src/test/clients/node/minio_flow.mjs}, installed
 * by {@link NodeClients} from the committed package-lock.json. No region configured: the client
 * discovers it with GetBucketLocation.
 */
@CompatClient(Client.MINIO_JS)
class MinioJsIT extends GatewayPerTest {
    static final int MIB = 1024 * 1024;
    static final String BUCKET = "minio-js";

    @Test
    @Covers({
        "makeBucket, bucketExists (region discovery)",
        "putObject from a stream (multipart, 5 MiB parts)",
        "putObject of unknown size",
        "getObject stream",
        "getPartialObject",
        "statObject (type, metadata)",
        "listObjectsV2 recursive",
        "listObjects by prefix",
        "copyObject",
        "removeObjects",
        "removeObject"
    })
    void minioJsFlow() throws Exception {
        Path work = Files.createDirectories(tmp.resolve("work"));
        byte[] big = ObjectFiles.random(17 * MIB + 5, 21);
        Files.write(work.resolve("big.bin"), big);
        List<String> keys = ObjectFiles.listingKeys();
        Files.writeString(work.resolve("keys.txt"), String.join("\n", keys) + "\n", StandardCharsets.UTF_8);

        NodeClients.Run run = NodeClients.run("minio_flow.mjs", gw, BUCKET, work, tmp.resolve("home"));
        JsonNode out = run.out();
        String context = run.result().describe();
        assertEquals(Client.MINIO_JS.version(), out.get("minio").asText(), context);
        assertTrue(out.get("bucketExists").asBoolean());

        String mpEtag = ObjectFiles.multipartEtag(big, 5 * MIB);
        assertEquals(mpEtag.replace("\"", ""), out.at("/put/etag").asText(), context);
        ObjectFiles.assertStored(root, BUCKET, "stream/big.bin", big);
        ObjectFiles.assertStored(root, BUCKET, "stream/unknown size.bin", big);
        assertTrue(out.at("/putUnknown/etag").asText().matches("[0-9a-f]{32}(-\\d+)?"), out.toString());
        assertArrayEquals(big, Files.readAllBytes(work.resolve("big.down")), "getObject");
        assertArrayEquals(
                Arrays.copyOfRange(big, 1000, 1100),
                Files.readAllBytes(work.resolve("range.down")),
                "getPartialObject");

        assertEquals(big.length, out.at("/stat/size").asLong());
        assertEquals(mpEtag.replace("\"", ""), out.at("/stat/etag").asText());
        assertEquals("application/x-minio-js", out.at("/stat/type").asText());
        assertEquals("minio-js", out.at("/stat/tool").asText(), out.get("stat").toString());

        List<String> expected = new ArrayList<>(keys);
        expected.sort(ObjectFiles.UTF8_ORDER);
        List<String> listed = new ArrayList<>();
        for (JsonNode o : out.get("listRecursive")) {
            listed.add(o.get("key").asText());
            byte[] body = o.get("key").asText().getBytes(StandardCharsets.UTF_8);
            assertEquals(body.length, o.get("size").asInt(), o.toString());
            assertEquals(ObjectFiles.etag(body).replace("\"", ""), o.get("etag").asText(), o.toString());
        }
        assertEquals(expected, listed);
        List<String> shallow = new ArrayList<>();
        out.get("listShallow")
                .forEach(o -> shallow.add(
                        o.has("prefix")
                                ? "P " + o.get("prefix").asText()
                                : o.get("key").asText()));
        List<String> expectedShallow = new ArrayList<>(List.of("P list/a/", "P list/b/", "P list/c/"));
        keys.stream().filter(k -> k.indexOf('/', 5) < 0).forEach(expectedShallow::add);
        assertEquals(expectedShallow.size(), shallow.size(), shallow.toString());
        assertTrue(shallow.containsAll(expectedShallow), shallow.toString());

        assertEquals(
                ObjectFiles.etag(big).replace("\"", ""),
                out.at("/copy/etag").asText().replace("\"", ""));
        assertArrayEquals(big, Files.readAllBytes(work.resolve("copy.down")), "copy read back");

        assertTrue(out.get("removeErrors").isEmpty(), out.get("removeErrors").toString());
        assertEquals(0, out.get("afterRemove").asInt());
        assertEquals(0, out.get("afterRemoveOne").asInt());
        for (String k : keys) {
            ObjectFiles.assertAbsent(root, BUCKET, k);
        }
        ObjectFiles.assertAbsent(root, BUCKET, "copy/big copy.bin");
        ObjectFiles.assertNoStagingDebris(root, BUCKET);
    }
}
