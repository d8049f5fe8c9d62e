package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.minio.GetObjectArgs;
import io.minio.MakeBucketArgs;
import io.minio.MinioClient;
import io.minio.PutObjectArgs;
import io.minio.StatObjectArgs;
import io.minio.StatObjectResponse;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Metadata lives on disk, not in the process: after a restart every object keeps
 * its ETag, Content-Type and user metadata, read back from the xattrs whose names
 * and encodings (DESIGN §4, versitygw's) are checked byte for byte here.
 */
@CompatClient(Client.MINIO_JAVA)
class RestartIT {
    @TempDir
    Path root;

    static String xattr(Path file, String name) throws Exception {
        UserDefinedFileAttributeView view = Files.getFileAttributeView(file, UserDefinedFileAttributeView.class);
        ByteBuffer b = ByteBuffer.allocate(view.size(name));
        view.read(name, b);
        return new String(b.array(), 0, b.position(), StandardCharsets.UTF_8);
    }

    static byte[] xattrBytes(Path file, String name) throws Exception {
        UserDefinedFileAttributeView view = Files.getFileAttributeView(file, UserDefinedFileAttributeView.class);
        ByteBuffer b = ByteBuffer.allocate(view.size(name));
        view.read(name, b);
        return java.util.Arrays.copyOf(b.array(), b.position());
    }

    @Test
    @Covers("metadata survives a restart (versitygw xattrs)")
    void metadataSurvivesRestartInVersitygwFormat() throws Exception {
        byte[] small = "hello, ryax".getBytes(StandardCharsets.UTF_8);
        byte[] big = new byte[12 << 20];
        new Random(5).nextBytes(big);
        String md5 = HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(small));
        String multipartEtag;
        try (TestGateway gw = TestGateway.start(root)) {
            MinioClient mc = gw.minio();
            mc.makeBucket(MakeBucketArgs.builder().bucket("ryax-filestore").build());
            mc.putObject(PutObjectArgs.builder().bucket("ryax-filestore").object("executions-data/e1/out.json").stream(
                            new ByteArrayInputStream(small), (long) small.length, null)
                    .contentType("application/json")
                    .userMetadata(Map.of("Step", "train", "owner-id", "42"))
                    .build());
            multipartEtag = mc.putObject(PutObjectArgs.builder().bucket("ryax-filestore").object("big.bin").stream(
                                    new ByteArrayInputStream(big), null, 5L << 20)
                            .build())
                    .etag()
                    .replace("\"", "");
        }

        Path file = root.resolve("ryax-filestore/executions-data/e1/out.json");
        assertArrayEquals(small, Files.readAllBytes(file), "the object is a plain file at <root>/<bucket>/<key>");
        assertEquals("\"" + md5 + "\"", xattr(file, "etag"));
        assertEquals("application/json", xattr(file, "content-type"));
        assertEquals("{\"owner-id\":\"42\",\"step\":\"train\"}", xattr(file, "metadata"));
        Path bigFile = root.resolve("ryax-filestore/big.bin");
        assertEquals("\"" + multipartEtag + "\"", xattr(bigFile, "etag"));
        String mp = new String(
                new GZIPInputStream(new ByteArrayInputStream(xattrBytes(bigFile, "mp-metadata"))).readAllBytes(),
                StandardCharsets.UTF_8);
        assertTrue(mp.contains("\"Parts\":[5242880,10485760,12582912]"), mp);
        String acl = xattr(root.resolve("ryax-filestore"), "acl");
        assertTrue(acl.contains("\"Owner\":\"ryax\""), acl);

        try (TestGateway again = TestGateway.start(root)) {
            MinioClient mc = again.minio();
            StatObjectResponse st = mc.statObject(StatObjectArgs.builder()
                    .bucket("ryax-filestore")
                    .object("executions-data/e1/out.json")
                    .build());
            assertEquals(md5, st.etag());
            assertEquals("application/json", st.contentType());
            assertEquals("train", st.userMetadata().getFirst("step"));
            assertEquals("42", st.userMetadata().getFirst("owner-id"));
            StatObjectResponse bst = mc.statObject(StatObjectArgs.builder()
                    .bucket("ryax-filestore")
                    .object("big.bin")
                    .build());
            assertEquals(multipartEtag, bst.etag());
            try (InputStream in = mc.getObject(GetObjectArgs.builder()
                    .bucket("ryax-filestore")
                    .object("big.bin")
                    .build())) {
                assertArrayEquals(big, in.readAllBytes());
            }
        }
    }
}
