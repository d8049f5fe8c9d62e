package io.posixgw.sigv4;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads AWS's signing test suite (Apache-2.0, vendored with its LICENSE and NOTICE in
 * {@code src/test/resources/aws-signing-test-suite}) from the test class path. Absent vectors fail the build: skipping
 * would hide that the signing code went untested.
 */
final class TestVectors {
    private static final String SUITE = "/aws-signing-test-suite/";

    private TestVectors() {}

    static Path suiteDir(String version) {
        URL dir = TestVectors.class.getResource(SUITE + version);
        if (dir == null) {
            throw new IllegalStateException(SUITE + version + " is not on the test class path (src/test/resources)");
        }
        try {
            return Path.of(dir.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<Path> cases(String version) {
        try (Stream<Path> dirs = Files.list(suiteDir(version))) {
            return dirs.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The flat fields of a case's context.json (its only nesting, "credentials", has unique field names). */
    record Context(
            String accessKey,
            String secret,
            String region,
            String service,
            Instant timestamp,
            boolean normalize,
            boolean omitSessionToken) {
        static Context of(Path caseDir) {
            String json = read(caseDir.resolve("context.json"));
            Map<String, String> fields = new LinkedHashMap<>();
            Matcher m = Pattern.compile("\"(\\w+)\"\\s*:\\s*(\"([^\"]*)\"|true|false|\\d+)")
                    .matcher(json);
            while (m.find()) {
                fields.put(m.group(1), m.group(3) != null ? m.group(3) : m.group(2));
            }
            return new Context(
                    fields.get("access_key_id"),
                    fields.get("secret_access_key"),
                    fields.get("region"),
                    fields.get("service"),
                    Instant.parse(fields.get("timestamp")),
                    Boolean.parseBoolean(fields.get("normalize")),
                    Boolean.parseBoolean(fields.getOrDefault("omit_session_token", "false")));
        }
    }

    /** A raw HTTP request as the suite writes it: request line, headers (folded lines allowed), blank line, body. */
    record RawRequest(
            String method, String path, List<QueryParam> query, Map<String, List<String>> headers, byte[] body) {
        SignedRequest toSigned() {
            return new SignedRequest(method, path, query, Headers.of(headers));
        }

        static RawRequest parse(String text) {
            int headerEnd = text.indexOf("\n\n");
            String head = headerEnd < 0 ? text : text.substring(0, headerEnd);
            String bodyText = headerEnd < 0 ? "" : text.substring(headerEnd + 2);
            String[] lines = head.split("\n", -1);
            String requestLine = lines[0];
            String method = requestLine.substring(0, requestLine.indexOf(' '));
            String target = requestLine.substring(method.length() + 1, requestLine.lastIndexOf(' '));
            int q = target.indexOf('?');
            String path = percentDecode(q < 0 ? target : target.substring(0, q), false);
            List<QueryParam> query = q < 0 ? List.of() : parseQuery(target.substring(q + 1));
            Map<String, List<String>> headers = new LinkedHashMap<>();
            List<String> last = null;
            for (int i = 1; i < lines.length; i++) {
                String line = lines[i];
                if (line.isEmpty()) {
                    continue;
                }
                if ((line.startsWith(" ") || line.startsWith("\t")) && last != null) {
                    // obsolete line folding: the continuation joins the previous value with a space
                    last.set(last.size() - 1, last.get(last.size() - 1) + " " + line.strip());
                    continue;
                }
                int colon = line.indexOf(':');
                last = headers.computeIfAbsent(line.substring(0, colon), k -> new ArrayList<>());
                last.add(line.substring(colon + 1));
            }
            return new RawRequest(method, path, query, headers, bodyText.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Like Go's url.ParseQuery: split on '&', then '=' once; '+' is a space; no '=' means an empty value. */
    static List<QueryParam> parseQuery(String rawQuery) {
        List<QueryParam> params = new ArrayList<>();
        if (rawQuery.isEmpty()) {
            return params;
        }
        for (String pair : rawQuery.split("&", -1)) {
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            params.add(new QueryParam(percentDecode(name, true), percentDecode(value, true)));
        }
        return params;
    }

    /** Percent-decodes once (raw UTF-8 passes through); a bad escape stays literal. */
    static String percentDecode(String s, boolean plusIsSpace) {
        byte[] in = s.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream(in.length);
        for (int i = 0; i < in.length; i++) {
            byte b = in[i];
            if (b == '%'
                    && i + 2 < in.length
                    && Character.digit(in[i + 1], 16) >= 0
                    && Character.digit(in[i + 2], 16) >= 0) {
                out.write(Character.digit(in[i + 1], 16) * 16 + Character.digit(in[i + 2], 16));
                i += 2;
            } else if (b == '+' && plusIsSpace) {
                out.write(' ');
            } else {
                out.write(b);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
