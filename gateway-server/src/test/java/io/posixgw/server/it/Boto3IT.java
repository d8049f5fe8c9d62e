package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * boto3 from Debian ({@code python3-boto3}, run by {@code /usr/bin/python3}: the pyenv python on
 * PATH does not see Debian's packages), through {@code src/test/clients/python/boto3_flow.py}.
 * The script prints what it saw as JSON; this test checks it, the files the script downloaded,
 * and the files under the gateway's root.
 */
@CompatClient(Client.BOTO3)
class Boto3IT extends GatewayPerTest {
    static final Path SCRIPT = Path.of("src", "test", "clients", "python", "boto3_flow.py");
    static final int MIB = 1024 * 1024;
    static final String BUCKET = "boto3";

    @BeforeEach
    void requireClient() throws Exception {
        ClientProcess.requireExecutable(Client.PYTHON, "Debian's python3");
    }

    @Test
    @Covers({
        "create_bucket",
        "upload_fileobj / download_fileobj (s3transfer multipart, 4 threads)",
        "head_object",
        "list_objects_v2 paginator",
        "list_objects_v2 with delimiter",
        "list_object_versions paginator",
        "get_bucket_acl, get_object_acl, put_object_acl (bucket-owner-full-control; public-read refused)",
        "get_object_attributes (parts paged)",
        "copy_object (COPY, REPLACE)",
        "delete_objects",
        "generate_presigned_url (SigV4) GET and PUT with urllib",
        "put_object / get_object with ChecksumAlgorithm CRC32, SHA1, SHA256 (validated)"
    })
    void boto3Flow() throws Exception {
        Path work = Files.createDirectories(tmp.resolve("work"));
        byte[] big = ObjectFiles.random(17 * MIB + 5, 17);
        byte[] small = ObjectFiles.random(3333, 3);
        Files.write(work.resolve("big.bin"), big);
        Files.write(work.resolve("small.bin"), small);
        List<String> keys = ObjectFiles.listingKeys();
        Files.writeString(work.resolve("keys.txt"), String.join("\n", keys) + "\n", StandardCharsets.UTF_8);

        ClientProcess.Result r = new ClientProcess.Env(tmp.resolve("home"))
                .put("AWS_ACCESS_KEY_ID", TestGateway.ACCESS)
                .put("AWS_SECRET_ACCESS_KEY", TestGateway.SECRET)
                .put("AWS_CONFIG_FILE", tmp.resolve("home/aws-config").toString())
                .put(
                        "AWS_SHARED_CREDENTIALS_FILE",
                        tmp.resolve("home/aws-credentials").toString())
                .put("AWS_EC2_METADATA_DISABLED", "true")
                .put("PYTHONDONTWRITEBYTECODE", "1")
                .timeout(java.time.Duration.ofSeconds(120))
                .run(
                        Client.PYTHON.toString(),
                        SCRIPT.toAbsolutePath().toString(),
                        "--endpoint",
                        gw.endpoint(),
                        "--bucket",
                        BUCKET,
                        "--workdir",
                        work.toString())
                .ok();
        List<String> lines = r.lines();
        JsonNode out = new ObjectMapper().readTree(lines.get(lines.size() - 1));
        String context = r.describe();
        assertEquals(Client.BOTO3.version(), out.get("boto3").asText(), context);

        // upload_fileobj in 5 MiB parts, download_fileobj byte-exact
        String mpEtag = ObjectFiles.multipartEtag(big, 5 * MIB);
        assertEquals(mpEtag, out.at("/head/etag").asText(), context);
        assertEquals(big.length, out.at("/head/length").asLong());
        assertEquals("application/x-boto3", out.at("/head/type").asText());
        assertEquals(Map.of("tool", "boto3"), new ObjectMapper().convertValue(out.at("/head/metadata"), Map.class));
        ObjectFiles.assertStored(root, BUCKET, "transfer/big.bin", big);
        assertArrayEquals(big, Files.readAllBytes(work.resolve("big.down")), "download_fileobj");

        // paginator: pages of 50, every key once, in UTF-8 byte order
        List<Integer> pages = new ArrayList<>();
        out.get("pages").forEach(p -> pages.add(p.asInt()));
        assertEquals(List.of(50, 50, 20), pages, context);
        List<String> expected = new ArrayList<>(keys);
        expected.sort(ObjectFiles.UTF8_ORDER);
        List<String> listed = new ArrayList<>();
        out.get("listed").forEach(o -> {
            listed.add(o.get("key").asText());
            byte[] body = o.get("key").asText().getBytes(StandardCharsets.UTF_8);
            assertEquals(body.length, o.get("size").asInt(), o.toString());
            assertEquals(ObjectFiles.etag(body), o.get("etag").asText(), o.toString());
        });
        assertEquals(expected, listed);
        List<String> prefixes = new ArrayList<>();
        out.get("prefixes").forEach(p -> prefixes.add(p.asText()));
        assertEquals(List.of("list/a/", "list/b/", "list/c/"), prefixes);
        // list_object_versions: every key once, as its null version, latest
        List<String> versioned = new ArrayList<>();
        out.get("versions").forEach(v -> {
            assertEquals("null", v.path("version").asText(), v.toString());
            assertTrue(v.path("latest").asBoolean(), v.toString());
            versioned.add(v.get("key").asText());
        });
        assertEquals(expected, versioned);
        // get_object_attributes: the multipart object's ETag (unquoted), size and first page of parts
        assertEquals(mpEtag.replace("\"", ""), out.at("/attributes/etag").asText(), context);
        assertEquals(big.length, out.at("/attributes/size").asLong());
        assertEquals(4, out.at("/attributes/parts").asInt(), "17 MiB in 5 MiB parts");
        assertEquals(
                "[" + 5 * MIB + "," + 5 * MIB + "]", out.at("/attributes/page").toString());
        assertTrue(out.at("/attributes/truncated").asBoolean());
        // ACLs: the owner's full control, nothing else; a public grant is refused
        assertEquals(TestGateway.ACCESS, out.at("/acl/bucket_owner").asText(), context);
        for (String grants : List.of("/acl/bucket_grants", "/acl/object_grants")) {
            assertEquals(
                    "[[\"" + TestGateway.ACCESS + "\",\"CanonicalUser\",\"FULL_CONTROL\"]]",
                    out.at(grants).toString(),
                    context);
        }
        assertEquals("AccessControlListNotSupported", out.at("/acl/public_read").asText(), context);

        // copy_object: a copy is a new single-part object (ETag = MD5); COPY keeps metadata, REPLACE sets it
        assertEquals(ObjectFiles.etag(big), out.at("/copy/etag").asText());
        assertEquals(ObjectFiles.etag(big), out.at("/copy/replaced_etag").asText());
        assertEquals("boto3", out.at("/copy/same/tool").asText());
        assertEquals("copy", out.at("/copy/replaced/tool").asText());
        assertEquals("text/x-replaced", out.at("/copy/replaced_type").asText());
        ObjectFiles.assertStored(root, BUCKET, "copy/same meta.bin", big);
        ObjectFiles.assertStored(root, BUCKET, "copy/new meta.bin", big);

        // flexible checksums, as botocore computes them
        Map<String, String> expectedSums = Map.of(
                "CRC32", AwsChunkedEncoder.Algorithm.CRC32.base64(small),
                "SHA1",
                        Base64.getEncoder()
                                .encodeToString(
                                        MessageDigest.getInstance("SHA-1").digest(small)),
                "SHA256",
                        Base64.getEncoder()
                                .encodeToString(
                                        MessageDigest.getInstance("SHA-256").digest(small)));
        for (Map.Entry<String, String> e : expectedSums.entrySet()) {
            String alg = e.getKey();
            assertEquals(e.getValue(), out.at("/checksums/" + alg + "/put").asText(), alg + " echoed by PutObject");
            assertEquals(
                    e.getValue(), out.at("/checksums/" + alg + "/get").asText(), alg + " returned in checksum mode");
            assertTrue(out.at("/checksums/" + alg + "/same_body").asBoolean());
            ObjectFiles.assertStored(root, BUCKET, "checksum/" + alg, small);
        }

        // presigned URLs: SigV4, used by urllib
        assertTrue(
                out.get("presigned_sigv4").asBoolean(),
                out.get("presigned_urls").toString());
        assertEquals(200, out.at("/presigned_put/status").asInt());
        assertEquals(ObjectFiles.etag(small), out.at("/presigned_put/etag").asText());
        ObjectFiles.assertStored(root, BUCKET, "presigned/a b+c%.bin", small);
        assertEquals(200, out.at("/presigned_get/status").asInt());
        assertArrayEquals(big, Files.readAllBytes(work.resolve("presigned.down")), "presigned GET");

        // delete_objects: every key reported deleted (a missing key too, as S3 does), none left
        assertEquals(keys.size() + 1, out.get("deleted").asInt(), context);
        assertTrue(out.get("delete_errors").isEmpty(), out.get("delete_errors").toString());
        assertEquals(0, out.get("after_delete").asInt());
        for (String k : keys) {
            ObjectFiles.assertAbsent(root, BUCKET, k);
        }
        assertFalse(Files.exists(root.resolve(BUCKET).resolve("list")), "emptied prefix directories are gone");
        ObjectFiles.assertNoStagingDebris(root, BUCKET);
    }
}
