package io.posixgw.server.it;

import static io.posixgw.server.it.Checklist.BUCKET_ALREADY_OWNED;
import static io.posixgw.server.it.Checklist.BUCKET_DELETE;
import static io.posixgw.server.it.Checklist.BUCKET_DELETE_MISSING;
import static io.posixgw.server.it.Checklist.BUCKET_DELETE_NOT_EMPTY;
import static io.posixgw.server.it.Checklist.BUCKET_GET_LOCATION;
import static io.posixgw.server.it.Checklist.BUCKET_HEAD;
import static io.posixgw.server.it.Checklist.BUCKET_HEAD_MISSING;
import static io.posixgw.server.it.Checklist.BUCKET_LOCATION_CONSTRAINT;
import static io.posixgw.server.it.Checklist.BUCKET_NAMES;
import static io.posixgw.server.it.Checklist.BUCKET_US_EAST_1_NO_CONSTRAINT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The Buckets section of the checklist, over raw signed HTTP. */
class BucketSemanticsIT extends GatewayPerClass {

    static String configuration(String constraint) {
        return "<CreateBucketConfiguration xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><LocationConstraint>"
                + constraint + "</LocationConstraint></CreateBucketConfiguration>";
    }

    static Stream<String> validNames() {
        return Stream.of("abc", "a-b", "a.b", "0bucket9", "my-bucket.v2", "1.2.3", "192.168.5.40x", "a".repeat(63));
    }

    /** Too short or long, upper case, other characters, not alphanumeric at an end, an IPv4 address; AWS also refuses adjacent {@code .-} and the xn-- prefix. */
    static Stream<String> invalidNames() {
        return Stream.of(
                "ab",
                "a".repeat(64),
                "Upper",
                "upperB",
                "under_score",
                "sp ace",
                "star*",
                "-start",
                "end-",
                ".start",
                "end.",
                "192.168.5.40",
                "10.0.0.1",
                "a..b",
                "a.-b",
                "a-.b",
                "xn--abc");
    }

    @ParameterizedTest
    @MethodSource("validNames")
    @Conformance(BUCKET_NAMES)
    void validBucketNamesAreCreated(String name) throws Exception {
        assertOk(raw.send("PUT", "/" + name, Map.of(), Map.of(), new byte[0]));
        assertTrue(Files.isDirectory(root.resolve(name)));
        assertEquals(
                204,
                raw.send("DELETE", "/" + name, Map.of(), Map.of(), new byte[0]).status());
    }

    @ParameterizedTest
    @MethodSource("invalidNames")
    @Conformance(BUCKET_NAMES)
    void invalidBucketNamesAreInvalidBucketName(String name) throws Exception {
        assertError(
                raw.send("PUT", "/" + TestSigner.encode(name, true), Map.of(), Map.of(), new byte[0]),
                400,
                "InvalidBucketName");
        assertFalse(Files.exists(root.resolve(name)), "no directory made for " + name);
    }

    @Test
    void listBucketsHonoursPrefixPagesAndRegion() throws Exception {
        for (String b : List.of("page-a", "page-b", "page-c", "pagf-x")) {
            createBucket(b);
        }
        RawS3.Response all = raw.send("GET", "/", Map.of("prefix", "page-"), Map.of(), new byte[0]);
        assertOk(all);
        assertEquals(List.of("page-a", "page-b", "page-c"), all.elements("Name"));
        assertEquals("page-", all.element("Prefix"));
        assertEquals(null, all.element("ContinuationToken"));
        assertEquals(
                List.of("us-east-1", "us-east-1", "us-east-1"),
                all.elements("BucketRegion"),
                "asked for: each bucket's region");
        RawS3.Response plain = raw.send("GET", "/", Map.of(), Map.of(), new byte[0]);
        assertEquals(
                List.of(),
                plain.elements("BucketRegion"),
                "a plain ListBuckets names no region, as S3: " + plain.text());
        assertEquals(null, plain.element("Prefix"));

        RawS3.Response first =
                raw.send("GET", "/", Map.of("prefix", "page-", "max-buckets", "2"), Map.of(), new byte[0]);
        assertEquals(List.of("page-a", "page-b"), first.elements("Name"));
        String token = first.element("ContinuationToken");
        assertTrue(token != null && !token.contains("page-"), first.text());
        RawS3.Response second = raw.send(
                "GET",
                "/",
                Map.of("prefix", "page-", "max-buckets", "2", "continuation-token", token),
                Map.of(),
                new byte[0]);
        assertEquals(List.of("page-c"), second.elements("Name"));
        assertEquals(List.of("us-east-1"), second.elements("BucketRegion"));
        assertEquals(null, second.element("ContinuationToken"));

        assertEquals(
                List.of(),
                raw.send("GET", "/", Map.of("prefix", "page-", "bucket-region", "eu-west-1"), Map.of(), new byte[0])
                        .elements("Name"));
        assertEquals(
                3,
                raw.send("GET", "/", Map.of("prefix", "page-", "bucket-region", "us-east-1"), Map.of(), new byte[0])
                        .elements("Name")
                        .size());
        assertError(raw.send("GET", "/", Map.of("max-buckets", "0"), Map.of(), new byte[0]), 400, "InvalidArgument");
        assertError(
                raw.send("GET", "/", Map.of("max-buckets", "10001"), Map.of(), new byte[0]), 400, "InvalidArgument");
        assertError(
                raw.send("GET", "/", Map.of("continuation-token", "garbage"), Map.of(), new byte[0]),
                400,
                "InvalidArgument");
    }

