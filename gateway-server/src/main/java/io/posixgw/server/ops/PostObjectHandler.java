package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.acl.Acl;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.core.model.PutObjectResult;
import io.posixgw.core.model.Tags;
import io.posixgw.core.names.ObjectKeys;
import io.posixgw.core.post.FormFile;
import io.posixgw.core.post.FormReader;
import io.posixgw.core.post.PostPolicy;
import io.posixgw.core.xml.PostResponse;
import io.posixgw.core.xml.S3Xml;
import io.posixgw.core.xml.Tagging;
import io.posixgw.server.auth.Authenticator;
import io.posixgw.server.auth.Authorizer;
import io.posixgw.server.auth.Principal;
import io.posixgw.server.routing.RequestHeaders;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * S3's POST Object, a browser form upload: the fields before the file are read (at most {@value #MAX_FIELDS_BYTES}
 * bytes together, as S3 bounds them), the form's SigV4 signature verified ({@link Authenticator#authenticateForm})
 * and its policy checked ({@link PostPolicy}), the caller authorised as for PutObject, and then the file part is
 * streamed to the backend as a PUT's body ({@link FormFile}): the same temp file, atomic publication and durability.
 * Fields after the file are ignored, as S3 ignores them. An unsigned form is anonymous: allowed only where
 * {@link AnonymousWrites} says so.
 */
final class PostObjectHandler {
    /** S3's bound on the form fields that precede the file. */
    static final int MAX_FIELDS_BYTES = 20 * 1024;

    private static final String ALGORITHM = "AWS4-HMAC-SHA256";
    /** Form fields that are object attributes, as a PUT's headers are. */
    private static final Set<String> ATTRIBUTE_FIELDS = Set.of(
            "content-type", "content-encoding", "content-language", "content-disposition", "cache-control", "expires");

    /**
     * The hook for anonymous writes: whether an unauthenticated caller may do {@code s3:PutObject} on
     * {@code bucket/key}: the bucket policy answers it ({@link Operations} binds it to the {@code Authorizer});
     * {@link #NOBODY} for tests.
     */
    @FunctionalInterface
    interface AnonymousWrites {
        boolean mayPutObject(Exchange x, String key) throws IOException;

        AnonymousWrites NOBODY = (x, key) -> false;
    }

    private final Backend backend;
    private final Authenticator authenticator;
    private final Authorizer authorizer;
    private final AclHandler acls;
    private final AnonymousWrites anonymous;
    private final Clock clock;

    PostObjectHandler(
            Backend backend,
            Authenticator authenticator,
            Authorizer authorizer,
            AclHandler acls,
            AnonymousWrites anonymous,
            Clock clock) {
        this.backend = backend;
        this.authenticator = authenticator;
        this.authorizer = authorizer;
        this.acls = acls;
        this.anonymous = anonymous;
        this.clock = clock;
    }

