package io.posixgw.core.http;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.model.ObjectInfo;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PreconditionsTest {
    static final Instant MODIFIED = Instant.parse("2026-01-10T10:00:00.250Z");
    static final ObjectInfo INFO = new ObjectInfo("k", 1, "\"abc\"", MODIFIED, null, 0, null);
    static final Instant BEFORE = Instant.parse("2026-01-09T00:00:00Z");
    static final Instant AFTER = Instant.parse("2026-01-11T00:00:00Z");

    static S3Error read(String ifMatch, String ifNoneMatch, Instant ims, Instant ius) {
        try {
            new Preconditions(ifMatch, ifNoneMatch, ims, ius).checkRead(INFO);
            return null;
        } catch (S3Exception e) {
            return e.error();
        }
    }

    @Test
    void checklist() {
        assertEquals(S3Error.PRECONDITION_FAILED, read("\"nope\"", null, null, null));
        assertEquals(null, read("abc", null, null, null));
        assertEquals(null, read("*", null, null, null));
        assertEquals(S3Error.NOT_MODIFIED, read(null, "\"abc\"", null, null));
        assertEquals(S3Error.NOT_MODIFIED, read(null, "*", null, null));
        assertEquals(S3Error.NOT_MODIFIED, read(null, null, AFTER, null));
        assertEquals(S3Error.NOT_MODIFIED, read(null, null, Instant.parse("2026-01-10T10:00:00Z"), null), "second precision");
        assertEquals(null, read(null, null, BEFORE, null));
        assertEquals(S3Error.PRECONDITION_FAILED, read(null, null, null, BEFORE));
        assertEquals(null, read(null, null, null, AFTER));
        // If-Match true overrides If-Unmodified-Since false.
        assertEquals(null, read("\"abc\"", null, null, BEFORE));
        // If-None-Match false (no match) overrides If-Modified-Since "not modified".
        assertEquals(null, read(null, "\"other\"", AFTER, null));
    }

    @Test
    void copySourceFailuresAre412() {
        assertEquals(S3Error.PRECONDITION_FAILED, assertThrows(S3Exception.class,
                () -> new Preconditions(null, "\"abc\"", null, null).checkCopySource(INFO)).error());
        assertDoesNotThrow(() -> new Preconditions("\"abc\"", null, null, null).checkCopySource(INFO));
    }
}