    /** On this us-east-1 server, AWS's legacy answer: 200 with {@code Location}, and nothing changed. */
    @Test
    @Conformance(BUCKET_ALREADY_OWNED)
    void createOnAnOwnedBucketIs200InUsEast1() throws Exception {
        createBucket("owned");
        putObject("owned", "keep", bytes("kept"));
        String created = raw.send("GET", "/", Map.of(), Map.of(), new byte[0]).text();
        RawS3.Response again = raw.send("PUT", "/owned", Map.of(), Map.of(), new byte[0]);
        assertOk(again);
        assertEquals("/owned", again.header("Location"));
        assertEquals(
                "kept",
                raw.send("GET", path("owned", "keep"), Map.of(), Map.of(), new byte[0])
                        .text(),
                "bucket untouched");
        assertEquals(
                created, raw.send("GET", "/", Map.of(), Map.of(), new byte[0]).text(), "creation date untouched");
    }

    @Test
    @Conformance(BUCKET_ALREADY_OWNED)
    void createOnAnOwnedBucketIsBucketAlreadyOwnedByYouInOtherRegions() throws Exception {
        try (TestGateway eu = TestGateway.start(
                Files.createDirectories(tmp.resolve("eu-owned")), "--fsync", "off", "--region", "eu-west-1")) {
            RawS3 west = new RawS3(
                    "127.0.0.1", eu.port, new TestSigner(TestGateway.ACCESS, TestGateway.SECRET, "eu-west-1"));
            assertOk(west.send("PUT", "/owned-eu", Map.of(), Map.of(), bytes(configuration("eu-west-1"))));
            assertError(
                    west.send("PUT", "/owned-eu", Map.of(), Map.of(), bytes(configuration("eu-west-1"))),
                    409,
                    "BucketAlreadyOwnedByYou");
        }
    }

    /**
     * On a us-east-1 server. An explicit {@code us-east-1} constraint is accepted although AWS refuses it
     * (InvalidLocationConstraint): the MinIO SDKs send exactly that on every makeBucket. So is {@code aws-global},
     * what awscli sends from {@code aws s3 mb} when no region is configured.
     */
    @ParameterizedTest
    @CsvSource({
        "lc-none,,200,",
        "lc-empty-config,<CreateBucketConfiguration/>,200,",
        "lc-other-region,eu-west-1,400,InvalidLocationConstraint",
        "lc-nonsense,moon-1,400,InvalidLocationConstraint",
        "lc-explicit-us-east-1,us-east-1,200,",
        "lc-aws-global,aws-global,200,",
        "lc-malformed,<CreateBucketConfiguration>,400,MalformedXML"
    })
    @Conformance({BUCKET_LOCATION_CONSTRAINT, BUCKET_US_EAST_1_NO_CONSTRAINT})
    void locationConstraintOnAUsEast1Server(String bucket, String constraint, int status, String code)
            throws Exception {
        String body = constraint == null ? "" : constraint.startsWith("<") ? constraint : configuration(constraint);
        RawS3.Response r = raw.send("PUT", "/" + bucket, Map.of(), Map.of(), bytes(body));
        if (status == 200) {
            assertOk(r);
            assertTrue(Files.isDirectory(root.resolve(bucket)));
        } else {
            assertError(r, status, code);
            assertFalse(Files.exists(root.resolve(bucket)));
        }
    }

