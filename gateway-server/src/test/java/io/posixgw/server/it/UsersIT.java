package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.Bucket;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Users besides root from versitygw's {@code users.json} ({@code --iam-dir}): what root, admin,
 * userplus and user may do on their own buckets and on others', ListBuckets narrowed to what a
 * user owns, copies that read another's bucket, and the file changing under running gateways.
 */
class UsersIT {
    static final String ADMIN = "adm";
    static final String USERPLUS = "upl";
    static final String USERPLUS_2 = "up2";
    static final String USER = "usr";

    @TempDir
    Path tmp;

    Path root;
    Path iam;
    TestGateway gw;
    final List<S3Client> clients = new ArrayList<>();
    final Map<String, String[]> accounts = new LinkedHashMap<>();

    @BeforeEach
    void start() throws Exception {
        root = Files.createDirectories(tmp.resolve("data"));
        iam = Files.createDirectories(tmp.resolve("iam"));
        accounts.put(ADMIN, new String[] {"admin-secret-1", "admin"});
        accounts.put(USERPLUS, new String[] {"userplus-secret-1", "userplus"});
        accounts.put(USERPLUS_2, new String[] {"userplus-secret-2", "userplus"});
        accounts.put(USER, new String[] {"user-secret-1", "user"});
        writeUsers();
        gw = TestGateway.start(root, "--fsync", "off", "--iam-dir", iam.toString());
    }

    @AfterEach
    void stop() {
        clients.forEach(S3Client::close);
        gw.close();
    }

