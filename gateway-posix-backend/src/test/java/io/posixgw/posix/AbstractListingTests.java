package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.backend.Backend;
import io.posixgw.core.model.ListObjectsResult;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.testkit.BackendCalls;
import io.posixgw.testkit.contract.ListingContract;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The listing contract on the POSIX backend, and what only a POSIX store has: staging and empty directories. */
abstract class AbstractListingTests extends ListingContract {
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

    @Test
    void stagingUploadsAndEmptyPrefixesNeverShow() throws Exception {
        put("visible", bytes("v"));
        backend.createMultipartUpload(B, "pending/upload", ObjectAttributes.EMPTY);
        Files.createDirectories(root.resolve(B).resolve("empty/dirs/only"));
        Files.write(root.resolve(B).resolve(".sgwtmp").resolve("stray-temp"), bytes("t"));
        assertEquals(List.of("visible"), keys(list("", null, null, 1000)));
        ListObjectsResult r = list("", "/", null, 1000);
        assertEquals(List.of("visible"), keys(r));
        assertTrue(r.commonPrefixes().isEmpty());
        assertTrue(keys(list(".sgwtmp/", null, null, 1000)).isEmpty());
        assertTrue(keys(list(".sgwtmp", null, null, 1000)).isEmpty());
    }
}