    @Test
    @Conformance({BUCKET_LOCATION_CONSTRAINT, BUCKET_US_EAST_1_NO_CONSTRAINT, BUCKET_GET_LOCATION, BUCKET_HEAD})
    void locationConstraintOnAServerInAnotherRegion() throws Exception {
        try (TestGateway eu = TestGateway.start(
                Files.createDirectories(tmp.resolve("eu")), "--fsync", "off", "--region", "eu-central-1")) {
            RawS3 central = new RawS3(
                    "127.0.0.1", eu.port, new TestSigner(TestGateway.ACCESS, TestGateway.SECRET, "eu-central-1"));
            assertError(
                    central.send("PUT", "/no-constraint", Map.of(), Map.of(), new byte[0]),
                    400,
                    "InvalidLocationConstraint");
            assertError(
                    central.send("PUT", "/us-constraint", Map.of(), Map.of(), bytes(configuration("us-east-1"))),
                    400,
                    "InvalidLocationConstraint");
            assertOk(central.send("PUT", "/eu-constraint", Map.of(), Map.of(), bytes(configuration("eu-central-1"))));

            RawS3.Response location =
                    central.send("GET", "/eu-constraint", Map.of("location", ""), Map.of(), new byte[0]);
            assertOk(location);
            assertEquals("eu-central-1", location.element("LocationConstraint"));
            RawS3.Response head = central.send("HEAD", "/eu-constraint", Map.of(), Map.of(), new byte[0]);
            assertEquals(200, head.status());
            assertEquals("eu-central-1", head.header("x-amz-bucket-region"));
        }
    }

    @Test
    @Conformance(BUCKET_GET_LOCATION)
    void getBucketLocationIsEmptyInUsEast1() throws Exception {
        createBucket("where");
        RawS3.Response r = raw.send("GET", "/where", Map.of("location", ""), Map.of(), new byte[0]);
        assertOk(r);
        assertTrue(r.text().matches("(?s).*<LocationConstraint[^>]*(/>|></LocationConstraint>).*"), r.text());
        assertError(raw.send("GET", "/nowhere", Map.of("location", ""), Map.of(), new byte[0]), 404, "NoSuchBucket");
    }

    @Test
    @Conformance({BUCKET_HEAD, BUCKET_HEAD_MISSING})
    void headBucketAnswersTheRegionAndMissingIs404WithoutBody() throws Exception {
        createBucket("headed");
        RawS3.Response r = raw.send("HEAD", "/headed", Map.of(), Map.of(), new byte[0]);
        assertEquals(200, r.status());
        assertEquals("us-east-1", r.header("x-amz-bucket-region"));

        String missing = raw.sendAndReadAll("HEAD", "/not-there", Map.of(), Map.of());
        assertTrue(missing.startsWith("HTTP/1.1 404 "), missing);
        assertTrue(missing.endsWith("\r\n\r\n"), "nothing after the head of a HEAD answer: " + missing);
    }

    @Test
    @Conformance({BUCKET_DELETE, BUCKET_DELETE_NOT_EMPTY, BUCKET_DELETE_MISSING})
    void deleteBucket() throws Exception {
        createBucket("full");
        putObject("full", "dir/k", bytes("x"));
        assertError(raw.send("DELETE", "/full", Map.of(), Map.of(), new byte[0]), 409, "BucketNotEmpty");
        assertTrue(Files.exists(root.resolve("full/dir/k")));
        assertEquals(
                204,
                raw.send("DELETE", path("full", "dir/k"), Map.of(), Map.of(), new byte[0])
                        .status());
        RawS3.Response emptied = raw.send("DELETE", "/full", Map.of(), Map.of(), new byte[0]);
        assertEquals(
                204,
                emptied.status(),
                "a bucket whose objects are gone is empty, whatever directories remain: " + emptied.text());
        assertFalse(Files.exists(root.resolve("full")));
        assertError(raw.send("DELETE", "/full", Map.of(), Map.of(), new byte[0]), 404, "NoSuchBucket");
        assertError(raw.send("GET", "/full", Map.of("list-type", "2"), Map.of(), new byte[0]), 404, "NoSuchBucket");
    }

    @Test
    @Conformance(BUCKET_DELETE_NOT_EMPTY)
    void pendingMultipartUploadsDoNotCountAsContent() throws Exception {
        createBucket("pending");
        String id = createUpload("pending", "big/object");
        uploadPart("pending", "big/object", id, 1, bytes("part one"));
        assertTrue(Files.isDirectory(root.resolve("pending/.sgwtmp")), "the upload is staged in the bucket");
        assertEquals(
                204,
                raw.send("DELETE", "/pending", Map.of(), Map.of(), new byte[0]).status());
        assertFalse(Files.exists(root.resolve("pending")), "the bucket and its staging are gone");
    }