    S3Response post(Exchange x) throws IOException {
        String boundary = FormReader.boundary(x.header("content-type"));
        if (boundary == null) {
            throw new S3Exception(
                    S3Error.PRECONDITION_FAILED, "Bucket POST must be of the enclosure-type multipart/form-data");
        }
        backend.headBucket(x.bucket());
        FormReader form = new FormReader(x.body(), boundary);
        Map<String, String> fields = new LinkedHashMap<>();
        FormReader.Part file = null;
        int used = 0;
        FormReader.Part part;
        while ((part = form.next()) != null) {
            String name = part.name().toLowerCase(Locale.ROOT);
            if (name.equals("file")) {
                file = part;
                break;
            }
            used += name.length();
            if (used > MAX_FIELDS_BYTES) {
                throw S3Error.MAX_POST_PRE_DATA_LENGTH_EXCEEDED.exception();
            }
            byte[] value = form.value(MAX_FIELDS_BYTES - used);
            used += value.length;
            if (fields.put(name, new String(value, StandardCharsets.UTF_8)) != null) {
                throw new S3Exception(S3Error.INVALID_ARGUMENT, "The field " + part.name() + " appears more than once");
            }
        }
        if (file == null) {
            throw new S3Exception(S3Error.INVALID_ARGUMENT, "POST requires exactly one file upload per request.");
        }
        String key = fields.get("key");
        if (key == null) {
            throw new S3Exception(
                    S3Error.INVALID_ARGUMENT,
                    "Bucket POST must contain a field named 'key'.  If it is specified, please check the order of the fields.");
        }
        key = key.replace("${filename}", file.filename() == null ? "" : file.filename());
        ObjectKeys.requireValid(key);
        fields.put("key", key);
        fields.put("bucket", x.bucket());

        Signed signed = authenticate(x, fields, key);
        PostPolicy policy = signed.policy();
        // the form's acl field as a PUT's x-amz-acl: refused on a bucket with ACLs disabled unless the owner's own,
        // published with the object on one with ACLs enabled
        String cannedAcl = fields.get("acl");
        Acl acl = acls.forNewObject(
                x.bucket(),
                signed.caller() == null ? null : signed.caller().accessKey(),
                h -> h.equals("x-amz-acl") ? cannedAcl : null);
        ObjectAttributes attributes = attributes(fields).withAcl(acl);
        Map.Entry<ChecksumAlgorithm, String> checksum = checksum(fields);
        FormFile body = new FormFile(
                form,
                policy == null ? 0 : policy.minLength(),
                policy == null
                        ? ObjectPutHandler.MAX_PUT_SIZE
                        : Math.min(policy.maxLength(), ObjectPutHandler.MAX_PUT_SIZE),
                checksum == null ? null : checksum.getKey(),
                checksum == null ? null : checksum.getValue());
        PutObjectResult result = backend.putObject(new PutObjectRequest(x.bucket(), key, attributes, null), body);
        return answer(x, fields, key, result);
    }

    /** A verified form: its policy and signer, both null for an anonymous form. */
    private record Signed(PostPolicy policy, Principal caller) {}

    /** Verifies the form's signature and policy; nothing for an anonymous form, which {@link #anonymous} must allow. */
    private Signed authenticate(Exchange x, Map<String, String> fields, String key) throws IOException {
        boolean signed = fields.containsKey("policy") || fields.containsKey("x-amz-signature");
        if (!signed) {
            if (fields.containsKey("awsaccesskeyid") || fields.containsKey("signature")) {
                throw new S3Exception(
                        S3Error.INVALID_REQUEST,
                        "The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.");
            }
            if (!anonymous.mayPutObject(x, key)) {
                throw S3Error.ACCESS_DENIED.exception();
            }
            return new Signed(null, null);
        }
        String algorithm = required(fields, "x-amz-algorithm");
        if (!algorithm.equals(ALGORITHM)) {
            throw new S3Exception(
                    S3Error.INVALID_ARGUMENT, "Unsupported x-amz-algorithm " + algorithm + "; use " + ALGORITHM + ".");
        }
        String policyText = required(fields, "policy");
        Principal caller = authenticator.authenticateForm(
                required(fields, "x-amz-credential"),
                required(fields, "x-amz-date"),
                policyText,
                required(fields, "x-amz-signature"));
        PostPolicy policy = PostPolicy.parse(policyText);
        policy.check(fields, clock.instant());
        authorizer.authorize(caller, x.endpoint(), x.request(), x.client());
        return new Signed(policy, caller);
    }

    private static String required(Map<String, String> fields, String name) {
        String v = fields.get(name);
        if (v == null) {
            throw new S3Exception(
                    S3Error.INVALID_ARGUMENT,
                    "Bucket POST must contain a field named '" + name
                            + "'.  If it is specified, please check the order of the fields.");
        }
        return v;
    }

