package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * awscli v2, Debian's {@code /usr/bin/aws} (a pyenv {@code aws} 1.x may come first on PATH), with
 * nothing but {@code --endpoint-url} and the credentials in its environment: the way a user points
 * an existing tool at posixgw. Each test has its own bucket on one {@code --fsync off} server.
 */
@CompatClient(Client.AWSCLI)
class AwsCliIT {
    static final int MIB = 1024 * 1024;
    static final ObjectMapper JSON = new ObjectMapper();
    /** The bucket the object tests share (made with {@code s3 mb}); each test keeps to its own prefix. */
    static final String BUCKET = "cli";

    @TempDir
    static Path tmp;

    static Path root;
    static TestGateway gw;
    static ClientProcess.Env env;

    @BeforeAll
    static void start() throws Exception {
        ClientProcess.requireExecutable(Client.AWS, "apt-get install awscli");
        root = Files.createDirectories(tmp.resolve("data"));
        gw = TestGateway.start(root, "--fsync", "off");
        Path home = tmp.resolve("home");
        env = new ClientProcess.Env(home)
                .put("AWS_ACCESS_KEY_ID", TestGateway.ACCESS)
                .put("AWS_SECRET_ACCESS_KEY", TestGateway.SECRET)
                .put("AWS_DEFAULT_REGION", "us-east-1")
                .put("AWS_CONFIG_FILE", home.resolve("aws-config").toString())
                .put(
                        "AWS_SHARED_CREDENTIALS_FILE",
                        home.resolve("aws-credentials").toString())
                .put("AWS_EC2_METADATA_DISABLED", "true")
                .put("AWS_PAGER", "");
        aws("s3", "mb", "s3://" + BUCKET);
        assertTrue(Files.isDirectory(root.resolve(BUCKET)));
    }

    @AfterAll
    static void stop() {
        if (gw != null) {
            gw.close();
        }
    }

