package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The temp file's creation when the bucket's directory was removed through another client of a
 * shared file system (issue 19, GlusterFS with its default caching: a PUT racing a DeleteBucket on
 * the other gateway answered 500): the create through the client's cached entry answers ESTALE.
 */
class StagedFileStaleTest extends BackendTestBase {
    private static FileSystemException stale(Path p) {
        return new FileSystemException(p.toString(), null, "Stale file handle");
    }

    @Test
    void aCreateAnsweringEstaleInABucketThatIsGoneIsNoSuchBucket() throws Exception {
        Path bucketDir = root.resolve(B);
        backend.deleteBucket(B); // through the other gateway; this client still "caches" the entry
        S3Exception e = assertThrows(
                S3Exception.class,
                () -> StagedFile.create(bucketDir, "k", true, false, file -> {
                    throw stale(file);
                }));
        assertEquals(S3Error.NO_SUCH_BUCKET, e.error());
    }

    /** The bucket is there (made again, or only its {@code .sgwtmp} went): {@code .sgwtmp} is made and the create retried. */
    @Test
    void aCreateAnsweringEstaleInABucketThatIsThereIsMadeAgain() throws Exception {
        Path bucketDir = root.resolve(B);
        Fs.deleteTree(PathResolver.staging(bucketDir));
        AtomicInteger calls = new AtomicInteger();
        try (StagedFile staged = StagedFile.create(bucketDir, "k", true, false, file -> {
            if (calls.incrementAndGet() == 1) {
                throw stale(file);
            }
            return FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        })) {
            assertTrue(Files.isRegularFile(staged.path));
            assertEquals(PathResolver.staging(bucketDir), staged.path.getParent());
        }
        assertEquals(2, calls.get());
    }

    /** Any other failure of the create is no missing bucket: it is the request's error, as it was. */
    @Test
    void anotherFailureIsNotTakenForAMissingBucket() {
        Path bucketDir = root.resolve(B);
        FileSystemException e = assertThrows(
                FileSystemException.class,
                () -> StagedFile.create(bucketDir, "k", true, false, file -> {
                    throw new FileSystemException(file.toString(), null, "Input/output error");
                }));
        assertEquals("Input/output error", e.getReason());
    }
}
