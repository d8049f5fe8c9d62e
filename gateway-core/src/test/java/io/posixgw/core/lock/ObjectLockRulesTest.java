package io.posixgw.core.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ObjectLockRulesTest {
    static final Instant NOW = Instant.parse("2026-12-02T03:00:00Z");
    static final Instant LATER = Instant.parse("2030-01-01T00:00:00Z");
    static final Instant EVEN_LATER = Instant.parse("2031-01-01T00:00:00Z");
    static final Instant EARLIER = Instant.parse("2026-01-01T00:00:00Z");

    static String code(Runnable r) {
        try {
            r.run();
            return "ok";
        } catch (S3Exception e) {
            return e.error().code()
                    + (e.details().isEmpty() ? "" : ":" + e.details().get("ArgumentName"));
        }
    }

    static String nul(String s) {
        return s == null || s.equals("-") ? null : s;
    }

    @ParameterizedTest(name = "mode={0} date={1} hold={2} -> {3}")
    @CsvSource({
        "-, -, -, ok",
        "GOVERNANCE, 2030-01-01T00:00:00Z, -, ok",
        "COMPLIANCE, 2030-01-01T00:00:00.000Z, ON, ok",
        "GOVERNANCE, 2030-01-01T01:00:00+01:00, OFF, ok",
        "GOVERNANCE, -, -, InvalidArgument:x-amz-object-lock-retain-until-date",
        "-, 2030-01-01T00:00:00Z, -, InvalidArgument:x-amz-object-lock-mode",
        "governance, 2030-01-01T00:00:00Z, -, InvalidArgument:x-amz-object-lock-mode",
        "WORM, 2030-01-01T00:00:00Z, -, InvalidArgument:x-amz-object-lock-mode",
        "GOVERNANCE, next tuesday, -, InvalidArgument:x-amz-object-lock-retain-until-date",
        "GOVERNANCE, 2026-01-01T00:00:00Z, -, InvalidArgument:x-amz-object-lock-retain-until-date",
        "GOVERNANCE, 2026-12-02T03:00:00Z, -, InvalidArgument:x-amz-object-lock-retain-until-date",
        "-, -, on, InvalidArgument:x-amz-object-lock-legal-hold",
        "-, -, YES, InvalidArgument:x-amz-object-lock-legal-hold",
    })
    void lockHeadersAreCheckedAsS3ChecksThem(String mode, String date, String hold, String expected) {
        assertEquals(expected, code(() -> ObjectLockRules.fromHeaders(nul(mode), nul(date), nul(hold), NOW)));
    }

    @Test
    void headersGiveTheLockTheyName() {
        ObjectLock l = ObjectLockRules.fromHeaders("COMPLIANCE", "2030-01-01T01:00:00+01:00", "ON", NOW);
        assertEquals(new ObjectLock(new Retention(RetentionMode.COMPLIANCE, LATER), true), l);
        assertEquals(ObjectLock.NONE, ObjectLockRules.fromHeaders(null, null, null, NOW));
    }

    @ParameterizedTest(name = "enabled={0} rule={1} mode={2} days={3} years={4} -> {5}")
    @CsvSource({
        "Enabled, false, -, -, -, ok",
        "Enabled, true, GOVERNANCE, 1, -, ok",
        "Enabled, true, COMPLIANCE, -, 1, ok",
        "Enabled, true, COMPLIANCE, 36500, -, ok",
        "Enabled, true, COMPLIANCE, -, 100, ok",
        "Disabled, true, GOVERNANCE, 1, -, MalformedXML",
        "-, false, -, -, -, MalformedXML",
        "Enabled, true, GOVERNANCE, 1, 1, MalformedXML",
        "Enabled, true, GOVERNANCE, -, -, MalformedXML",
        "Enabled, true, governance, 1, -, MalformedXML",
        "Enabled, true, abc, -, 1, MalformedXML",
        "Enabled, true, -, 1, -, MalformedXML",
        "Enabled, true, GOVERNANCE, 0, -, InvalidArgument:Days",
        "Enabled, true, GOVERNANCE, -, -1, InvalidArgument:Years",
        "Enabled, true, GOVERNANCE, 36501, -, InvalidArgument:Days",
        "Enabled, true, GOVERNANCE, -, 101, InvalidArgument:Years",
    })
    void configurationsAreCheckedAsS3ChecksThem(
            String enabled, boolean rule, String mode, String days, String years, String expected) {
        Integer d = nul(days) == null ? null : Integer.valueOf(days);
        Integer y = nul(years) == null ? null : Integer.valueOf(years);
        assertEquals(expected, code(() -> ObjectLockRules.configuration(nul(enabled), rule, nul(mode), d, y, NOW)));
    }

    @Test
    void aRuleRecordsWhenItWasSet() {
        LockConfiguration c = ObjectLockRules.configuration("Enabled", true, "GOVERNANCE", 3, null, NOW);
        assertEquals(new LockConfiguration(true, new DefaultRetention(RetentionMode.GOVERNANCE, 3, null), NOW), c);
        assertEquals(
                new LockConfiguration(true, null, null),
                ObjectLockRules.configuration("Enabled", false, null, null, null, NOW));
    }

    @Test
    void newVersionsTakeTheDefaultRetentionUnlessTheyNameTheirOwn() {
        LockConfiguration days =
                new LockConfiguration(true, new DefaultRetention(RetentionMode.GOVERNANCE, 2, null), EARLIER);
        LockConfiguration years =
                new LockConfiguration(true, new DefaultRetention(RetentionMode.COMPLIANCE, null, 1), EARLIER);
        assertEquals(
                new ObjectLock(new Retention(RetentionMode.GOVERNANCE, Instant.parse("2026-12-04T03:00:00Z")), null),
                ObjectLockRules.forNewVersion(ObjectLock.NONE, days, NOW));
        assertEquals(
                new ObjectLock(new Retention(RetentionMode.COMPLIANCE, Instant.parse("2027-12-02T03:00:00Z")), true),
                ObjectLockRules.forNewVersion(new ObjectLock(null, true), years, NOW));
        ObjectLock own = new ObjectLock(new Retention(RetentionMode.GOVERNANCE, LATER), null);
        assertEquals(own, ObjectLockRules.forNewVersion(own, years, NOW));
        assertEquals(
                ObjectLock.NONE, ObjectLockRules.forNewVersion(ObjectLock.NONE, LockConfiguration.enabledAt(NOW), NOW));
        assertEquals(ObjectLock.NONE, ObjectLockRules.forNewVersion(ObjectLock.NONE, null, NOW));
    }

    @Test
    void aLockInABucketWithoutObjectLockIsAnInvalidRequest() {
        for (LockConfiguration none : new LockConfiguration[] {null, new LockConfiguration(false, null, null)}) {
            S3Exception e = assertThrows(
                    S3Exception.class, () -> ObjectLockRules.forNewVersion(new ObjectLock(null, false), none, NOW));
            assertEquals(S3Error.INVALID_REQUEST, e.error());
            assertEquals("Bucket is missing Object Lock Configuration", e.getMessage());
        }
    }

    @ParameterizedTest(name = "mode={0} until={1} hold={2} bypass={3} -> {4}")
    @CsvSource({
        "-, -, -, false, ok",
        "-, -, false, false, ok",
        "-, -, true, false, AccessDenied",
        "-, -, true, true, AccessDenied",
        "GOVERNANCE, 2030-01-01T00:00:00Z, -, false, AccessDenied",
        "GOVERNANCE, 2030-01-01T00:00:00Z, -, true, ok",
        "GOVERNANCE, 2030-01-01T00:00:00Z, true, true, AccessDenied",
        "COMPLIANCE, 2030-01-01T00:00:00Z, -, false, AccessDenied",
        "COMPLIANCE, 2030-01-01T00:00:00Z, -, true, AccessDenied",
        "COMPLIANCE, 2026-01-01T00:00:00Z, -, false, ok",
        "GOVERNANCE, 2026-01-01T00:00:00Z, false, false, ok",
        "COMPLIANCE, 2026-12-02T03:00:00Z, -, false, ok",
    })
    void deletesOfProtectedVersionsAreRefused(String mode, String until, String hold, boolean bypass, String expected) {
        Retention r = nul(mode) == null ? null : new Retention(RetentionMode.parse(mode), Instant.parse(until));
        Boolean h = nul(hold) == null ? null : Boolean.valueOf(hold);
        assertEquals(expected, code(() -> ObjectLockRules.requireDeletable(new ObjectLock(r, h), bypass, NOW)));
    }

    @ParameterizedTest(name = "{0} {1} -> {2} {3} bypass={4}: {5}")
    @CsvSource({
        // nothing, or expired: anything goes
        "-, -, COMPLIANCE, 2030-01-01T00:00:00Z, false, ok",
        "COMPLIANCE, 2026-01-01T00:00:00Z, GOVERNANCE, 2030-01-01T00:00:00Z, false, ok",
        "COMPLIANCE, 2026-01-01T00:00:00Z, -, -, false, ok",
        // COMPLIANCE: kept or extended only
        "COMPLIANCE, 2030-01-01T00:00:00Z, COMPLIANCE, 2030-01-01T00:00:00Z, false, ok",
        "COMPLIANCE, 2030-01-01T00:00:00Z, COMPLIANCE, 2031-01-01T00:00:00Z, false, ok",
        "COMPLIANCE, 2031-01-01T00:00:00Z, COMPLIANCE, 2030-01-01T00:00:00Z, true, AccessDenied",
        "COMPLIANCE, 2030-01-01T00:00:00Z, GOVERNANCE, 2031-01-01T00:00:00Z, true, AccessDenied",
        "COMPLIANCE, 2030-01-01T00:00:00Z, -, -, true, AccessDenied",
        // GOVERNANCE: extended freely; shortened, removed or made COMPLIANCE only with bypass
        "GOVERNANCE, 2030-01-01T00:00:00Z, GOVERNANCE, 2031-01-01T00:00:00Z, false, ok",
        "GOVERNANCE, 2031-01-01T00:00:00Z, GOVERNANCE, 2030-01-01T00:00:00Z, false, AccessDenied",
        "GOVERNANCE, 2031-01-01T00:00:00Z, GOVERNANCE, 2030-01-01T00:00:00Z, true, ok",
        "GOVERNANCE, 2030-01-01T00:00:00Z, COMPLIANCE, 2030-01-01T00:00:00Z, false, AccessDenied",
        "GOVERNANCE, 2030-01-01T00:00:00Z, COMPLIANCE, 2030-01-01T00:00:00Z, true, ok",
        "GOVERNANCE, 2030-01-01T00:00:00Z, -, -, false, AccessDenied",
        "GOVERNANCE, 2030-01-01T00:00:00Z, -, -, true, ok",
    })
    void retentionChanges(String mode, String until, String newMode, String newUntil, boolean bypass, String expected) {
        Retention current = nul(mode) == null ? null : new Retention(RetentionMode.parse(mode), Instant.parse(until));
        Retention proposed =
                nul(newMode) == null ? null : new Retention(RetentionMode.parse(newMode), Instant.parse(newUntil));
        assertEquals(expected, code(() -> ObjectLockRules.requireRetentionChange(current, proposed, bypass, NOW)));
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource({
        "GOVERNANCE, 2030-01-01T00:00:00.000Z, ok",
        "-, -, ok",
        "GOVERNANCE, -, MalformedXML",
        "-, 2030-01-01T00:00:00Z, MalformedXML",
        "governance, 2030-01-01T00:00:00Z, MalformedXML",
        "GOVERNANCE, 1st of May, MalformedXML",
        "GOVERNANCE, 2020-01-01T00:00:00Z, InvalidArgument:RetainUntilDate",
    })
    void retentionBodies(String mode, String until, String expected) {
        assertEquals(expected, code(() -> ObjectLockRules.retentionBody(nul(mode), nul(until), NOW)));
        if (nul(mode) == null && nul(until) == null) {
            assertNull(ObjectLockRules.retentionBody(null, null, NOW));
        }
    }

    @Test
    void bucketStates() {
        LockConfiguration on = LockConfiguration.enabledAt(NOW);
        assertEquals("InvalidBucketState", code(() -> ObjectLockRules.requireVersioningChange(on, true)));
        assertEquals("ok", code(() -> ObjectLockRules.requireVersioningChange(on, false)));
        assertEquals("ok", code(() -> ObjectLockRules.requireVersioningChange(null, true)));
        assertEquals("InvalidBucketState", code(() -> ObjectLockRules.requireLockConfigurable(null, false)));
        assertEquals("ok", code(() -> ObjectLockRules.requireLockConfigurable(null, true)));
        assertEquals("ok", code(() -> ObjectLockRules.requireLockConfigurable(on, false)));
        assertEquals("InvalidRequest", code(() -> ObjectLockRules.requireEnabled(null)));
        assertEquals(409, S3Error.INVALID_BUCKET_STATE.httpStatus());
        assertEquals(EVEN_LATER, new Retention(RetentionMode.GOVERNANCE, EVEN_LATER).retainUntil());
    }
}
