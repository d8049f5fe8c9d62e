package io.posixgw.core.cors;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlElementWrapper;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlProperty;
import com.fasterxml.jackson.dataformat.xml.annotation.JacksonXmlRootElement;
import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.xml.S3Xml;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A bucket's CORS configuration, {@code <CORSConfiguration><CORSRule>...</CORSRule></CORSConfiguration>}, with S3's
 * validation ({@link #parse}) and its matching ({@link #match}). Stored as the XML the client sent (versitygw's
 * {@code cors} bucket attribute holds the request body), so it is parsed again on every use: a few rules, microseconds.
 */
@JacksonXmlRootElement(localName = "CORSConfiguration")
@JsonIgnoreProperties(ignoreUnknown = true)
public final class CorsConfiguration {
    /** S3's limit on rules per configuration. */
    public static final int MAX_RULES = 100;
    /** S3's limit on a configuration's size. */
    public static final int MAX_BYTES = 64 * 1024;

    private static final Set<String> METHODS = Set.of("GET", "PUT", "HEAD", "POST", "DELETE");
    /** An HTTP header name (RFC 9110 token), with {@code *} allowed for AllowedHeader wildcards. */
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+\\-.^_`|~0-9A-Za-z]+");

    @JacksonXmlElementWrapper(useWrapping = false)
    @JacksonXmlProperty(localName = "CORSRule")
    public List<Rule> rules = new ArrayList<>();

    /** One {@code <CORSRule>}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public static final class Rule {
        @JacksonXmlProperty(localName = "ID")
        public String id;

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "AllowedOrigin")
        public List<String> allowedOrigins = new ArrayList<>();

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "AllowedMethod")
        public List<String> allowedMethods = new ArrayList<>();

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "AllowedHeader")
        public List<String> allowedHeaders = new ArrayList<>();

        @JacksonXmlElementWrapper(useWrapping = false)
        @JacksonXmlProperty(localName = "ExposeHeader")
        public List<String> exposeHeaders = new ArrayList<>();

        @JacksonXmlProperty(localName = "MaxAgeSeconds")
        public Integer maxAgeSeconds;
    }

    /**
     * What a matching rule lets the response say.
     *
     * @param allowOrigin the request's origin, or {@code *} when the rule allows any origin
     * @param allowCredentials whether {@code Access-Control-Allow-Credentials: true} is sent (never with {@code *})
     * @param allowMethods the rule's methods, comma-separated
     * @param allowHeaders the requested headers (lower case), comma-separated, or empty
     * @param exposeHeaders the rule's ExposeHeaders, comma-separated, or empty
     * @param maxAgeSeconds the rule's MaxAgeSeconds, or null
     */
    public record Allowance(
            String allowOrigin,
            boolean allowCredentials,
            String allowMethods,
            String allowHeaders,
            String exposeHeaders,
            Integer maxAgeSeconds) {}

    /**
     * Parses and validates a PutBucketCors body as S3 does: at least one rule, at most {@value #MAX_RULES}; each with an
     * AllowedOrigin and an AllowedMethod (else MalformedXML); methods among GET, PUT, HEAD, POST, DELETE (case
     * sensitive); at most one {@code *} per AllowedOrigin and AllowedHeader; no {@code *} in ExposeHeader; header
     * names that are HTTP tokens; an ID of at most 255 characters; a MaxAgeSeconds that is not negative.
     */
    public static CorsConfiguration parse(byte[] xml) {
        if (xml.length > MAX_BYTES) {
            throw new S3Exception(
                    S3Error.MALFORMED_XML, "The CORS configuration must not be larger than " + MAX_BYTES + " bytes");
        }
        CorsConfiguration c = S3Xml.read(xml, CorsConfiguration.class);
        if (c.rules == null || c.rules.isEmpty()) {
            throw S3Error.MALFORMED_XML.exception();
        }
        if (c.rules.size() > MAX_RULES) {
            throw new S3Exception(
                    S3Error.MALFORMED_XML,
                    "The number of CORS rules should not exceed allowed limit of " + MAX_RULES + " rules.");
        }
        for (Rule r : c.rules) {
            validate(r);
        }
        return c;
    }

    /** Reads a stored configuration (validated when it was put); null when it cannot be read as one. */
    public static CorsConfiguration stored(byte[] xml) {
        try {
            CorsConfiguration c = S3Xml.read(xml, CorsConfiguration.class);
            return c.rules == null ? null : c;
        } catch (S3Exception e) {
            return null;
        }
    }

    private static void validate(Rule r) {
        if (r.allowedOrigins == null || r.allowedOrigins.isEmpty()) {
            throw S3Error.MALFORMED_XML.exception();
        }
        if (r.allowedMethods == null || r.allowedMethods.isEmpty()) {
            throw S3Error.MALFORMED_XML.exception();
        }
        if (r.id != null && r.id.length() > 255) {
            throw new S3Exception(S3Error.INVALID_REQUEST, "ID length should not exceed allowed limit of 255");
        }
        for (String m : r.allowedMethods) {
            if (m == null || !METHODS.contains(m)) {
                throw new S3Exception(
                        S3Error.INVALID_REQUEST,
                        "Found unsupported HTTP method in CORS config. Unsupported method is " + m);
            }
        }
        for (String o : r.allowedOrigins) {
            if (o == null || o.isEmpty()) {
                throw S3Error.MALFORMED_XML.exception();
            }
            if (wildcards(o) > 1) {
                throw new S3Exception(
                        S3Error.INVALID_REQUEST, "AllowedOrigin \"" + o + "\" can not have more than one wildcard.");
            }
        }
        for (String h : nonNull(r.allowedHeaders)) {
            if (wildcards(h) > 1) {
                throw new S3Exception(
                        S3Error.INVALID_REQUEST, "AllowedHeader \"" + h + "\" can not have more than one wildcard.");
            }
            if (!h.isEmpty() && !TOKEN.matcher(h).matches()) {
                throw new S3Exception(
                        S3Error.INVALID_REQUEST, "AllowedHeader \"" + h + "\" contains invalid character.");
            }
        }
        for (String h : nonNull(r.exposeHeaders)) {
            if (h.contains("*")) {
                throw new S3Exception(
                        S3Error.INVALID_REQUEST,
                        "ExposeHeader \"" + h
                                + "\" contains wildcard. We currently do not support wildcard for ExposeHeader.");
            }
            if (!h.isEmpty() && !TOKEN.matcher(h).matches()) {
                throw new S3Exception(
                        S3Error.INVALID_REQUEST, "ExposeHeader \"" + h + "\" contains invalid character.");
            }
        }
        if (r.maxAgeSeconds != null && r.maxAgeSeconds < 0) {
            throw S3Error.MALFORMED_XML.exception();
        }
    }

    private static List<String> nonNull(List<String> values) {
        List<String> out = new ArrayList<>();
        if (values != null) {
            for (String v : values) {
                out.add(v == null ? "" : v.trim());
            }
        }
        return out;
    }

    private static int wildcards(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '*') {
                n++;
            }
        }
        return n;
    }

    /**
     * The first rule that allows {@code origin} to use {@code method} with {@code requestHeaders} (lower-cased names),
     * as S3 picks it; null when none does. Origins and methods compare case-sensitively, headers not.
     */
    public Allowance match(String origin, String method, List<String> requestHeaders) {
        for (Rule r : rules) {
            String matched = null;
            for (String o : r.allowedOrigins) {
                if (o != null && wildcardMatch(o.trim(), origin)) {
                    matched = o.trim();
                    break;
                }
            }
            if (matched == null || r.allowedMethods == null || !r.allowedMethods.contains(method)) {
                continue;
            }
            if (!headersAllowed(r, requestHeaders)) {
                continue;
            }
            boolean any = matched.equals("*");
            return new Allowance(
                    any ? "*" : origin,
                    !any,
                    String.join(", ", r.allowedMethods),
                    String.join(", ", requestHeaders),
                    String.join(", ", nonNull(r.exposeHeaders)),
                    r.maxAgeSeconds);
        }
        return null;
    }

    private static boolean headersAllowed(Rule r, List<String> requested) {
        List<String> allowed = nonNull(r.allowedHeaders);
        for (String h : requested) {
            boolean ok = false;
            for (String a : allowed) {
                if (wildcardMatch(a.toLowerCase(java.util.Locale.ROOT), h.toLowerCase(java.util.Locale.ROOT))) {
                    ok = true;
                    break;
                }
            }
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** {@code pattern} with at most one {@code *}, which matches any run of characters (none included). */
    static boolean wildcardMatch(String pattern, String value) {
        int star = pattern.indexOf('*');
        if (star < 0) {
            return pattern.equals(value);
        }
        String prefix = pattern.substring(0, star);
        String suffix = pattern.substring(star + 1);
        return value.length() >= prefix.length() + suffix.length()
                && value.startsWith(prefix)
                && value.endsWith(suffix);
    }

    /**
     * The names of an {@code Access-Control-Request-Headers} value, lower-cased; {@code BadRequest} when one is not an
     * HTTP token.
     */
    public static List<String> requestHeaders(String value) {
        List<String> out = new ArrayList<>();
        if (value == null || value.isBlank()) {
            return out;
        }
        for (String h : value.split(",", -1)) {
            String name = h.trim();
            if (name.isEmpty()) {
                continue;
            }
            if (!TOKEN.matcher(name).matches() || name.contains("*")) {
                throw new S3Exception(
                        S3Error.BAD_REQUEST,
                        "Access-Control-Request-Headers \"" + name + "\" contains invalid character.");
            }
            out.add(name.toLowerCase(java.util.Locale.ROOT));
        }
        return out;
    }

    /** Whether {@code method} can be named by a CORS rule. */
    public static boolean corsMethod(String method) {
        return METHODS.contains(method);
    }
}
