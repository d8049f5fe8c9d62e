package io.posixgw.posix;

import io.posixgw.core.lock.ObjectLockRules;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/**
 * Object Lock's refusal (403 AccessDenied, {@link ObjectLockRules#requireDeletable}) of the removal or
 * in-place replacement of a protected version, in a bucket whose lock configuration is enabled. Run
 * under the key's lock, which PutObjectRetention and PutObjectLegalHold take too: a lock set by an
 * acknowledged request is never missed by a delete or overwrite that runs after it, in any gateway.
 */
final class LockCheck {
    private LockCheck() {}

    /** The guard of a write or delete in a bucket in state {@code ws}; allows everything without Object Lock. */
    static VersionStore.RemovalGuard guard(MetadataStore store, VersionStore.WriteState ws, boolean bypassGovernance) {
        if (!ws.locking()) {
            return VersionStore.RemovalGuard.ALLOW; // versitygw and S3: without Object Lock no version is protected
        }
        return (bucket, key, file, versionId) -> requireUnlocked(store, file, bypassGovernance);
    }

    private static void requireUnlocked(MetadataStore store, Path file, boolean bypassGovernance) throws IOException {
        if (file == null) {
            return;
        }
        Map<String, byte[]> raw;
        try {
            raw = store.read(file, n -> n.equals(AttrNames.RETENTION) || n.equals(AttrNames.LEGAL_HOLD));
        } catch (NoSuchFileException gone) {
            return; // nothing there: nothing protected
        }
        ObjectLockRules.requireDeletable(LockAttrCodec.decode(raw), bypassGovernance, Instant.now());
    }
}
