package io.posixgw.server.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestTargetTest {
    @Test
    void pathDecodedOnceWithPlusLiteral() {
        assertEquals("/b/a b+c", RequestTarget.decodePath("/b/a%20b+c"));
        assertEquals("/b/%2e%2e/x", RequestTarget.decodePath("/b/%252e%252e/x"));
        assertEquals("/b/\u1234", RequestTarget.decodePath("/b/%E1%88%B4"));
        // Netty hands raw UTF-8 bytes over as ISO-8859-1 chars.
        assertEquals("/b/\u1234", RequestTarget.decodePath("/b/\u00e1\u0088\u00b4"));
    }

    @Test
    void absoluteFormTargetsServeTheirPath() {
        assertEquals("/b/k%20x", RequestTarget.rawPath("http://127.0.0.1:7070/b/k%20x?uploads"));
        assertEquals("/b", RequestTarget.rawPath("HTTPS://host/b"));
        assertEquals("/", RequestTarget.rawPath("http://host"));
        assertEquals("uploads", RequestTarget.rawQuery("http://host/b/k?uploads"));
        assertEquals("/b/k", RequestTarget.rawPath("/b/k"));
        assertEquals("*", RequestTarget.rawPath("*"), "no scheme: left for the caller to refuse");
        assertEquals("ftp://h/b", RequestTarget.rawPath("ftp://h/b"));
    }

    @Test
    void malformedEscapesAndInvalidUtf8AreInvalidUri() {
        for (String bad : new String[] {"/b/%", "/b/%4", "/b/%zz", "/b/%C0%AF", "/b/%FF"}) {
            S3Exception e = assertThrows(S3Exception.class, () -> RequestTarget.decodePath(bad), bad);
            assertEquals(S3Error.INVALID_URI, e.error());
        }
    }

    @Test
    void queryIsFormDecoded() {
        List<Map.Entry<String, String>> q = RequestTarget.decodeQuery("prefix=a+b%2Bc&list-type=2&uploads&=x");
        assertEquals(Map.entry("prefix", "a b+c"), q.get(0));
        assertEquals(Map.entry("list-type", "2"), q.get(1));
        assertEquals(Map.entry("uploads", ""), q.get(2));
    }
}