    /**
     * {@code x-amz-expected-bucket-owner} on bucket and object requests, {@code x-amz-source-expected-bucket-owner} on
     * copies: 403 AccessDenied unless it is the owner id posixgw reports (the owner's access key, as in ACLs), and
     * nothing done; the right id changes nothing.
     */
    @Test
    void expectedBucketOwnerIsChecked() throws Exception {
        createBucket("owned-by");
        putObject("owned-by", "src", bytes("source"));
        String owner = raw.send("GET", "/owned-by", Map.of("acl", ""), Map.of(), new byte[0])
                .element("ID");
        assertEquals(TestGateway.ACCESS, owner);
        Map<String, String> right = Map.of("x-amz-expected-bucket-owner", owner);
        Map<String, String> wrong = Map.of("x-amz-expected-bucket-owner", "111122223333");

        assertOk(raw.send("GET", "/owned-by", Map.of("list-type", "2"), right, new byte[0]));
        assertError(raw.send("GET", "/owned-by", Map.of("list-type", "2"), wrong, new byte[0]), 403, "AccessDenied");
        assertEquals(
                403, raw.send("HEAD", "/owned-by", Map.of(), wrong, new byte[0]).status());
        assertError(raw.send("GET", "/owned-by", Map.of("location", ""), wrong, new byte[0]), 403, "AccessDenied");
        assertError(raw.send("GET", path("owned-by", "src"), Map.of(), wrong, new byte[0]), 403, "AccessDenied");
        assertEquals(
                "source",
                raw.send("GET", path("owned-by", "src"), Map.of(), right, new byte[0])
                        .text());
        assertError(raw.send("PUT", path("owned-by", "refused"), Map.of(), wrong, bytes("no")), 403, "AccessDenied");
        assertFalse(Files.exists(root.resolve("owned-by/refused")), "nothing written");
        assertError(raw.send("DELETE", path("owned-by", "src"), Map.of(), wrong, new byte[0]), 403, "AccessDenied");
        assertError(raw.send("DELETE", "/owned-by", Map.of(), wrong, new byte[0]), 403, "AccessDenied");
        assertTrue(Files.exists(root.resolve("owned-by/src")), "nothing deleted");

        Map<String, String> copy =
                Map.of("x-amz-copy-source", "/owned-by/src", "x-amz-source-expected-bucket-owner", "111122223333");
        assertError(raw.send("PUT", path("owned-by", "copy"), Map.of(), copy, new byte[0]), 403, "AccessDenied");
        assertFalse(Files.exists(root.resolve("owned-by/copy")));
        assertOk(raw.send(
                "PUT",
                path("owned-by", "copy"),
                Map.of(),
                Map.of(
                        "x-amz-copy-source",
                        "/owned-by/src",
                        "x-amz-source-expected-bucket-owner",
                        owner,
                        "x-amz-expected-bucket-owner",
                        owner),
                new byte[0]));
        String id = createUpload("owned-by", "mp");
        assertError(
                raw.send("PUT", path("owned-by", "mp"), Map.of("uploadId", id, "partNumber", "1"), copy, new byte[0]),
                403,
                "AccessDenied");
        assertError(
                raw.send("GET", "/nonexistent-owned", Map.of("list-type", "2"), wrong, new byte[0]),
                404,
                "NoSuchBucket");
    }

    /**
     * POST to a bucket that is not DeleteObjects is S3's POST Object (browser form upload), authenticated by the form's
     * own fields, never by the request's signature (CorsPostObjectIT covers the signed forms): a form without its
     * x-amz-algorithm is 400 whether the request is unsigned or header-signed, and stores nothing; a POST that is no
     * form is 412 PreconditionFailed, as S3 answers it.
     */
    @Test
    void postObjectIsAuthenticatedByItsForm() throws Exception {
        createBucket("form-target");
        String boundary = "----posixgw-form";
        byte[] form = bytes("--" + boundary + "\r\nContent-Disposition: form-data; name=\"key\"\r\n\r\nuploaded\r\n"
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"policy\"\r\n\r\neyJ9\r\n"
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"x-amz-signature\"\r\n\r\nabc\r\n"
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n"
                + "Content-Type: text/plain\r\n\r\nhello\r\n--" + boundary + "--\r\n");
        RawS3.Response unsigned = raw.exchange(
                "POST",
                "/form-target",
                Map.of("host", "127.0.0.1:" + gw.port, "content-type", "multipart/form-data; boundary=" + boundary),
                form);
        assertError(unsigned, 400, "InvalidArgument");
        assertTrue(unsigned.text().contains("x-amz-algorithm"), unsigned.text());
        assertFalse(Files.exists(root.resolve("form-target/uploaded")));

        RawS3.Response signed = raw.send(
                "POST",
                "/form-target",
                Map.of(),
                Map.of("content-type", "multipart/form-data; boundary=" + boundary),
                form);
        assertError(signed, 400, "InvalidArgument");
        assertFalse(Files.exists(root.resolve("form-target/uploaded")));
        assertError(raw.send("POST", "/form-target", Map.of(), Map.of(), bytes("x")), 412, "PreconditionFailed");
        assertError(
                raw.exchange("POST", "/form-target", Map.of("host", "127.0.0.1:" + gw.port), bytes("x")),
                412,
                "PreconditionFailed");
        assertError(
                raw.send("POST", "/form-target", Map.of("acl", ""), Map.of(), new byte[0]), 405, "MethodNotAllowed");
    }
}
