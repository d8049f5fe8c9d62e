package io.posixgw.server.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Stored header values: the UTF-8 text the received bytes spell, and those bytes again on the way out. */
class ObjectHeadersTest {
    static String bytesOf(String text) {
        return new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    }

    @Test
    void asciiIsTakenAsItIs() {
        String v = "plain value";
        assertSame(v, ObjectHeaders.fromWire("x-amz-meta-a", v));
    }

    @Test
    void utf8BytesAreStoredAsTheirTextAndSentAsTheSameBytes() {
        for (String text : new String[] {"Miniö", "Grüße €", "日本", "\uD83D\uDE00"}) {
            String wire = bytesOf(text);
            assertEquals(text, ObjectHeaders.fromWire("x-amz-meta-a", wire));
            assertEquals(wire, ObjectHeaders.toWire(ObjectHeaders.fromWire("x-amz-meta-a", wire)));
        }
    }

    @Test
    void bytesThatAreNoUtf8AreRefusedNotReplaced() {
        for (String wire : new String[] {"Mini\u00f6", "\u00c3", "a\u00ff\u00feb"}) {
            S3Exception e = assertThrows(S3Exception.class, () -> ObjectHeaders.fromWire("x-amz-meta-a", wire));
            assertEquals(S3Error.INVALID_ARGUMENT, e.error());
        }
    }
}