    /** users.json as versitygw writes it (json.Marshal of its IAMConfig), replaced atomically as versitygw does. */
    void writeUsers() throws Exception {
        StringBuilder b = new StringBuilder("{\"accessAccounts\":{");
        int id = 1000;
        for (Map.Entry<String, String[]> e : accounts.entrySet()) {
            if (b.charAt(b.length() - 1) != '{') {
                b.append(',');
            }
            b.append('"')
                    .append(e.getKey())
                    .append("\":{\"access\":\"")
                    .append(e.getKey())
                    .append("\",\"secret\":\"")
                    .append(e.getValue()[0])
                    .append("\",\"role\":\"")
                    .append(e.getValue()[1])
                    .append("\",\"userID\":")
                    .append(id)
                    .append(",\"groupID\":")
                    .append(id)
                    .append(",\"projectID\":0}");
            id++;
        }
        Path next = iam.resolve("users.json.tmp");
        Files.writeString(next, b.append("}}").toString());
        Files.move(
                next, iam.resolve("users.json"), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    S3Client client(TestGateway g, String access, String secret) {
        S3Client c = S3Client.builder()
                .endpointOverride(URI.create(g.endpoint()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(access, secret)))
                .forcePathStyle(true)
                .httpClient(UrlConnectionHttpClient.create())
                .build();
        clients.add(c);
        return c;
    }

    S3Client as(String access) {
        return access.equals(TestGateway.ACCESS)
                ? client(gw, access, TestGateway.SECRET)
                : client(gw, access, accounts.get(access)[0]);
    }

    static void assertS3Error(int status, String code, Executable call) {
        S3Exception e = assertThrows(S3Exception.class, call);
        assertEquals(status, e.statusCode(), e.toString());
        if (code != null) {
            assertEquals(code, e.awsErrorDetails().errorCode(), e.toString());
        }
    }

    static void denied(Executable call) {
        assertS3Error(403, "AccessDenied", call);
    }

    static List<String> names(S3Client c) {
        return c.listBuckets().buckets().stream().map(Bucket::name).toList();
    }

    static String text(S3Client c, String bucket, String key) {
        return c.getObjectAsBytes(g -> g.bucket(bucket).key(key)).asUtf8String();
    }

    static void put(S3Client c, String bucket, String key, String body) {
        c.putObject(p -> p.bucket(bucket).key(key), RequestBody.fromString(body));
    }

    String aclOwner(String bucket) throws Exception {
        UserDefinedFileAttributeView view =
                Files.getFileAttributeView(root.resolve(bucket), UserDefinedFileAttributeView.class);
        ByteBuffer buf = ByteBuffer.allocate(view.size("acl"));
        view.read("acl", buf);
        return new String(buf.array(), 0, buf.position(), StandardCharsets.UTF_8);
    }

    /** What versitygw's {@code admin change-bucket-owner} writes: the acl with another owner. */
    void giveBucket(String bucket, String owner) throws Exception {
        UserDefinedFileAttributeView view =
                Files.getFileAttributeView(root.resolve(bucket), UserDefinedFileAttributeView.class);
        view.write("acl", ByteBuffer.wrap(versitygwAcl(owner).getBytes(StandardCharsets.UTF_8)));
    }

    static String versitygwAcl(String owner) {
        return "{\"Owner\":\"" + owner + "\",\"Grantees\":[{\"Permission\":\"FULL_CONTROL\",\"Access\":\"" + owner
                + "\",\"Type\":\"CanonicalUser\"}]}";
    }

    // ---------------------------------------------------------------- roles

    @Test
    void rootAndAdminDoEverythingUserplusAndUserOnlyTheirOwn() throws Exception {
        S3Client rootS3 = as(TestGateway.ACCESS);
        S3Client admin = as(ADMIN);
        S3Client userplus = as(USERPLUS);
        S3Client user = as(USER);

        rootS3.createBucket(b -> b.bucket("root-bkt"));
        put(rootS3, "root-bkt", "r", "root's");
        assertEquals(versitygwAcl(TestGateway.ACCESS), aclOwner("root-bkt"), "root still owns what it creates");

        admin.createBucket(b -> b.bucket("adm-bkt"));
        assertEquals(versitygwAcl(ADMIN), aclOwner("adm-bkt"));
        assertEquals("root's", text(admin, "root-bkt", "r"), "admin reads others' buckets");
        put(admin, "root-bkt", "from-admin", "a");
        assertEquals(2, admin.listObjectsV2(l -> l.bucket("root-bkt")).keyCount());
        put(rootS3, "adm-bkt", "from-root", "r");
        assertEquals("a", text(rootS3, "root-bkt", "from-admin"));

        userplus.createBucket(b -> b.bucket("upl-bkt"));
        assertEquals(
                versitygwAcl(USERPLUS), aclOwner("upl-bkt"), "the creator is the owner on disk, in versitygw's format");
        put(userplus, "upl-bkt", "mine", "userplus data");
        assertEquals("userplus data", text(userplus, "upl-bkt", "mine"));
        assertEquals(1, userplus.listObjectsV2(l -> l.bucket("upl-bkt")).keyCount());
        userplus.headBucket(h -> h.bucket("upl-bkt"));
        assertEquals("userplus data", text(rootS3, "upl-bkt", "mine"), "root reads a user's bucket");
        userplus.deleteObject(d -> d.bucket("upl-bkt").key("mine"));

        assertS3Error(403, "AccessDenied", () -> user.createBucket(b -> b.bucket("usr-bkt")));
        assertFalse(Files.exists(root.resolve("usr-bkt")), "a refused CreateBucket leaves nothing");
        rootS3.createBucket(b -> b.bucket("usr-bkt"));
        giveBucket("usr-bkt", USER);
        put(user, "usr-bkt", "mine", "user data");
        assertEquals("user data", text(user, "usr-bkt", "mine"));
        assertEquals(1, user.listObjectsV2(l -> l.bucket("usr-bkt")).keyCount());
        user.deleteObject(d -> d.bucket("usr-bkt").key("mine"));
        assertEquals("root's", text(rootS3, "root-bkt", "r"));

        for (S3Client other : List.of(userplus, user)) {
            denied(() -> put(other, "root-bkt", "intruder", "x"));
            denied(() -> text(other, "root-bkt", "r"));
            denied(() -> other.listObjectsV2(l -> l.bucket("root-bkt")));
            denied(() -> other.listObjects(l -> l.bucket("root-bkt")));
            denied(() -> other.deleteObject(d -> d.bucket("root-bkt").key("r")));
            denied(() -> other.getBucketLocation(g -> g.bucket("root-bkt")));
            // the unconfigured features' answers follow the same permissions
            denied(() -> other.getBucketPolicy(g -> g.bucket("root-bkt")));
            denied(() -> other.getPublicAccessBlock(g -> g.bucket("root-bkt")));
            denied(() -> other.deleteBucketCors(d -> d.bucket("root-bkt")));
            denied(() -> other.createMultipartUpload(c -> c.bucket("root-bkt").key("mp")));
            denied(() -> other.deleteBucket(d -> d.bucket("root-bkt")));
            assertS3Error(403, null, () -> other.headBucket(h -> h.bucket("root-bkt")));
            assertS3Error(404, "NoSuchBucket", () -> other.listObjectsV2(l -> l.bucket("no-such-bkt")));
        }
        denied(() -> user.listObjectsV2(l -> l.bucket("upl-bkt")));
        denied(() -> userplus.listObjectsV2(l -> l.bucket("usr-bkt")));
        assertS3Error(409, "BucketAlreadyExists", () -> userplus.createBucket(b -> b.bucket("root-bkt")));
        userplus.createBucket(b -> b.bucket("upl-bkt")); // its own, in us-east-1: 200, as AWS answers there
        // root's answer is what it always was
        assertS3Error(409, "BucketAlreadyOwnedByYou", () -> rootS3.createBucket(b -> b.bucket("upl-bkt")));
        assertEquals("root's", text(rootS3, "root-bkt", "r"), "nothing refused was done");
        assertFalse(Files.exists(root.resolve("root-bkt/intruder")));

        assertEquals(List.of("adm-bkt", "root-bkt", "upl-bkt", "usr-bkt"), names(rootS3));
        assertEquals(List.of("adm-bkt", "root-bkt", "upl-bkt", "usr-bkt"), names(admin));
        assertEquals(List.of("upl-bkt"), names(userplus));
        assertEquals(List.of("usr-bkt"), names(user));
        assertEquals(List.of(), names(as(USERPLUS_2)));

        userplus.deleteBucket(d -> d.bucket("upl-bkt"));
        assertFalse(Files.exists(root.resolve("upl-bkt")), "an owner deletes its own bucket");
        admin.deleteObject(d -> d.bucket("adm-bkt").key("from-root"));
        rootS3.deleteBucket(d -> d.bucket("adm-bkt"));
    }

    @Test
    void aCopyNeedsTheSourceBucketToo() throws Exception {
        S3Client rootS3 = as(TestGateway.ACCESS);
        S3Client userplus = as(USERPLUS);
        S3Client admin = as(ADMIN);
        rootS3.createBucket(b -> b.bucket("src"));
        put(rootS3, "src", "secret", "not for users");
        userplus.createBucket(b -> b.bucket("dst"));
        put(userplus, "dst", "own", "own bytes");

        denied(() -> userplus.copyObject(c -> c.sourceBucket("src")
                .sourceKey("secret")
                .destinationBucket("dst")
                .destinationKey("stolen")));
        assertFalse(Files.exists(root.resolve("dst/stolen")));
        userplus.copyObject(c ->
                c.sourceBucket("dst").sourceKey("own").destinationBucket("dst").destinationKey("copy"));
        assertEquals("own bytes", text(userplus, "dst", "copy"));
        denied(() -> userplus.copyObject(c ->
                c.sourceBucket("dst").sourceKey("own").destinationBucket("src").destinationKey("pushed")));

        String upload =
                userplus.createMultipartUpload(c -> c.bucket("dst").key("mp")).uploadId();
        denied(() -> userplus.uploadPartCopy(u -> u.sourceBucket("src")
                .sourceKey("secret")
                .destinationBucket("dst")
                .destinationKey("mp")
                .uploadId(upload)
                .partNumber(1)));
        String etag = userplus.uploadPartCopy(u -> u.sourceBucket("dst")
                        .sourceKey("own")
                        .destinationBucket("dst")
                        .destinationKey("mp")
                        .uploadId(upload)
                        .partNumber(1))
                .copyPartResult()
                .eTag();
        userplus.completeMultipartUpload(c -> c.bucket("dst")
                .key("mp")
                .uploadId(upload)
                .multipartUpload(m -> m.parts(p -> p.partNumber(1).eTag(etag))));
        assertEquals("own bytes", text(userplus, "dst", "mp"));

        admin.copyObject(c -> c.sourceBucket("src")
                .sourceKey("secret")
                .destinationBucket("dst")
                .destinationKey("given"));
        assertEquals("not for users", text(userplus, "dst", "given"), "admin copies across owners");
    }

    // ---------------------------------------------------------------- the file changes

    @Test
    void usersFileChangesArePickedUpByEveryGatewayWithoutRestart() throws Throwable {
        try (TestGateway second = TestGateway.start(root, "--fsync", "off", "--iam-dir", iam.toString())) {
            S3Client late1 = client(gw, "late", "late-secret-1");
            S3Client late2 = client(second, "late", "late-secret-1");
            assertS3Error(403, "InvalidAccessKeyId", late1::listBuckets);

            accounts.put("late", new String[] {"late-secret-1", "userplus"});
            writeUsers();
            awaitOk(() -> late1.createBucket(b -> b.bucket("late-bkt")));
            awaitOk(() -> put(late2, "late-bkt", "k", "through the second gateway"));
            assertEquals(
                    "through the second gateway", text(late1, "late-bkt", "k"), "ownership is on disk, seen by both");
            assertEquals(List.of("late-bkt"), names(late2));

            // a new secret: the old one stops working, the new one works, on both gateways
            accounts.put("late", new String[] {"late-secret-2", "userplus"});
            writeUsers();
            for (TestGateway g : List.of(gw, second)) {
                S3Client old = client(g, "late", "late-secret-1");
                awaitError(403, "SignatureDoesNotMatch", old::listBuckets);
                assertEquals(List.of("late-bkt"), names(client(g, "late", "late-secret-2")));
            }

            // a role change: userplus demoted to user may no longer create buckets
            accounts.put("late", new String[] {"late-secret-2", "user"});
            writeUsers();
            S3Client demoted = client(gw, "late", "late-secret-2");
            AtomicInteger attempt = new AtomicInteger();
            awaitError(
                    403,
                    "AccessDenied",
                    () -> demoted.createBucket(b -> b.bucket("late-try-" + attempt.incrementAndGet())));
            assertEquals("through the second gateway", text(demoted, "late-bkt", "k"), "still owns its bucket");

            // a file written in place and left broken keeps the users read before; fixing it applies it
            List<String> owned = names(demoted);
            assertTrue(owned.contains("late-bkt"), owned.toString());
            Files.writeString(iam.resolve("users.json"), "{\"accessAccounts\": {\"late\": ");
            Thread.sleep(2500);
            assertEquals(owned, names(demoted), "a broken file changes nothing");
            accounts.remove("late");
            writeUsers();
            for (TestGateway g : List.of(gw, second)) {
                S3Client removed = client(g, "late", "late-secret-2");
                awaitError(403, "InvalidAccessKeyId", removed::listBuckets);
            }
            assertTrue(names(as(TestGateway.ACCESS)).contains("late-bkt"));
            assertEquals(
                    "through the second gateway", text(as(ADMIN), "late-bkt", "k"), "the removed user's data stays");
        }
    }

    @Test
    void aMissingUsersFileMeansRootOnlyUntilItAppears() throws Throwable {
        Path empty = Files.createDirectories(tmp.resolve("iam-empty"));
        try (TestGateway g = TestGateway.start(root, "--fsync", "off", "--iam-dir", empty.toString())) {
            S3Client upl = client(g, USERPLUS, accounts.get(USERPLUS)[0]);
            assertS3Error(403, "InvalidAccessKeyId", upl::listBuckets);
            assertEquals(List.of(), names(client(g, TestGateway.ACCESS, TestGateway.SECRET)));
            Files.copy(iam.resolve("users.json"), empty.resolve("users.json"));
            awaitOk(upl::listBuckets);
        }
        Files.writeString(empty.resolve("users.json"), "[]");
        Exception e = assertThrows(Exception.class, () -> TestGateway.start(root, "--iam-dir", empty.toString()));
        assertTrue(e.getMessage().contains("users.json") && e.getMessage().contains("accessAccounts"), e.getMessage());
    }

    // ---------------------------------------------------------------- helpers

    /** Retries until the call succeeds: the file is re-read within a second. */
    static void awaitOk(Executable call) throws Throwable {
        long deadline = System.currentTimeMillis() + 10_000;
        while (true) {
            try {
                call.execute();
                return;
            } catch (S3Exception e) {
                if (System.currentTimeMillis() > deadline) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }

    /** Retries until the call fails with this error. */
    static void awaitError(int status, String code, Executable call) throws Throwable {
        long deadline = System.currentTimeMillis() + 10_000;
        while (true) {
            try {
                call.execute();
            } catch (S3Exception e) {
                if (e.statusCode() == status && code.equals(e.awsErrorDetails().errorCode())) {
                    return;
                }
                throw e;
            }
            assertTrue(System.currentTimeMillis() < deadline, "still allowed after 10 s");
            Thread.sleep(100);
        }
    }
}