    static ClientProcess.Result aws(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Client.AWS.toString(), "--endpoint-url", gw.endpoint()));
        cmd.addAll(List.of(args));
        return env.run(cmd).ok();
    }

    static JsonNode awsJson(String... args) throws Exception {
        List<String> a = new ArrayList<>(List.of(args));
        a.addAll(List.of("--output", "json"));
        ClientProcess.Result r = aws(a.toArray(new String[0]));
        return r.stdout().isBlank() ? JSON.createObjectNode() : JSON.readTree(r.stdout());
    }

    /** {@code s3 ls} lines "date time size key" → key → size (keys may contain spaces). */
    static Map<String, Long> parseLs(ClientProcess.Result r) {
        Map<String, Long> objects = new TreeMap<>();
        for (String line : r.lines()) {
            String[] f = line.trim().split("\\s+", 4);
            if (!f[0].equals("PRE")) {
                objects.put(f[3], Long.parseLong(f[2]));
            }
        }
        return objects;
    }

    static Path local(String name, byte[] data) throws Exception {
        Path f = tmp.resolve("local").resolve(name);
        Files.createDirectories(f.getParent());
        Files.write(f, data);
        return f;
    }

    @Test
    @Covers({"s3 mb", "s3 ls (buckets)", "s3 rb (BucketNotEmpty)", "s3 rb --force"})
    void makeListAndRemoveBuckets() throws Exception {
        aws("s3", "mb", "s3://cli-gone");
        assertTrue(Files.isDirectory(root.resolve("cli-gone")));
        aws("s3", "cp", local("rb/x", new byte[] {1, 2, 3}).toString(), "s3://cli-gone/a/b/x", "--only-show-errors");
        ObjectFiles.assertStored(root, "cli-gone", "a/b/x", new byte[] {1, 2, 3});
        List<String> buckets = aws("s3", "ls").lines().stream()
                .map(l -> l.substring(l.lastIndexOf(' ') + 1))
                .toList();
        assertTrue(buckets.containsAll(List.of(BUCKET, "cli-gone")), buckets.toString());

        ClientProcess.Result notEmpty =
                env.run(List.of(Client.AWS.toString(), "--endpoint-url", gw.endpoint(), "s3", "rb", "s3://cli-gone"));
        assertTrue(notEmpty.exit() != 0 && notEmpty.stderr().contains("BucketNotEmpty"), notEmpty.describe());
        aws("s3", "rb", "s3://cli-gone", "--force");
        assertFalse(Files.exists(root.resolve("cli-gone")), "rb --force removed the objects, then the bucket");
    }

    @Test
    @Covers({
        "s3 cp 64 MiB (multipart upload with --content-type and --metadata, parallel ranged download)",
        "s3api head-object"
    })
    void multipartCopyOf64MiBUpHeadAndDown() throws Exception {
        byte[] data = ObjectFiles.random(64 * MIB, 64);
        Path up = local("big/64mib.bin", data);
        aws(
                "s3",
                "cp",
                up.toString(),
                "s3://cli/big/64mib.bin",
                "--content-type",
                "application/x-cli",
                "--metadata",
                "origin=awscli,step=1",
                "--only-show-errors");
        ObjectFiles.assertStored(root, BUCKET, "big/64mib.bin", data);
        assertEquals(List.of(), uploadsInProgress(), "the multipart upload was completed, its staging removed");

        JsonNode head = awsJson("s3api", "head-object", "--bucket", BUCKET, "--key", "big/64mib.bin");
        assertEquals(64L * MIB, head.get("ContentLength").asLong());
        // awscli's defaults: multipart_threshold and multipart_chunksize 8 MiB, so 8 parts.
        assertEquals(ObjectFiles.multipartEtag(data, 8 * MIB), head.get("ETag").asText());
        assertEquals("application/x-cli", head.get("ContentType").asText());
        assertEquals(Map.of("origin", "awscli", "step", "1"), JSON.convertValue(head.get("Metadata"), Map.class));

        Path down = tmp.resolve("local/big/64mib.down");
        aws("s3", "cp", "s3://cli/big/64mib.bin", down.toString(), "--only-show-errors");
        assertArrayEquals(data, Files.readAllBytes(down));
        ObjectFiles.assertNoStagingDebris(root, BUCKET);
    }

    /** Upload directories left under {@code <bucket>/.sgwtmp/multipart/<hash>/}. */
    static List<String> uploadsInProgress() throws Exception {
        Path mp = root.resolve(BUCKET).resolve(".sgwtmp").resolve("multipart");
        List<String> ids = new ArrayList<>();
        if (Files.isDirectory(mp)) {
            try (var keys = Files.list(mp)) {
                for (Path k : keys.toList()) {
                    try (var uploads = Files.list(k)) {
                        uploads.filter(Files::isDirectory)
                                .forEach(u -> ids.add(u.getFileName().toString()));
                    }
                }
            }
        }
        return ids;
    }

    @Test
    @Covers({"s3 sync (upload, --delete, download)", "s3 ls --recursive", "s3 ls (prefixes)"})
    void syncUpListAndBack() throws Exception {
        Path src = tmp.resolve("local/sync-src");
        Map<String, byte[]> tree = LocalTrees.write(src, 60, 60);
        aws("s3", "sync", src.toString(), "s3://cli/tree/", "--only-show-errors");
        LocalTrees.assertSame(tree, LocalTrees.stored(root, BUCKET, "tree"), "stored after sync up");

        Map<String, Long> listed = parseLs(aws("s3", "ls", "s3://cli/tree/", "--recursive"));
        Map<String, Long> expected = new TreeMap<>();
        tree.forEach((k, v) -> expected.put("tree/" + k, (long) v.length));
        assertEquals(expected, listed);
        List<String> top = aws("s3", "ls", "s3://cli/tree/").lines().stream()
                .map(String::trim)
                .toList();
        assertEquals(List.of("PRE d0/", "PRE d1/", "PRE d2/", "PRE d3/", "PRE d4/"), top);

        // Change one file, remove another: a second sync with --delete moves exactly those two.
        String changed = tree.keySet().stream()
                .filter(k -> k.contains("with space"))
                .findFirst()
                .orElseThrow();
        String removed = tree.keySet().stream()
                .filter(k -> k.contains("ünïcödé"))
                .findFirst()
                .orElseThrow();
        byte[] newBytes = "changed, and of another size".getBytes(StandardCharsets.UTF_8);
        Files.write(src.resolve(changed), newBytes);
        Files.delete(src.resolve(removed));
        tree.put(changed, newBytes);
        tree.remove(removed);
        List<String> moved = aws("s3", "sync", src.toString(), "s3://cli/tree/", "--delete", "--no-progress")
                .lines();
        assertEquals(2, moved.size(), moved.toString());
        assertTrue(moved.stream().anyMatch(l -> l.startsWith("upload:") && l.contains(changed)), moved.toString());
        assertTrue(moved.stream().anyMatch(l -> l.startsWith("delete:") && l.contains(removed)), moved.toString());
        LocalTrees.assertSame(tree, LocalTrees.stored(root, BUCKET, "tree"), "stored after sync --delete");

        Path back = tmp.resolve("local/sync-back");
        aws("s3", "sync", "s3://cli/tree/", back.toString(), "--only-show-errors");
        LocalTrees.assertSame(tree, LocalTrees.read(back), "synced back");
        ObjectFiles.assertNoStagingDebris(root, BUCKET);
    }

    @Test
    @Covers({"s3 rm", "s3 rm --recursive"})
    void removeOneAndRecursive() throws Exception {
        Path src = tmp.resolve("local/rm-src");
        Map<String, byte[]> tree = LocalTrees.write(src, 20, 20);
        aws("s3", "sync", src.toString(), "s3://cli/rm/", "--only-show-errors");
        String one = "d1/f1.dat";
        assertTrue(tree.containsKey(one));
        aws("s3", "rm", "s3://cli/rm/" + one, "--only-show-errors");
        ObjectFiles.assertAbsent(root, BUCKET, "rm/" + one);
        tree.remove(one);
        aws("s3", "rm", "s3://cli/rm/d2/", "--recursive", "--only-show-errors");
        tree.keySet().removeIf(k -> k.startsWith("d2/"));
        assertFalse(Files.exists(root.resolve("cli/rm/d2")), "emptied prefix directories are gone");
        Map<String, Long> listed = parseLs(aws("s3", "ls", "s3://cli/rm/", "--recursive"));
        assertEquals(tree.keySet().stream().map(k -> "rm/" + k).toList(), new ArrayList<>(listed.keySet()));
        LocalTrees.assertSame(tree, LocalTrees.stored(root, BUCKET, "rm"), "stored after rm");
    }

    /** Keys with a space, '+', '%', other reserved characters, and non-ASCII letters. */
    static final List<String> ODD_KEYS = List.of(
            "odd/a b.txt",
            "odd/1+1=2.txt",
            "odd/100%.txt",
            "odd/50%25 off.txt",
            "odd/q?a&b=c#d;e,f.txt",
            "odd/héllo wörld €.txt",
            "odd/日本語/ファイル 1.txt",
            "odd/emoji-😀.txt",
            "odd/(paren) [bracket] ~tilde'.txt");

    @Test
    @Covers({
        "s3api list-objects-v2 --encoding-type url (space, +, %, unicode)",
        "s3api put-object --checksum-algorithm CRC32"
    })
    void listObjectsV2WithUrlEncodingOfOddKeys() throws Exception {
        Map<String, byte[]> content = new LinkedHashMap<>();
        Path src = tmp.resolve("local/odd-src");
        for (int i = 0; i < ODD_KEYS.size(); i++) {
            String key = ODD_KEYS.get(i);
            byte[] data = (key + " #" + i).getBytes(StandardCharsets.UTF_8);
            content.put(key, data);
            Path f = src.resolve(key);
            Files.createDirectories(f.getParent());
            Files.write(f, data);
        }
        // One key through s3api put-object, the rest through s3 sync (one process for many keys).
        String first = ODD_KEYS.get(0);
        JsonNode put = awsJson(
                "s3api",
                "put-object",
                "--bucket",
                BUCKET,
                "--key",
                first,
                "--body",
                src.resolve(first).toString(),
                "--checksum-algorithm",
                "CRC32");
        assertEquals(ObjectFiles.etag(content.get(first)), put.get("ETag").asText());
        assertEquals(
                AwsChunkedEncoder.Algorithm.CRC32.base64(content.get(first)),
                put.get("ChecksumCRC32").asText(),
                put.toString());
        aws("s3", "sync", src.toString(), "s3://cli/", "--only-show-errors");
        for (Map.Entry<String, byte[]> e : content.entrySet()) {
            ObjectFiles.assertStored(root, BUCKET, e.getKey(), e.getValue());
        }

        List<String> inOrder = new ArrayList<>(ODD_KEYS);
        inOrder.sort(ObjectFiles.UTF8_ORDER);

        JsonNode encoded =
                awsJson("s3api", "list-objects-v2", "--bucket", BUCKET, "--prefix", "odd/", "--encoding-type", "url");
        List<String> raw = new ArrayList<>();
        encoded.get("Contents").forEach(c -> raw.add(c.get("Key").asText()));
        for (String k : raw) {
            assertTrue(k.matches("[\\x21-\\x7E&&[^+]]*"), "encoded key is printable ASCII, no space, no raw '+': " + k);
        }
        List<String> decoded = raw.stream()
                .map(k -> URLDecoder.decode(k, StandardCharsets.UTF_8))
                .toList();
        assertEquals(inOrder, decoded, "keys decode back exactly, in UTF-8 byte order");

        // A delimiter listing with url encoding: the common prefix decodes to the unicode directory.
        JsonNode delimited = awsJson(
                "s3api",
                "list-objects-v2",
                "--bucket",
                BUCKET,
                "--prefix",
                "odd/",
                "--delimiter",
                "/",
                "--encoding-type",
                "url");
        assertEquals(
                "odd/日本語/",
                URLDecoder.decode(
                        delimited.get("CommonPrefixes").get(0).get("Prefix").asText(), StandardCharsets.UTF_8));
        assertEquals(ODD_KEYS.size() - 1, delimited.get("Contents").size());

        // And s3 ls (which asks for url encoding and decodes) shows the real names.
        assertEquals(
                new TreeMap<>(Map.copyOf(sizes(content))), parseLs(aws("s3", "ls", "s3://cli/odd/", "--recursive")));
    }

    static Map<String, Long> sizes(Map<String, byte[]> content) {
        Map<String, Long> m = new TreeMap<>();
        content.forEach((k, v) -> m.put(k, (long) v.length));
        return m;
    }
}
