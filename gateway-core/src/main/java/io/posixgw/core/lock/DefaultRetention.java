package io.posixgw.core.lock;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Objects;

/** A bucket's default retention: a mode and a period of either whole days or whole years (exactly one is set). */
public record DefaultRetention(RetentionMode mode, Integer days, Integer years) {
    public DefaultRetention {
        Objects.requireNonNull(mode, "mode");
        if ((days == null) == (years == null)) {
            throw new IllegalArgumentException("exactly one of days and years");
        }
    }

    /** The retention this rule gives a version created at {@code created}. */
    public Retention from(Instant created) {
        Instant until = days != null
                ? created.plus(java.time.Duration.ofDays(days))
                : created.atOffset(ZoneOffset.UTC).plusYears(years).toInstant();
        return new Retention(mode, until);
    }
}
