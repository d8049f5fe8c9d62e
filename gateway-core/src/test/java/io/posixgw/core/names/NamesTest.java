package io.posixgw.core.names;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NamesTest {
    @ParameterizedTest
    @ValueSource(
            strings = {
                "abc",
                "ryax-filestore",
                "a.b.c",
                "0-9",
                "abcdefghij-abcdefghij-abcdefghij-abcdefghij-abcdefghij-abcdefgh"
            })
    void validBuckets(String name) {
        assertTrue(BucketNames.isValid(name), name);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "ab",
                "Abc",
                "-abc",
                "abc-",
                "a..b",
                "a.-b",
                "a-.b",
                "192.168.1.1",
                "a_b",
                "xn--abc",
                "lost+found",
                "abc-s3alias",
                ".sgwtmp"
            })
    void invalidBuckets(String name) {
        assertFalse(BucketNames.isValid(name), name);
        assertEquals(
                S3Error.INVALID_BUCKET_NAME,
                assertThrows(S3Exception.class, () -> BucketNames.requireValid(name))
                        .error());
    }

    @Test
    void tooLongBucket() {
        assertFalse(BucketNames.isValid("a".repeat(64)));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "a",
                "a/b/c",
                "dir/",
                "%2e%2e/x",
                "..%2f",
                "a..b",
                "...",
                ".hidden",
                "a b+c",
                "sp ce/!-_.'()&@=;: ,?^{}%`[]~<>|#\\",
                "\u00e9t\u00e9/\uD83D\uDE00"
            })
    void validKeys(String key) {
        assertEquals(key, ObjectKeys.requireValid(key));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "/abs",
                "..",
                "../x",
                "a/../b",
                "a/..",
                "./a",
                "a/./b",
                "a//b",
                "a\u0000b",
                ".sgwtmp/x",
                "a/.sgwtmp/b"
            })
    void invalidKeys(String key) {
        S3Exception e = assertThrows(S3Exception.class, () -> ObjectKeys.requireValid(key), key);
        assertEquals(400, e.error().httpStatus());
    }

    @Test
    void keyLengthLimits() {
        assertEquals(
                S3Error.KEY_TOO_LONG,
                assertThrows(S3Exception.class, () -> ObjectKeys.requireValid("a/".repeat(512) + "b"))
                        .error());
        ObjectKeys.requireValid("a/".repeat(511) + "bc"); // 1024 bytes exactly
        assertEquals(
                S3Error.KEY_TOO_LONG,
                assertThrows(S3Exception.class, () -> ObjectKeys.requireValid("x".repeat(256)))
                        .error());
    }
}
