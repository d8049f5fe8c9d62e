package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * s3cmd (Debian) with a config file in a fresh HOME and, on every call, the flags a user points it
 * at another endpoint with: {@code --host}, {@code --host-bucket} (path-style), {@code --no-ssl},
 * {@code --region us-east-1}.
 */
@CompatClient(Client.S3CMD)
class S3cmdIT {
    static final int MIB = 1024 * 1024;
    static final String BUCKET = "s3cmd";

    @TempDir
    static Path tmp;

    static Path root;
    static TestGateway gw;
    static ClientProcess.Env env;
    static Path config;

    @BeforeAll
    static void start() throws Exception {
        ClientProcess.requireExecutable(Client.S3CMD_BIN, "apt-get install s3cmd");
        root = Files.createDirectories(tmp.resolve("data"));
        gw = TestGateway.start(root, "--fsync", "off");
        env = new ClientProcess.Env(tmp.resolve("home"));
        config = env.home.resolve(".s3cfg");
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "[default]",
                        "access_key = " + TestGateway.ACCESS,
                        "secret_key = " + TestGateway.SECRET,
                        "host_base = 127.0.0.1:" + gw.port,
                        "host_bucket = 127.0.0.1:" + gw.port,
                        "use_https = False",
                        "bucket_location = us-east-1",
                        "signature_v2 = False",
                        "progress_meter = False",
                        ""),
                StandardCharsets.UTF_8);
        s3cmd("mb", "s3://" + BUCKET);
        assertTrue(Files.isDirectory(root.resolve(BUCKET)));
    }

    @AfterAll
    static void stop() {
        if (gw != null) {
            gw.close();
        }
    }

    static ClientProcess.Result s3cmd(String... args) throws Exception {
        String hostPort = "127.0.0.1:" + gw.port;
        List<String> cmd = new ArrayList<>(List.of(
                Client.S3CMD_BIN.toString(),
                "-c",
                config.toString(),
                "--host",
                hostPort,
                "--host-bucket",
                hostPort,
                "--no-ssl",
                "--region",
                "us-east-1"));
        cmd.addAll(List.of(args));
        return env.run(cmd).ok();
    }

    /** {@code s3cmd ls} object lines "date time size s3://bucket/key" → key → size (DIR lines skipped). */
    static Map<String, Long> parseLs(ClientProcess.Result r) {
        return parseLs(r, BUCKET);
    }

    static Map<String, Long> parseLs(ClientProcess.Result r, String bucket) {
        Map<String, Long> objects = new TreeMap<>();
        String prefix = "s3://" + bucket + "/";
        for (String line : r.lines()) {
            String[] f = line.trim().split("\\s+", 4);
            if (f.length == 4 && f[3].startsWith(prefix)) {
                objects.put(f[3].substring(prefix.length()), Long.parseLong(f[2]));
            }
        }
        return objects;
    }

    @Test
    @Covers({"mb", "put", "put 20 MiB (multipart)", "info", "ls", "get", "del"})
    void putInfoListGetDelete() throws Exception {
        byte[] small = ObjectFiles.random(10_000, 1);
        byte[] big = ObjectFiles.random(20 * MIB + 1, 2);
        Path dir = Files.createDirectories(tmp.resolve("one"));
        Files.write(dir.resolve("small.bin"), small);
        Files.write(dir.resolve("big.bin"), big);
        s3cmd("put", dir.resolve("small.bin").toString(), "s3://s3cmd/one/small file+plus.bin");
        s3cmd("put", dir.resolve("big.bin").toString(), "s3://s3cmd/one/big.bin");
        ObjectFiles.assertStored(root, BUCKET, "one/small file+plus.bin", small);
        ObjectFiles.assertStored(root, BUCKET, "one/big.bin", big);
        ObjectFiles.assertNoStagingDebris(root, BUCKET);

        String info = s3cmd("info", "s3://s3cmd/one/big.bin").stdout();
        assertTrue(info.contains("File size: " + big.length), info);
        assertTrue(
                info.contains(ObjectFiles.etag(big).replace("\"", "")), "s3cmd's MD5 of a multipart upload: " + info);

        assertEquals(
                Map.of("one/big.bin", (long) big.length, "one/small file+plus.bin", (long) small.length),
                parseLs(s3cmd("ls", "s3://s3cmd/one/")));

        s3cmd(
                "get",
                "s3://s3cmd/one/small file+plus.bin",
                dir.resolve("small.down").toString());
        s3cmd("get", "s3://s3cmd/one/big.bin", dir.resolve("big.down").toString());
        assertArrayEquals(small, Files.readAllBytes(dir.resolve("small.down")));
        assertArrayEquals(big, Files.readAllBytes(dir.resolve("big.down")));

        s3cmd("del", "s3://s3cmd/one/small file+plus.bin", "s3://s3cmd/one/big.bin");
        ObjectFiles.assertAbsent(root, BUCKET, "one/big.bin");
        ObjectFiles.assertAbsent(root, BUCKET, "one/small file+plus.bin");
        assertEquals(Map.of(), parseLs(s3cmd("ls", "s3://s3cmd/one/")));
    }

    @Test
    @Covers({"sync of 200 files up and back", "sync (nothing to do)", "ls --recursive", "del --recursive", "rb"})
    void syncTreeOf200FilesUpAndBack() throws Exception {
        s3cmd("mb", "s3://s3cmd-sync");
        Path src = tmp.resolve("tree-src");
        Map<String, byte[]> tree = LocalTrees.write(src, 200, 200);
        s3cmd("sync", src + "/", "s3://s3cmd-sync/tree/");
        LocalTrees.assertSame(tree, LocalTrees.stored(root, "s3cmd-sync", "tree"), "stored after sync up");

        Map<String, Long> expected = new TreeMap<>();
        tree.forEach((k, v) -> expected.put("tree/" + k, (long) v.length));
        assertEquals(expected, parseLs(s3cmd("ls", "--recursive", "s3://s3cmd-sync/tree/"), "s3cmd-sync"));

        String again = s3cmd("sync", src + "/", "s3://s3cmd-sync/tree/").stdout();
        assertTrue(again.lines().noneMatch(l -> l.startsWith("upload:")), "a second sync uploads nothing: " + again);

        Path back = Files.createDirectories(tmp.resolve("tree-back"));
        s3cmd("sync", "s3://s3cmd-sync/tree/", back + "/");
        LocalTrees.assertSame(tree, LocalTrees.read(back), "synced back");

        s3cmd("del", "--recursive", "--force", "s3://s3cmd-sync/tree/");
        assertFalse(Files.exists(root.resolve("s3cmd-sync").resolve("tree")));
        assertEquals(Map.of(), parseLs(s3cmd("ls", "--recursive", "s3://s3cmd-sync/"), "s3cmd-sync"));
        s3cmd("rb", "s3://s3cmd-sync");
        assertFalse(Files.exists(root.resolve("s3cmd-sync")));
    }
}
