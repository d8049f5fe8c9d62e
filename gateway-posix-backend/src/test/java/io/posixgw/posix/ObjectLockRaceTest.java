package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.lock.LockConfiguration;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.testkit.BackendCalls;
import io.posixgw.testkit.Bodies;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An in-place overwrite in a bucket with Object Lock and no versioning (a gateway without
 * {@code --versioning-dir}) through gateway B, racing a PutObjectLegalHold through gateway A on the
 * same root: the check of the current version's lock and the replacement are one step under the
 * key's lock, which the legal-hold write takes too. So the two are ordered: either the hold comes
 * first and the overwrite is refused (403), or the overwrite comes first and the hold is on the
 * new version. Never an acknowledged hold on a version that the overwrite then replaced.
 */
class ObjectLockRaceTest extends BackendTestBase {
    private static final long GUARD_SECONDS = 30;

    private final ExecutorService pool = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    @Test
    void aLegalHoldIsNeverSetOnAVersionAnOverwriteIsReplacing() throws Exception {
        posix.putObjectLockConfiguration(B, LockConfiguration.enabledAt(Instant.now()));
        put("k", bytes("old"));
        CountDownLatch renaming = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        PosixBackend gatewayB = new PosixBackend(root, options());
        gatewayB.raceHooks(new RaceHooks() {
            @Override
            public void publishRename(Path source, Path target) throws IOException {
                renaming.countDown(); // B has checked the current version's lock; its rename is next
                try {
                    release.await(GUARD_SECONDS, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    throw new IOException(e);
                }
                Files.move(source, target, StandardCopyOption.ATOMIC_MOVE);
            }
        });
        BackendCalls b = new BackendCalls(gatewayB);
        Future<Object> overwrite = pool.submit(() -> {
            try {
                b.putObject(new PutObjectRequest(B, "k", null, null), Bodies.of(bytes("new")));
                return "written";
            } catch (S3Exception e) {
                return e.error();
            }
        });
        assertTrue(renaming.await(GUARD_SECONDS, TimeUnit.SECONDS));
        Future<?> hold = pool.submit(() -> {
            posix.putObjectLegalHold(B, "k", null, true);
            return null;
        });
        Thread.sleep(300);
        // under the key's lock, B's publication holds it: the hold waits for it
        assertFalse(hold.isDone(), "the legal hold was written while an overwrite of its version was publishing");
        release.countDown();
        assertEquals("written", overwrite.get(GUARD_SECONDS, TimeUnit.SECONDS));
        hold.get(GUARD_SECONDS, TimeUnit.SECONDS);
        assertArrayEquals(bytes("new"), BackendCalls.readAll(backend.getObject(B, "k")));
        assertTrue(posix.getObjectLock(B, "k").legalHoldOn(), "the acknowledged hold is on the current version");
        // and now the overwrite is refused, by either gateway
        S3Exception refused = org.junit.jupiter.api.Assertions.assertThrows(
                S3Exception.class, () -> b.putObject(new PutObjectRequest(B, "k", null, null), Bodies.of(bytes("x"))));
        assertEquals(S3Error.ACCESS_DENIED, refused.error());
        S3Exception notDeleted =
                org.junit.jupiter.api.Assertions.assertThrows(S3Exception.class, () -> b.deleteObject(B, "k"));
        assertEquals(S3Error.ACCESS_DENIED, notDeleted.error());
        assertArrayEquals(bytes("new"), BackendCalls.readAll(backend.getObject(B, "k")));
    }
}
