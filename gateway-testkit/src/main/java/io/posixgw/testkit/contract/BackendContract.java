package io.posixgw.testkit.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.backend.ObjectContent;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.checksum.Checksummer;
import io.posixgw.core.model.ListObjectsRequest;
import io.posixgw.core.model.ListObjectsResult;
import io.posixgw.core.model.ObjectAttributes;
import io.posixgw.core.model.PutObjectRequest;
import io.posixgw.core.model.PutObjectResult;
import io.posixgw.testkit.BackendCalls;
import io.posixgw.testkit.Bodies;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.function.Executable;

/**
 * The contract every {@link Backend} keeps, speaking only the interface: a subclass names the
 * backend ({@link #newBackend()}) and may add checks of its own store ({@link #assertNoLeftovers()}).
 * Each test starts with bucket {@link #B} made by {@code owner-key}.
 */
public abstract class BackendContract {
    protected static final String B = "bkt";

    /** The backend under test, with the short call shapes. */
    protected BackendCalls backend;

    /** A fresh, empty backend for one test. */
    protected abstract Backend newBackend() throws IOException;

    /**
     * A second gateway over the same store (for a backend several processes may share, another
     * instance over it); by default the same backend.
     */
    protected BackendCalls secondGateway() throws IOException {
        return backend;
    }

    /** After a write that succeeded or failed: nothing of it is left behind in the store (temp files...). */
    protected void assertNoLeftovers() throws IOException {}

    @BeforeEach
    void setUpContractBackend() throws IOException {
        backend = new BackendCalls(newBackend());
        backend.createBucket(B, "owner-key");
    }

    protected static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    protected static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    protected PutObjectResult put(String key, byte[] data) throws IOException {
        return put(key, data, ObjectAttributes.EMPTY);
    }

    protected PutObjectResult put(String key, byte[] data, ObjectAttributes attrs) throws IOException {
        return backend.putObject(new PutObjectRequest(B, key, attrs, null), Bodies.of(data, 7000));
    }

    protected byte[] get(String key) throws IOException {
        try (ObjectContent c = backend.getObject(B, key)) {
            return readAll(c);
        }
    }

    protected static byte[] readAll(ObjectContent c) throws IOException {
        return BackendCalls.readAll(c);
    }

    protected static void assertS3(S3Error expected, Executable call) {
        S3Exception e = assertThrows(S3Exception.class, call);
        assertEquals(expected, e.error(), e.getMessage());
    }

    /** Every key of the bucket, paging with {@code maxKeys}. */
    protected List<String> allKeys(String prefix, int maxKeys) throws IOException {
        List<String> keys = new ArrayList<>();
        String after = null;
        while (true) {
            ListObjectsResult r = backend.listObjects(new ListObjectsRequest(B, prefix, null, after, maxKeys));
            r.objects().forEach(o -> keys.add(o.key()));
            if (!r.truncated()) {
                return keys;
            }
            after = r.nextAfter();
        }
    }

    protected static ObjectAttributes attrs(String contentType, Map<String, String> meta) {
        return new ObjectAttributes(contentType, null, null, null, null, null, meta);
    }

    /** The base64 checksum of {@code data}. */
    protected static String crc(ChecksumAlgorithm a, byte[] data) {
        Checksummer c = a.newChecksummer();
        c.update(ByteBuffer.wrap(data));
        return c.base64();
    }
}