    /** Content-* fields, x-amz-meta-* and tagging (an XML {@code <Tagging>} document, as S3 takes it in a form). */
    private static ObjectAttributes attributes(Map<String, String> fields) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (Map.Entry<String, String> f : fields.entrySet()) {
            if (ATTRIBUTE_FIELDS.contains(f.getKey()) || f.getKey().startsWith("x-amz-meta-")) {
                headers.put(f.getKey(), List.of(f.getValue()));
            }
        }
        ObjectAttributes a = ObjectHeaders.attributesFrom(new RequestHeaders() {
            @Override
            public List<String> all(String lowerCaseName) {
                return headers.getOrDefault(lowerCaseName, List.of());
            }

            @Override
            public Set<String> names() {
                return headers.keySet();
            }
        });
        String tagging = fields.get("tagging");
        if (tagging == null) {
            return a;
        }
        Map<String, String> tags = new LinkedHashMap<>();
        for (Tagging.Tag t : S3Xml.read(tagging.getBytes(StandardCharsets.UTF_8), Tagging.class).tagSet) {
            if (t.key == null || tags.put(t.key, t.value == null ? "" : t.value) != null) {
                throw new S3Exception(S3Error.INVALID_TAG, "Cannot provide multiple Tags with the same key");
            }
        }
        return a.withTags(Tags.validate(tags));
    }

    /** The one {@code x-amz-checksum-<algorithm>} field, or null. */
    private static Map.Entry<ChecksumAlgorithm, String> checksum(Map<String, String> fields) {
        List<Map.Entry<ChecksumAlgorithm, String>> found = new ArrayList<>();
        for (Map.Entry<String, String> f : fields.entrySet()) {
            if (f.getKey().startsWith("x-amz-checksum-") && !f.getKey().equals("x-amz-checksum-algorithm")) {
                ChecksumAlgorithm a = ChecksumAlgorithm.parse(f.getKey())
                        .orElseThrow(
                                () -> new S3Exception(S3Error.INVALID_REQUEST, "Unknown checksum field " + f.getKey()));
                found.add(Map.entry(a, f.getValue()));
            }
        }
        if (found.size() > 1) {
            throw new S3Exception(S3Error.INVALID_REQUEST, "Expecting a single x-amz-checksum- header");
        }
        return found.isEmpty() ? null : found.get(0);
    }

    /**
     * S3's answers: a 303 to {@code success_action_redirect} (or {@code redirect}) with the bucket, key and ETag in its
     * query; else {@code success_action_status} 200 (empty), 201 ({@code <PostResponse>}) or 204, the default.
     */
    private static S3Response answer(Exchange x, Map<String, String> fields, String key, PutObjectResult result) {
        String location = "/" + x.bucket() + "/" + io.posixgw.core.http.UrlEncoding.encodeKey(key);
        String host = x.header("host");
        // the scheme the request came in on, as S3 answers (https over TLS)
        String absolute = host == null ? location : (x.client().secure() ? "https://" : "http://") + host + location;
        String redirect = fields.getOrDefault("success_action_redirect", fields.get("redirect"));
        if (redirect != null && isHttpUrl(redirect)) {
            String to = redirect + (redirect.contains("?") ? "&" : "?") + "bucket=" + enc(x.bucket()) + "&key="
                    + enc(key) + "&etag=" + enc(result.etag());
            return S3Response.status(303).header("Location", to).header("ETag", result.etag());
        }
        String status = fields.getOrDefault("success_action_status", "204");
        S3Response r;
        if (status.equals("201")) {
            r = S3Response.status(201)
                    .body(S3Xml.write(new PostResponse(absolute, x.bucket(), key, result.etag())), "application/xml");
        } else if (status.equals("200")) {
            r = S3Response.ok();
        } else {
            r = S3Response.noContent();
        }
        ObjectPutHandler.writeChecksums(r, result.checksums());
        return r.header("ETag", result.etag()).header("Location", absolute);
    }

    private static boolean isHttpUrl(String s) {
        try {
            URI u = new URI(s);
            return u.getHost() != null && ("http".equals(u.getScheme()) || "https".equals(u.getScheme()));
        } catch (java.net.URISyntaxException e) {
            return false;
        }
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
