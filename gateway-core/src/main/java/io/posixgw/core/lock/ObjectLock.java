package io.posixgw.core.lock;

import java.time.Instant;

/**
 * The Object Lock state of one object version: its retention (null when none) and its legal
 * hold ({@code null} when never set, else ON or OFF). A version is protected while either holds.
 */
public record ObjectLock(Retention retention, Boolean legalHold) {
    public static final ObjectLock NONE = new ObjectLock(null, null);

    public boolean isEmpty() {
        return retention == null && legalHold == null;
    }

    public boolean legalHoldOn() {
        return Boolean.TRUE.equals(legalHold);
    }

    /** Whether anything protects the version at {@code now}. */
    public boolean protectsAt(Instant now) {
        return legalHoldOn() || (retention != null && retention.activeAt(now));
    }

    public ObjectLock withRetention(Retention r) {
        return new ObjectLock(r, legalHold);
    }

    public ObjectLock withLegalHold(boolean on) {
        return new ObjectLock(retention, on);
    }
}
