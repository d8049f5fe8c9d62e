package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.lock.LockConfiguration;
import io.posixgw.core.lock.ObjectLock;
import io.posixgw.core.lock.ObjectLockRules;
import io.posixgw.core.lock.Retention;
import io.posixgw.core.xml.LegalHoldXml;
import io.posixgw.core.xml.ObjectLockConfigurationXml;
import io.posixgw.core.xml.RetentionXml;
import io.posixgw.core.xml.S3Xml;
import java.io.IOException;
import java.time.Instant;

/**
 * Put/GetObjectLockConfiguration, Put/GetObjectRetention and Put/GetObjectLegalHold. The rules are
 * {@link ObjectLockRules}'; the state is the backend's (versitygw's {@code bucket-lock},
 * {@code object-retention} and {@code object-legal-hold} attributes in the POSIX backend). The Put
 * bodies need {@code Content-MD5} or a checksum, as S3 requires.
 */
final class ObjectLockHandler {
    private final Backend backend;
    private final ObjectLockGuard guard;

    ObjectLockHandler(Backend backend, ObjectLockGuard guard) {
        this.backend = backend;
        this.guard = guard;
    }

    S3Response getConfiguration(Exchange x) throws IOException {
        LockConfiguration c = backend.getObjectLockConfiguration(x.bucket());
        if (c == null || !c.enabled()) {
            throw new S3Exception(
                    S3Error.OBJECT_LOCK_CONFIGURATION_NOT_FOUND,
                    S3Error.OBJECT_LOCK_CONFIGURATION_NOT_FOUND.defaultMessage());
        }
        return S3Response.xml(ObjectLockConfigurationXml.of(c));
    }

    /**
     * A bucket without Object Lock gets it only while versioning is enabled (409 otherwise); posixgw
     * keeps no versions yet, so only buckets created with Object Lock take a configuration.
     */
    S3Response putConfiguration(Exchange x) throws IOException {
        byte[] body = SmallBodies.read(x);
        ObjectDeleteHandler.requireIntegrity(x);
        if (x.header("x-amz-object-lock-token") != null) {
            throw new S3Exception(
                    S3Error.INVALID_REQUEST, "x-amz-object-lock-token is only for buckets with replication");
        }
        LockConfiguration config =
                S3Xml.read(body, ObjectLockConfigurationXml.class).toConfiguration(guard.now());
        LockConfiguration current = backend.getObjectLockConfiguration(x.bucket());
        ObjectLockRules.requireLockConfigurable(current, "Enabled".equals(backend.getBucketVersioning(x.bucket())));
        backend.putObjectLockConfiguration(x.bucket(), config);
        return S3Response.ok();
    }

    S3Response getRetention(Exchange x) throws IOException {
        ObjectLock lock = lockOf(x);
        if (lock.retention() == null) {
            throw new S3Exception(
                    S3Error.NO_SUCH_OBJECT_LOCK_CONFIGURATION,
                    S3Error.NO_SUCH_OBJECT_LOCK_CONFIGURATION.defaultMessage());
        }
        return S3Response.xml(RetentionXml.of(lock.retention()));
    }

    S3Response putRetention(Exchange x) throws IOException {
        byte[] body = SmallBodies.read(x);
        ObjectDeleteHandler.requireIntegrity(x);
        RetentionXml asked = S3Xml.read(body, RetentionXml.class);
        Instant now = guard.now();
        Retention proposed = ObjectLockRules.retentionBody(asked.mode, asked.retainUntilDate, now);
        ObjectLock lock = lockOf(x);
        ObjectLockRules.requireRetentionChange(lock.retention(), proposed, ObjectLockGuard.bypassesGovernance(x), now);
        backend.putObjectRetention(x.bucket(), x.key(), versionOf(x), proposed);
        return S3Response.ok();
    }

    S3Response getLegalHold(Exchange x) throws IOException {
        ObjectLock lock = lockOf(x);
        if (lock.legalHold() == null) {
            throw new S3Exception(
                    S3Error.NO_SUCH_OBJECT_LOCK_CONFIGURATION,
                    S3Error.NO_SUCH_OBJECT_LOCK_CONFIGURATION.defaultMessage());
        }
        return S3Response.xml(LegalHoldXml.of(lock.legalHold()));
    }

    S3Response putLegalHold(Exchange x) throws IOException {
        byte[] body = SmallBodies.read(x);
        ObjectDeleteHandler.requireIntegrity(x);
        Boolean on = ObjectLockRules.parseLegalHold(S3Xml.read(body, LegalHoldXml.class).status);
        if (on == null) {
            throw S3Error.MALFORMED_XML.exception();
        }
        lockOf(x); // the bucket has Object Lock and the object exists
        backend.putObjectLegalHold(x.bucket(), x.key(), versionOf(x), on);
        return S3Response.ok();
    }

    /**
     * The lock of the version {@code versionId} names (the current one without it), in a bucket with
     * Object Lock ({@code InvalidRequest} otherwise, as S3); a delete marker is 405 MethodNotAllowed.
     */
    private ObjectLock lockOf(Exchange x) throws IOException {
        ObjectLockRules.requireEnabled(backend.getObjectLockConfiguration(x.bucket()));
        return backend.getObjectLock(x.bucket(), x.key(), versionOf(x));
    }

    /** The version asked for: null for the current one (a store without versions serves only {@code null}, the current). */
    private String versionOf(Exchange x) {
        return backend.keepsVersions() ? x.query("versionId") : null;
    }
}
