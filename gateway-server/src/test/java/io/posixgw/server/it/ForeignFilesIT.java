package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * A data root that other tools wrote: plain files and directories from rsync or a
 * migration (no attributes at all, a bucket directory included), and a tree in
 * versitygw's layout, its attributes set here byte for byte as DESIGN §4 describes.
 * Both are served through the real server: ETags, types, metadata, listings, HEAD, GET,
 * ranges, parts, copy and delete, never an InternalError; computed ETags survive a
 * restart. {@link ForeignFilesSidecarIT} writes the attributes in the sidecar layout.
 */
class ForeignFilesIT extends GatewayPerTest {
    static final byte[] NONE = new byte[0];
    static final String OCTET_STREAM = "binary/octet-stream";

    /** Sets attribute {@code name} of a file or directory as versitygw does: the xattr {@code user.<name>}. */
    void setAttr(Path p, String name, byte[] value) throws Exception {
        Files.getFileAttributeView(p, UserDefinedFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .write(name, ByteBuffer.wrap(value));
    }

    /** The attribute's value, or null when absent. */
    byte[] attr(Path p, String name) throws Exception {
        UserDefinedFileAttributeView v =
                Files.getFileAttributeView(p, UserDefinedFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        if (!v.list().contains(name)) {
            return null;
        }
        ByteBuffer b = ByteBuffer.allocate(v.size(name));
        v.read(name, b);
        return b.array();
    }

    void setAttr(Path p, String name, String value) throws Exception {
        setAttr(p, name, value.getBytes(StandardCharsets.UTF_8));
    }

    static Path write(Path file, byte[] data) throws Exception {
        Files.createDirectories(file.getParent());
        return Files.write(file, data);
    }

    /** A signed request without a body; {@code path} is given decoded and percent-encoded here. */
    RawS3.Response send(String method, String path, Map<String, String> query, Map<String, String> headers)
            throws Exception {
        return gw.raw().send(method, TestSigner.encode(path, false), query, headers, NONE);
    }

    ListingXml list(String bucket, Map<String, String> query) throws Exception {
        Map<String, String> q = new LinkedHashMap<>(query);
        q.put("list-type", "2");
        RawS3.Response r = send("GET", "/" + bucket, q, Map.of());
        assertEquals(200, r.status(), r.text());
        return ListingXml.parse(r.body());
    }

    @Test
    void filesFromOtherToolsAreObjectsWithTheirMd5() throws Exception {
        // what rsync or cp -r leaves: a bucket directory without attributes, files, empty directories, odd names
        Path bucket = Files.createDirectories(root.resolve("imported"));
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("top.bin", ObjectFiles.random(10_000, 1));
        files.put("a/b/c/deep.txt", "deep".getBytes(StandardCharsets.UTF_8));
        files.put("with space.txt", "spaced out".getBytes(StandardCharsets.UTF_8));
        files.put("ünïcödé/日本.bin", ObjectFiles.random(70_000, 2));
        files.put("zero", NONE);
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            write(bucket.resolve(f.getKey()), f.getValue());
        }
        Files.createDirectories(bucket.resolve("empty-dir"));
        Files.createDirectories(bucket.resolve("empty/nested/dirs"));
        Files.createSymbolicLink(bucket.resolve("link"), bucket.resolve("top.bin"));
        Process fifo = new ProcessBuilder("mkfifo", bucket.resolve("pipe").toString()).start();
        assertEquals(0, fifo.waitFor(), "mkfifo");

        assertTrue(
                send("GET", "/", Map.of(), Map.of()).text().contains("<Name>imported</Name>"),
                "a directory is a bucket");
        List<String> keys = new ArrayList<>(files.keySet());
        keys.sort(ObjectFiles.UTF8_ORDER);
        ListingXml all = list("imported", Map.of());
        assertEquals(keys, all.keys(), "files only: no empty directory, symlink or FIFO");
        for (ListingXml.Entry e : all.contents()) {
            byte[] data = files.get(e.key());
            assertEquals(data.length, e.size(), e.key());
            assertEquals(ObjectFiles.etag(data), e.etag(), "listed ETag of " + e.key() + " is its MD5");
        }
        ListingXml top = list("imported", Map.of("delimiter", "/"));
        assertEquals(List.of("top.bin", "with space.txt", "zero"), top.keys());
        assertEquals(List.of("a/", "ünïcödé/"), top.commonPrefixes(), "empty directories are no prefixes");

        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            String path = "/imported/" + f.getKey();
            RawS3.Response head = send("HEAD", path, Map.of(), Map.of());
            assertEquals(200, head.status(), path);
            assertEquals(ObjectFiles.etag(f.getValue()), head.header("etag"), path);
            assertEquals(OCTET_STREAM, head.header("content-type"), path);
            assertEquals(Integer.toString(f.getValue().length), head.header("content-length"), path);
            assertNotNull(head.header("last-modified"), path);
            RawS3.Response get = send("GET", path, Map.of(), Map.of());
            assertEquals(200, get.status(), path);
            assertArrayEquals(f.getValue(), get.body(), path);
            assertEquals(ObjectFiles.etag(f.getValue()), get.header("etag"), path);
            assertEquals(OCTET_STREAM, get.header("content-type"), path);
        }
        RawS3.Response range = send("GET", "/imported/top.bin", Map.of(), Map.of("range", "bytes=100-199"));
        assertEquals(206, range.status());
        assertArrayEquals(java.util.Arrays.copyOfRange(files.get("top.bin"), 100, 200), range.body());
        for (String notObject : List.of("link", "pipe", "empty-dir", "empty-dir/", "empty/nested/", "a", "a/b/")) {
            RawS3.Response r = send("GET", "/imported/" + notObject, Map.of(), Map.of());
            assertEquals(404, r.status(), notObject + ": " + r.text());
            assertEquals("NoSuchKey", r.errorCode(), notObject);
        }

        // computed once, kept on disk, the same after a restart
        for (String key : files.keySet()) {
            assertTrue(
                    new String(attr(bucket.resolve(key), "posixgw.computed-etag"), StandardCharsets.UTF_8)
                            .endsWith(":" + ObjectFiles.etag(files.get(key))),
                    "kept ETag of " + key);
        }
        Path later = write(bucket.resolve("later/added.dat"), ObjectFiles.random(3000, 3)); // after the listing above
        restartGateway();
        assertEquals(
                ObjectFiles.etag(Files.readAllBytes(later)),
                send("HEAD", "/imported/later/added.dat", Map.of(), Map.of()).header("etag"));
        for (ListingXml.Entry e : list("imported", Map.of("prefix", "a")).contents()) {
            assertEquals(ObjectFiles.etag(files.get(e.key())), e.etag(), "after the restart: " + e.key());
        }
        assertEquals(
                ObjectFiles.etag(files.get("ünïcödé/日本.bin")),
                send("HEAD", "/imported/ünïcödé/日本.bin", Map.of(), Map.of()).header("etag"));

        // copy and delete
        RawS3.Response copy = gw.raw()
                .send(
                        "PUT",
                        "/imported/copies/top.bin",
                        Map.of(),
                        Map.of("x-amz-copy-source", "/imported/top.bin"),
                        NONE);
        assertEquals(200, copy.status(), copy.text());
        RawS3.Response copied = send("GET", "/imported/copies/top.bin", Map.of(), Map.of());
        assertArrayEquals(files.get("top.bin"), copied.body());
        assertEquals(ObjectFiles.etag(files.get("top.bin")), copied.header("etag"));
        assertEquals(OCTET_STREAM, copied.header("content-type"));
        assertEquals(
                204,
                send("DELETE", "/imported/a/b/c/deep.txt", Map.of(), Map.of()).status());
        assertEquals(
                204,
                send("DELETE", "/imported/with space.txt", Map.of(), Map.of()).status());
        assertEquals(
                404,
                send("HEAD", "/imported/a/b/c/deep.txt", Map.of(), Map.of()).status());
        ListingXml after = list("imported", Map.of("delimiter", "/"));
        assertEquals(List.of("top.bin", "zero"), after.keys());
        assertEquals(List.of("copies/", "later/", "ünïcödé/"), after.commonPrefixes());
        assertTrue(Files.exists(bucket.resolve("pipe")) && Files.isSymbolicLink(bucket.resolve("link")), "left alone");
    }

