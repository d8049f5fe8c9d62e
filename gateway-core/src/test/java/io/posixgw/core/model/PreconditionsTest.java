package io.posixgw.core.model;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class PreconditionsTest {
    static final Instant MODIFIED = Instant.parse("2026-01-10T10:00:00.250Z");
    static final ObjectInfo INFO = new ObjectInfo("k", 1, "\"abc\"", MODIFIED, null, 0, null);
    static final Instant BEFORE = Instant.parse("2026-01-09T00:00:00Z");
    static final Instant AFTER = Instant.parse("2026-01-11T00:00:00Z");

    static S3Error read(String ifMatch, String ifNoneMatch, Instant ims, Instant ius) {
        try {
            return new Preconditions(ifMatch, ifNoneMatch, ims, ius).notModified(INFO) ? S3Error.NOT_MODIFIED : null;
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
        assertEquals(
                S3Error.NOT_MODIFIED,
                read(null, null, Instant.parse("2026-01-10T10:00:00Z"), null),
                "second precision");
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
        assertEquals(
                S3Error.PRECONDITION_FAILED,
                assertThrows(S3Exception.class, () -> new Preconditions(null, "\"abc\"", null, null).checkOr412(INFO))
                        .error());
        assertEquals(
                S3Error.PRECONDITION_FAILED,
                assertThrows(S3Exception.class, () -> new Preconditions(null, null, AFTER, null).checkOr412(INFO))
                        .error());
        assertDoesNotThrow(() -> new Preconditions("\"abc\"", null, null, null).checkOr412(INFO));
    }

    @Test
    void writeConditions() {
        assertDoesNotThrow(() -> new Preconditions(null, " * ", null, null).requireSupportedOnWrite("k"));
        assertDoesNotThrow(() -> new Preconditions("\"abc\"", null, null, null).requireSupportedOnWrite("k"));
        assertDoesNotThrow(() -> Preconditions.NONE.requireSupportedOnWrite("dir/"));
        S3Exception etag = assertThrows(
                S3Exception.class, () -> new Preconditions(null, "\"abc\"", null, null).requireSupportedOnWrite("k"));
        assertEquals(S3Error.NOT_IMPLEMENTED, etag.error());
        assertEquals("If-None-Match on a write takes only '*'", etag.getMessage());
        S3Exception dir = assertThrows(
                S3Exception.class, () -> new Preconditions("*", null, null, null).requireSupportedOnWrite("dir/"));
        assertEquals(S3Error.NOT_IMPLEMENTED, dir.error());
        assertEquals("Conditional writes of directory objects are not implemented by posixgw", dir.getMessage());
        assertDoesNotThrow(() -> new Preconditions("\"abc\"", null, null, null).requireSupportedOnDelete());
        S3Exception delete = assertThrows(
                S3Exception.class, () -> new Preconditions(null, "*", null, null).requireSupportedOnDelete());
        assertEquals(S3Error.NOT_IMPLEMENTED, delete.error());
        assertEquals("A delete takes If-Match only", delete.getMessage());
        assertTrue(
                new Preconditions(null, "*", null, null).holdWithoutObject(),
                "If-None-Match: * holds on a missing key");
        assertFalse(new Preconditions("\"abc\"", null, null, null).holdWithoutObject(), "If-Match is the key's 404");
    }
}
