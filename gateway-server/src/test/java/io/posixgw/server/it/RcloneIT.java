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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * rclone (Debian) with an S3 remote of {@code provider = Other} and {@code force_path_style = true}.
 * Its environment is built from scratch, so {@code AWS_CA_BUNDLE} (which makes this rclone fail
 * on plain HTTP) is never set.
 */
@CompatClient(Client.RCLONE)
class RcloneIT {
    static final int MIB = 1024 * 1024;
    static final String BUCKET = "rclone";
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path tmp;

    static Path root;
    static TestGateway gw;
    static ClientProcess.Env env;
    static Path config;

    @BeforeAll
    static void start() throws Exception {
        ClientProcess.requireExecutable(Client.RCLONE_BIN, "apt-get install rclone");
        root = Files.createDirectories(tmp.resolve("data"));
        gw = TestGateway.start(root, "--fsync", "off");
        env = new ClientProcess.Env(tmp.resolve("home"));
        config = env.home.resolve("rclone.conf");
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "[gw]",
                        "type = s3",
                        "provider = Other",
                        "access_key_id = " + TestGateway.ACCESS,
                        "secret_access_key = " + TestGateway.SECRET,
                        "endpoint = " + gw.endpoint(),
                        "region = us-east-1",
                        "force_path_style = true",
                        ""),
                StandardCharsets.UTF_8);
        rclone("mkdir", "gw:" + BUCKET);
        assertTrue(Files.isDirectory(root.resolve(BUCKET)));
    }

    @AfterAll
    static void stop() {
        if (gw != null) {
            gw.close();
        }
    }

    static ClientProcess.Result rclone(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Client.RCLONE_BIN.toString(), "--config", config.toString()));
        cmd.addAll(List.of(args));
        return env.run(cmd).ok();
    }

    /** {@code rclone lsjson -R --files-only} → path → size. */
    static Map<String, Long> lsjson(String remote) throws Exception {
        Map<String, Long> files = new TreeMap<>();
        for (JsonNode n :
                JSON.readTree(rclone("lsjson", "-R", "--files-only", remote).stdout())) {
            files.put(n.get("Path").asText(), n.get("Size").asLong());
        }
        return files;
    }

    @Test
    @Covers({
        "mkdir (CreateBucket)",
        "copyto (put, get)",
        "copyto 6 MiB (multipart)",
        "cat",
        "lsjson",
        "md5sum",
        "deletefile"
    })
    void putGetListDelete() throws Exception {
        byte[] small = ObjectFiles.random(12_345, 1);
        byte[] big = ObjectFiles.random(6 * MIB + 7, 2);
        Path dir = Files.createDirectories(tmp.resolve("one"));
        Files.write(dir.resolve("small.bin"), small);
        Files.write(dir.resolve("big.bin"), big);
        rclone("copyto", dir.resolve("small.bin").toString(), "gw:rclone/one/small file+plus é.bin");
        // 5 MiB chunks from 5 MiB up: a multipart upload (rclone's default cutoff is 200 MiB).
        rclone(
                "copyto",
                "--s3-upload-cutoff",
                "5M",
                "--s3-chunk-size",
                "5M",
                dir.resolve("big.bin").toString(),
                "gw:rclone/one/big.bin");
        ObjectFiles.assertStored(root, BUCKET, "one/small file+plus é.bin", small);
        ObjectFiles.assertStored(root, BUCKET, "one/big.bin", big);
        assertEquals(
                ObjectFiles.multipartEtag(big, 5 * MIB),
                ObjectFiles.xattr(root, BUCKET, "one/big.bin", "etag"),
                "uploaded in 5 MiB parts");

        assertEquals(
                Map.of("big.bin", (long) big.length, "small file+plus é.bin", (long) small.length),
                lsjson("gw:rclone/one"));
        List<String> sums = rclone("md5sum", "gw:rclone/one").lines();
        assertTrue(sums.contains(ObjectFiles.etag(big).replace("\"", "") + "  big.bin"), sums.toString());
        assertTrue(
                sums.contains(ObjectFiles.etag(small).replace("\"", "") + "  small file+plus é.bin"), sums.toString());

        rclone("copyto", "gw:rclone/one/big.bin", dir.resolve("big.down").toString());
        assertArrayEquals(big, Files.readAllBytes(dir.resolve("big.down")));
        String text = "a text object, é ü 日本\n";
        Files.writeString(dir.resolve("note.txt"), text, StandardCharsets.UTF_8);
        rclone("copyto", dir.resolve("note.txt").toString(), "gw:rclone/one/note.txt");
        assertEquals(text, rclone("cat", "gw:rclone/one/note.txt").stdout());
        rclone("deletefile", "gw:rclone/one/note.txt");
        rclone(
                "copyto",
                "gw:rclone/one/small file+plus é.bin",
                dir.resolve("small.down").toString());
        assertArrayEquals(small, Files.readAllBytes(dir.resolve("small.down")));

        rclone("deletefile", "gw:rclone/one/small file+plus é.bin");
        ObjectFiles.assertAbsent(root, BUCKET, "one/small file+plus é.bin");
        assertEquals(Map.of("big.bin", (long) big.length), lsjson("gw:rclone/one"));
        rclone("deletefile", "gw:rclone/one/big.bin");
        assertEquals(Map.of(), lsjson("gw:rclone/one"));
        ObjectFiles.assertNoStagingDebris(root, BUCKET);
    }

    @Test
    @Covers({"sync of 200 files up and back", "check (MD5)", "check --download (byte-equal)", "sync --delete", "purge"})
    void syncTreeOf200FilesCheckAndBack() throws Exception {
        Path src = tmp.resolve("tree-src");
        Map<String, byte[]> tree = LocalTrees.write(src, 200, 201);
        rclone("sync", src.toString(), "gw:rclone/tree");
        LocalTrees.assertSame(tree, LocalTrees.stored(root, BUCKET, "tree"), "stored after sync up");
        Map<String, Long> expected = new TreeMap<>();
        tree.forEach((k, v) -> expected.put(k, (long) v.length));
        assertEquals(expected, lsjson("gw:rclone/tree"));

        String check = rclone("check", src.toString(), "gw:rclone/tree").stderr();
        assertTrue(check.contains("0 differences found") && check.contains("200 matching files"), check);
        String download =
                rclone("check", "--download", src.toString(), "gw:rclone/tree").stderr();
        assertTrue(download.contains("0 differences found") && download.contains("200 matching files"), download);

        // One file changed and one removed locally: sync makes the remote follow, check agrees again.
        String changed = tree.keySet().stream()
                .filter(k -> k.contains("with space"))
                .findFirst()
                .orElseThrow();
        String removed = tree.keySet().stream()
                .filter(k -> k.contains("ünïcödé"))
                .findFirst()
                .orElseThrow();
        byte[] newBytes = "new content".getBytes(StandardCharsets.UTF_8);
        Files.write(src.resolve(changed), newBytes);
        Files.delete(src.resolve(removed));
        tree.put(changed, newBytes);
        tree.remove(removed);
        rclone("sync", src.toString(), "gw:rclone/tree");
        LocalTrees.assertSame(tree, LocalTrees.stored(root, BUCKET, "tree"), "stored after the second sync");
        String recheck =
                rclone("check", "--download", src.toString(), "gw:rclone/tree").stderr();
        assertTrue(recheck.contains("0 differences found") && recheck.contains("199 matching files"), recheck);

        Path back = tmp.resolve("tree-back");
        rclone("sync", "gw:rclone/tree", back.toString());
        LocalTrees.assertSame(tree, LocalTrees.read(back), "synced back");

        rclone("purge", "gw:rclone/tree");
        assertFalse(Files.exists(root.resolve(BUCKET).resolve("tree")));
        assertEquals(Map.of(), lsjson("gw:rclone/tree"));
        ObjectFiles.assertNoStagingDebris(root, BUCKET);
    }
}
