package io.posixgw.server.ops;

import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.FileRegionBody;
import io.posixgw.core.backend.StreamBody;
import io.posixgw.core.model.Etags;
import io.posixgw.server.auth.Authorizer;
import io.posixgw.server.auth.Principal;
import io.posixgw.server.auth.Role;
import io.posixgw.server.http.Errors;
import io.posixgw.server.routing.Endpoint;
import io.posixgw.server.routing.RequestHeaders;
import io.posixgw.server.routing.Router;
import io.posixgw.server.routing.S3Request;
import io.posixgw.testkit.BackendCalls;
import io.posixgw.testkit.Bodies;
import io.posixgw.testkit.memory.InMemoryBackend;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@link Operations} over an {@link InMemoryBackend}, driven by requests built in the test: the
 * routing, authorisation, handler and error rendering of the server, without a socket or a disk.
 */
final class OpsHarness {
    static final String REQUEST_ID = "test-request";
    static final Principal ROOT = new Principal("root-key", Role.ROOT);

    final InMemoryBackend store = new InMemoryBackend();
    final BackendCalls backend = new BackendCalls(store);
    private final Operations operations;

    OpsHarness() {
        this(false);
    }

    /** @param legacyBucketDefaults the server's {@code --legacy-bucket-defaults} */
    OpsHarness(boolean legacyBucketDefaults) {
        this(legacyBucketDefaults, b -> b);
    }

    /** With the server's calls going through {@code seen} (a test's wrapper that watches them) to {@link #store}. */
    OpsHarness(boolean legacyBucketDefaults, java.util.function.UnaryOperator<io.posixgw.core.backend.Backend> seen) {
        io.posixgw.core.backend.Backend b = seen.apply(store);
        this.operations = new Operations(b, "us-east-1", new Authorizer(b), null, legacyBucketDefaults);
    }

    Request request(String method, String path) {
        return new Request(method, path);
    }

    /** A request being built: query parameters, headers and a body. */
    final class Request {
        private final String method;
        private final String path;
        private final List<Map.Entry<String, String>> query = new ArrayList<>();
        private final Map<String, List<String>> headers = new LinkedHashMap<>();
        private byte[] body;

        private Request(String method, String path) {
            this.method = method;
            this.path = path;
        }

        Request query(String name, String value) {
            query.add(Map.entry(name, value));
            return this;
        }

        Request header(String name, String value) {
            headers.computeIfAbsent(name.toLowerCase(Locale.ROOT), n -> new ArrayList<>())
                    .add(value);
            return this;
        }

        Request body(String text) {
            return body(text.getBytes(StandardCharsets.UTF_8));
        }

        Request body(byte[] bytes) {
            this.body = bytes;
            return this;
        }

        /** An XML body with its Content-MD5, as S3 requires of some. */
        Request xml(String text) {
            byte[] b = text.getBytes(StandardCharsets.UTF_8);
            return header(
                            "content-md5",
                            Base64.getEncoder().encodeToString(Etags.newMd5().digest(b)))
                    .body(b);
        }

        Answer send() throws IOException {
            String rest = path.substring(1);
            int slash = rest.indexOf('/');
            String bucket = rest.isEmpty() ? null : slash < 0 ? rest : rest.substring(0, slash);
            String key = slash < 0 || slash == rest.length() - 1 ? null : rest.substring(slash + 1);
            Map<String, List<String>> h = Map.copyOf(headers);
            RequestHeaders rh = new RequestHeaders() {
                @Override
                public List<String> all(String lowerCaseName) {
                    return h.getOrDefault(lowerCaseName, List.of());
                }

                @Override
                public Set<String> names() {
                    return h.keySet();
                }
            };
            S3Request request = new S3Request(method, path, bucket, key, List.copyOf(query), rh);
            S3Response response;
            try {
                Endpoint endpoint = Router.route(request);
                boolean sends = body != null || method.equals("PUT") || method.equals("POST");
                Exchange x = new Exchange(
                        request,
                        endpoint,
                        ROOT,
                        sends ? Bodies.of(body == null ? new byte[0] : body) : null,
                        REQUEST_ID);
                response = operations.run(x);
            } catch (S3Exception e) {
                response = Errors.render(e, method, request.resource(), REQUEST_ID);
            }
            return new Answer(response);
        }
    }

    /** What the operation answered, its body read. */
    static final class Answer {
        final S3Response response;
        final byte[] body;

        Answer(S3Response response) throws IOException {
            this.response = response;
            this.body = read(response.body());
        }

        int status() {
            return response.status();
        }

        String header(String name) {
            for (Map.Entry<String, String> e : response.headers()) {
                if (e.getKey().equalsIgnoreCase(name)) {
                    return e.getValue();
                }
            }
            return null;
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        String errorCode() {
            return response.errorCode();
        }

        /** The Content-Length the server would send: the body's, or a HEAD answer's announced one. */
        long contentLength() {
            return response.body() instanceof S3Response.HeadOnly h ? h.contentLength() : response.bodyLength();
        }

        private static byte[] read(S3Response.Body body) throws IOException {
            if (body instanceof S3Response.Bytes b) {
                return b.bytes();
            }
            if (body instanceof S3Response.Stream s) {
                StreamBody stream = s.stream();
                try (stream) {
                    return BackendCalls.readAll(stream);
                }
            }
            if (body instanceof S3Response.FileRegion f) {
                FileRegionBody file = f.file();
                try (file) {
                    return BackendCalls.readAll(file);
                }
            }
            return new byte[0];
        }
    }
}
