package io.posixgw.core.cors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class CorsConfigurationTest {
    private static byte[] xml(String rules) {
        return ("<CORSConfiguration xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">" + rules
                        + "</CORSConfiguration>")
                .getBytes(StandardCharsets.UTF_8);
    }

    private static String rule(String body) {
        return "<CORSRule>" + body + "</CORSRule>";
    }

    private static S3Exception refused(String rules) {
        return assertThrows(S3Exception.class, () -> CorsConfiguration.parse(xml(rules)));
    }

    @Test
    void validatesAsS3() {
        assertEquals(S3Error.MALFORMED_XML, refused("").error(), "no rule");
        assertEquals(
                S3Error.MALFORMED_XML,
                refused(rule("<AllowedMethod>GET</AllowedMethod>")).error(),
                "no origin");
        assertEquals(
                S3Error.MALFORMED_XML,
                refused(rule("<AllowedOrigin>*</AllowedOrigin>")).error(),
                "no method");
        S3Exception method = refused(rule("<AllowedOrigin>*</AllowedOrigin><AllowedMethod>PATCH</AllowedMethod>"));
        assertEquals(S3Error.INVALID_REQUEST, method.error());
        assertEquals("Found unsupported HTTP method in CORS config. Unsupported method is PATCH", method.getMessage());
        assertEquals(
                S3Error.INVALID_REQUEST,
                refused(rule("<AllowedOrigin>*</AllowedOrigin><AllowedMethod>get</AllowedMethod>"))
                        .error(),
                "methods are case sensitive");
        S3Exception twoStars = refused(rule("<AllowedOrigin>*.a.*</AllowedOrigin><AllowedMethod>GET</AllowedMethod>"));
        assertEquals("AllowedOrigin \"*.a.*\" can not have more than one wildcard.", twoStars.getMessage());
        assertEquals(
                S3Error.INVALID_REQUEST,
                refused(rule("<AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod>"
                                + "<ExposeHeader>*</ExposeHeader>"))
                        .error());
        assertEquals(
                S3Error.INVALID_REQUEST,
                refused(rule("<AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod>"
                                + "<AllowedHeader>a b</AllowedHeader>"))
                        .error());
        String ok = rule("<AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod>");
        assertEquals(100, CorsConfiguration.parse(xml(ok.repeat(100))).rules.size());
        assertEquals(S3Error.MALFORMED_XML, refused(ok.repeat(101)).error(), "101 rules");
        assertEquals(
                S3Error.INVALID_REQUEST,
                refused(rule("<ID>" + "i".repeat(256)
                                + "</ID><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod>"))
                        .error());
    }

    @Test
    void firstMatchingRuleByOriginMethodAndHeaders() {
        CorsConfiguration c = CorsConfiguration.parse(
                xml(rule("<AllowedOrigin>*suffix</AllowedOrigin>" + "<AllowedMethod>GET</AllowedMethod>")
                        + rule(
                                "<ID>put</ID><AllowedOrigin>https://app.example</AllowedOrigin><AllowedMethod>PUT</AllowedMethod>"
                                        + "<AllowedMethod>POST</AllowedMethod><AllowedHeader>x-amz-*</AllowedHeader>"
                                        + "<AllowedHeader>Content-Type</AllowedHeader><ExposeHeader>ETag</ExposeHeader>"
                                        + "<MaxAgeSeconds>600</MaxAgeSeconds>")
                        + rule("<AllowedOrigin>*</AllowedOrigin><AllowedMethod>HEAD</AllowedMethod>")));
        CorsConfiguration.Allowance a = c.match("foo.suffix", "GET", List.of());
        assertEquals("foo.suffix", a.allowOrigin());
        assertTrue(a.allowCredentials());
        assertEquals("GET", a.allowMethods());
        assertNull(c.match("foo.suffix.get", "GET", List.of()));
        assertNull(c.match("foo.suffix", "PUT", List.of()), "the origin's rule does not allow PUT");

        CorsConfiguration.Allowance put = c.match("https://app.example", "PUT", List.of("x-amz-date", "content-type"));
        assertEquals("PUT, POST", put.allowMethods());
        assertEquals("x-amz-date, content-type", put.allowHeaders());
        assertEquals("ETag", put.exposeHeaders());
        assertEquals(600, put.maxAgeSeconds());
        assertNull(c.match("https://app.example", "PUT", List.of("authorization")), "a header no rule allows");
        assertNull(c.match("http://app.example", "PUT", List.of()), "origins compare exactly");

        CorsConfiguration.Allowance any = c.match("http://elsewhere", "HEAD", List.of());
        assertEquals("*", any.allowOrigin());
        assertFalse(any.allowCredentials(), "never credentials with *");
    }

    @Test
    void wildcardsMatchAnyRunIncludingNone() {
        assertTrue(CorsConfiguration.wildcardMatch("start*end", "startend"));
        assertTrue(CorsConfiguration.wildcardMatch("start*end", "start12end"));
        assertFalse(CorsConfiguration.wildcardMatch("start*end", "0start12end"));
        assertTrue(CorsConfiguration.wildcardMatch("prefix*", "prefix"));
        assertFalse(CorsConfiguration.wildcardMatch("prefix*", "bla.prefix"));
        assertFalse(CorsConfiguration.wildcardMatch("ab*ba", "aba"), "prefix and suffix must not overlap");
    }

    @Test
    void requestHeadersAreTokens() {
        assertEquals(
                List.of("x-amz-date", "content-type"), CorsConfiguration.requestHeaders(" X-Amz-Date ,Content-Type"));
        assertEquals(
                S3Error.BAD_REQUEST,
                assertThrows(S3Exception.class, () -> CorsConfiguration.requestHeaders("a b"))
                        .error());
    }
}
