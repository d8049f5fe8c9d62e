package io.posixgw.core.lock;

import java.time.Instant;
import java.util.Objects;

/** A version's retention: its mode and the instant until which it holds. */
public record Retention(RetentionMode mode, Instant retainUntil) {
    public Retention {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(retainUntil, "retainUntil");
    }

    /** Whether it still protects the version at {@code now}: S3 releases it once the date has passed. */
    public boolean activeAt(Instant now) {
        return retainUntil.isAfter(now);
    }
}
