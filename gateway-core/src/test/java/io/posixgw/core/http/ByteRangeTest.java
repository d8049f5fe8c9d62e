package io.posixgw.core.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The Range lines of the conformance checklist, on a 100-byte object. */
class ByteRangeTest {
    @ParameterizedTest
    @ValueSource(strings = {"bytes=abc", "bytes=10-5", "foo=0-1", "bytes=0-0,1-2", "bytes=", "bytes=-", "bytes=1-x"})
    void ignored(String header) {
        assertNull(ByteRange.resolve(header, 100), header);
    }

    @ParameterizedTest
    @CsvSource({
        "bytes=0-0,0,0",
        "bytes=50-,50,99",
        "bytes=-10,90,99",
        "bytes=-101,0,99",
        "bytes=0-999999,0,99",
        "bytes=99-99,99,99"
    })
    void satisfiable(String header, long first, long last) {
        ByteRange r = ByteRange.resolve(header, 100);
        assertEquals(first, r.first());
        assertEquals(last, r.last());
        assertEquals("bytes " + first + "-" + last + "/100", r.contentRange(100));
    }

    @ParameterizedTest
    @ValueSource(strings = {"bytes=100-110", "bytes=-0", "bytes=100-"})
    void unsatisfiable(String header) {
        S3Exception e = assertThrows(S3Exception.class, () -> ByteRange.resolve(header, 100));
        assertEquals(S3Error.INVALID_RANGE, e.error());
        assertEquals("bytes */100", e.headers().get("Content-Range"));
        assertEquals(header, e.details().get("RangeRequested"));
        assertEquals("100", e.details().get("ActualObjectSize"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"bytes=0-0", "bytes=0-", "bytes=-1"})
    void emptyObjectIsAlwaysUnsatisfiable(String header) {
        assertEquals(
                S3Error.INVALID_RANGE,
                assertThrows(S3Exception.class, () -> ByteRange.resolve(header, 0))
                        .error());
    }
}