    @Test
    void aTreeInVersitygwsLayoutIsServedWithItsAttributes() throws Exception {
        Path bucket = Files.createDirectories(root.resolve("vgw"));
        setAttr(
                bucket,
                "acl",
                "{\"Owner\":\"ryax\",\"Grantees\":[{\"Permission\":\"FULL_CONTROL\",\"Access\":\"ryax\",\"Type\":\"CanonicalUser\"}]}");
        setAttr(bucket, "ownership", "BucketOwnerEnforced");

        byte[] report = ObjectFiles.random(20_000, 4);
        Path reportFile = write(bucket.resolve("docs/report.pdf"), report);
        CRC32 crc = new CRC32();
        crc.update(report);
        String crc32 = Base64.getEncoder()
                .encodeToString(
                        ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
        setAttr(reportFile, "etag", ObjectFiles.etag(report));
        setAttr(reportFile, "content-type", "application/pdf");
        setAttr(reportFile, "content-disposition", "attachment; filename=\"report.pdf\"");
        setAttr(reportFile, "cache-control", "max-age=60");
        setAttr(reportFile, "metadata", "{\"author\":\"ana\",\"note\":\"a\\u003cb\\u003e\"}");
        setAttr(
                reportFile,
                "checksums",
                "{\"Algorithm\":\"CRC32\",\"Type\":\"FULL_OBJECT\",\"CRC32\":\"" + crc32
                        + "\",\"CRC32C\":null,\"SHA1\":null,\"SHA256\":null,\"CRC64NVME\":null}");
        setAttr(reportFile, "X-Amz-Tagging", "{\"env\":\"prod\"}");

        Path folder = Files.createDirectories(bucket.resolve("folder"));
        setAttr(folder, "etag", "\"d41d8cd98f00b204e9800998ecf8427e\"");
        setAttr(folder, "content-type", "application/x-directory");

        // a multipart object: parts of 100, 100 and 50 bytes, with versitygw's gzip mp-metadata
        byte[] big = ObjectFiles.random(250, 5);
        Path bigFile = write(bucket.resolve("big.bin"), big);
        String bigEtag = ObjectFiles.multipartEtag(big, 100);
        setAttr(bigFile, "etag", bigEtag);
        setAttr(bigFile, "content-type", "application/x-big");
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write("{\"UploadID\":\"versitygw-upload\",\"Parts\":[100,200,250]}".getBytes(StandardCharsets.UTF_8));
        }
        setAttr(bigFile, "mp-metadata", gz.toByteArray());

        ListingXml all = list("vgw", Map.of());
        assertEquals(List.of("big.bin", "docs/report.pdf", "folder/"), all.keys());
        assertEquals(
                List.of(
                        new ListingXml.Entry("big.bin", 250, bigEtag),
                        new ListingXml.Entry("docs/report.pdf", report.length, ObjectFiles.etag(report)),
                        new ListingXml.Entry("folder/", 0, "\"d41d8cd98f00b204e9800998ecf8427e\"")),
                all.contents());

        RawS3.Response head = send("HEAD", "/vgw/docs/report.pdf", Map.of(), Map.of("x-amz-checksum-mode", "ENABLED"));
        assertEquals(200, head.status());
        assertEquals(ObjectFiles.etag(report), head.header("etag"));
        assertEquals("application/pdf", head.header("content-type"));
        assertEquals("attachment; filename=\"report.pdf\"", head.header("content-disposition"));
        assertEquals("max-age=60", head.header("cache-control"));
        assertEquals("ana", head.header("x-amz-meta-author"));
        assertEquals("a<b>", head.header("x-amz-meta-note"), "Go's JSON escapes decoded");
        assertEquals(crc32, head.header("x-amz-checksum-crc32"));
        assertEquals("1", head.header("x-amz-tagging-count"));
        RawS3.Response get = send("GET", "/vgw/docs/report.pdf", Map.of(), Map.of());
        assertArrayEquals(report, get.body());
        String tags = send("GET", "/vgw/docs/report.pdf", Map.of("tagging", ""), Map.of())
                .text();
        assertTrue(tags.contains("<Tag><Key>env</Key><Value>prod</Value></Tag>"), tags);

        RawS3.Response dir = send("HEAD", "/vgw/folder/", Map.of(), Map.of());
        assertEquals(200, dir.status());
        assertEquals("application/x-directory", dir.header("content-type"));
        assertEquals("0", dir.header("content-length"));

        RawS3.Response bigHead = send("HEAD", "/vgw/big.bin", Map.of(), Map.of());
        assertEquals(bigEtag, bigHead.header("etag"));
        assertEquals("application/x-big", bigHead.header("content-type"));
        RawS3.Response part2 = send("GET", "/vgw/big.bin", Map.of("partNumber", "2"), Map.of());
        assertEquals(206, part2.status(), part2.text());
        assertArrayEquals(java.util.Arrays.copyOfRange(big, 100, 200), part2.body());
        assertEquals("bytes 100-199/250", part2.header("content-range"));
        assertEquals("3", part2.header("x-amz-mp-parts-count"));
        RawS3.Response part3 = send("HEAD", "/vgw/big.bin", Map.of("partNumber", "3"), Map.of());
        assertEquals(206, part3.status());
        assertEquals("50", part3.header("content-length"));
        assertEquals(
                416,
                send("GET", "/vgw/big.bin", Map.of("partNumber", "4"), Map.of()).status());

        // posixgw's own writes into that tree keep the layout: a copy of the multipart object is one part
        RawS3.Response copy =
                gw.raw().send("PUT", "/vgw/big-copy.bin", Map.of(), Map.of("x-amz-copy-source", "/vgw/big.bin"), NONE);
        assertEquals(200, copy.status(), copy.text());
        assertEquals(
                ObjectFiles.etag(big),
                new String(attr(bucket.resolve("big-copy.bin"), "etag"), StandardCharsets.UTF_8));
        assertEquals(
                "application/x-big",
                new String(attr(bucket.resolve("big-copy.bin"), "content-type"), StandardCharsets.UTF_8));
        assertEquals(204, send("DELETE", "/vgw/folder/", Map.of(), Map.of()).status());
        assertEquals(204, send("DELETE", "/vgw/big.bin", Map.of(), Map.of()).status());
        assertEquals(
                List.of("big-copy.bin", "docs/report.pdf"),
                list("vgw", Map.of()).keys());
        assertEquals(
                "BucketNotEmpty", send("DELETE", "/vgw", Map.of(), Map.of()).errorCode());
    }
}
