package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.posixgw.core.backend.Backend;
import io.posixgw.core.model.Etags;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.Part;
import io.posixgw.testkit.BackendCalls;
import io.posixgw.testkit.contract.MultipartContract;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The multipart contract on the POSIX backend, and what only a POSIX store has: upload directories, claims, directory keys. */
abstract class AbstractMultipartTests extends MultipartContract {
    @TempDir
    Path tmp;

    Path root;
    PosixBackend posix;

    /** Null for xattrs. */
    Path sidecar() {
        return null;
    }

    PosixOptions options() {
        return BackendTestBase.options(sidecar());
    }

    @Override
    protected Backend newBackend() throws IOException {
        root = Files.createDirectories(tmp.resolve("data"));
        posix = new PosixBackend(root, options());
        return posix;
    }

    /** Another gateway process over the same root. */
    @Override
    protected BackendCalls secondGateway() throws IOException {
        return new BackendCalls(new PosixBackend(root, options()));
    }

    /** No temp file is left in the bucket's staging directory. */
    @Override
    protected void assertNoLeftovers() throws IOException {
        assertEquals(0, tempFiles());
    }

    long tempFiles() throws IOException {
        return BackendTestBase.tempFiles(root);
    }

    @Override
    protected void assertNoUploadLeft(String key) throws IOException {
        try (Stream<Path> s = Files.walk(root.resolve(B).resolve(".sgwtmp"))) {
            assertEquals(
                    List.of(),
                    s.filter(Files::isRegularFile)
                            .filter(p -> !p.getFileName().toString().equals(Folds.MOVES))
                            .toList());
        }
        assertFalse(Files.exists(PathResolver.uploadsOfKey(root.resolve(B), key)));
    }

    @Test
    void aDirectoryKeyTakesAnUpload() throws Exception {
        // S3 stores data under a key ending in '/'; posixgw keeps it in dir/.sgwtmp/slash (Folds)
        String id = backend.createMultipartUpload(B, "dir/", ObjectAttributes.EMPTY);
        io.posixgw.core.model.Part p =
                backend.uploadPart(B, "dir/", id, 1, io.posixgw.testkit.Bodies.of("data".getBytes(), 7000), null);
        backend.completeMultipartUpload(
                B, "dir/", id, List.of(new io.posixgw.core.model.CompletedPart(1, p.etag(), null)));
        assertEquals(4, backend.headObject(B, "dir/").size());
    }

    @Test
    void aCrashedCompleteIsRolledBackAndCompletedAgain() throws Exception {
        String id = backend.createMultipartUpload(B, "crash", ObjectAttributes.EMPTY);
        Part p = part("crash", id, 1, bytes("data"));
        String etag = Etags.multipart(List.of(p.etag()));
        Path hash = PathResolver.uploadsOfKey(root.resolve(B), "crash");
        Path claim = hash.resolve(id + "." + Etags.unquote(etag) + ".inprogress");
        Files.move(hash.resolve(id), claim);
        if (sidecar() != null) {
            new SidecarMetadataStore(root, sidecar()).moved(hash.resolve(id), claim);
        }
        Files.setLastModifiedTime(claim, FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
        assertEquals(
                etag,
                backend.completeMultipartUpload(B, "crash", id, completed(p)).etag());
        assertArrayEquals(bytes("data"), get("crash"));
        assertFalse(Files.exists(claim));
    }
}
