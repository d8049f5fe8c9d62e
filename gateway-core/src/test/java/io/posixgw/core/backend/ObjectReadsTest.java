package io.posixgw.core.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.checksum.ChecksumAlgorithm;
import io.posixgw.core.checksum.ChecksumType;
import io.posixgw.core.checksum.MultipartChecksum;
import io.posixgw.core.http.ByteRange;
import io.posixgw.core.model.GetObjectRequest;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.Preconditions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** S3's answer to a GET or HEAD against a known version: conditions first, then part number or range. */
class ObjectReadsTest {
    private static final Instant MODIFIED = Instant.parse("2026-11-30T10:15:30Z");
    private static final ObjectInfo SINGLE = new ObjectInfo("k", 10, "\"abc\"", MODIFIED, null, 0, null);
    private static final ObjectInfo MULTI = new ObjectInfo("m", 12, "\"def-2\"", MODIFIED, null, 2, null);
    private static final PartLayout LAYOUT = new PartLayout(new long[] {5, 12});

    private static GetObjectRequest request(String range, String partNumber, Preconditions conditions) {
        return new GetObjectRequest("b", "k", range, partNumber, false, false, conditions);
    }

    private static S3Error error(GetObjectRequest r, ObjectInfo info, PartLayout layout) {
        return assertThrows(S3Exception.class, () -> ObjectReads.resolve(r, info, layout))
                .error();
    }

    @Test
    void conditionsComeBeforeTheRangeAndA304NamesTheVersion() {
        S3Exception e = assertThrows(
                S3Exception.class,
                () -> ObjectReads.resolve(
                        request("bytes=99-", "x", new Preconditions(null, "\"abc\"", null, null)), SINGLE, null));
        assertEquals(S3Error.NOT_MODIFIED, e.error());
        assertEquals("\"abc\"", e.headers().get("ETag"));
        assertEquals("Mon, 30 Nov 2026 10:15:30 GMT", e.headers().get("Last-Modified"));
        assertEquals(
                S3Error.PRECONDITION_FAILED,
                error(request(null, null, new Preconditions("\"zzz\"", null, null, null)), SINGLE, null));
    }

    @Test
    void rangesAndPartNumbersOfASinglePartObject() {
        assertNull(ObjectReads.resolve(request(null, null, null), SINGLE, null).range());
        assertEquals(
                new ByteRange(3, 9),
                ObjectReads.resolve(request("bytes=3-", null, null), SINGLE, null)
                        .range());
        assertEquals(
                new ByteRange(0, 9),
                ObjectReads.resolve(request(null, "1", null), SINGLE, null).range());
        assertEquals(S3Error.INVALID_PART_NUMBER, error(request(null, "2", null), SINGLE, null));
        assertEquals(S3Error.INVALID_ARGUMENT, error(request(null, "0", null), SINGLE, null));
        assertEquals(S3Error.INVALID_ARGUMENT, error(request(null, "1.5", null), SINGLE, null));
        assertEquals(S3Error.INVALID_REQUEST, error(request("bytes=0-1", "1", null), SINGLE, null));
        assertEquals(S3Error.INVALID_RANGE, error(request("bytes=10-", null, null), SINGLE, null));
    }

    @Test
    void partNumbersOfAMultipartObjectUseTheLayoutReadWithIt() {
        ObjectHead second = ObjectReads.resolve(request(null, "2", null), MULTI, LAYOUT);
        assertEquals(new ByteRange(5, 11), second.range());
        assertEquals(7, second.contentLength());
        assertEquals(LAYOUT, second.parts());
        assertEquals(S3Error.INVALID_PART_NUMBER, error(request(null, "3", null), MULTI, LAYOUT));
        S3Exception beyond =
                assertThrows(S3Exception.class, () -> ObjectReads.resolve(request(null, "3", null), MULTI, LAYOUT));
        assertEquals(Map.of("ActualPartCount", "2", "PartNumberRequested", "3"), beyond.details());
        // no layout on record that matches the version (a tree copied in by another tool)
        // (a 503 would tell the client to retry what can never succeed)
        assertEquals(S3Error.NOT_IMPLEMENTED, error(request(null, "1", null), MULTI, null));
        assertEquals(
                S3Error.NOT_IMPLEMENTED, error(request(null, "1", null), MULTI, new PartLayout(new long[] {5, 11})));
        assertNull(
                ObjectReads.resolve(request(null, null, null), MULTI, new PartLayout(new long[] {12}))
                        .parts(),
                "a layout that does not describe the version is not answered");
    }

    @Test
    void theServedChecksumIsTheObjectsOrThePartsNeverARanges() {
        ObjectInfo multi = new ObjectInfo(
                "m", 12, "\"def-2\"", MODIFIED, null, 2, Map.of("CRC32", "AAAAAA==-2"), ChecksumType.COMPOSITE);
        PartLayout layout = new PartLayout(
                new long[] {5, 12},
                new MultipartChecksum(ChecksumAlgorithm.CRC32, ChecksumType.COMPOSITE),
                List.of("AAAAAQ==", "AAAAAg=="));
        assertEquals(
                Map.of("CRC32", "AAAAAA==-2"),
                ObjectReads.resolve(request(null, null, null), multi, layout).servedChecksums());
        ObjectHead second = ObjectReads.resolve(request(null, "2", null), multi, layout);
        assertEquals(Map.of("CRC32", "AAAAAg=="), second.servedChecksums());
        assertEquals(ChecksumType.COMPOSITE, second.servedChecksumType());
        assertEquals(
                Map.of(),
                ObjectReads.resolve(request("bytes=0-1", null, null), multi, layout)
                        .servedChecksums());
        assertEquals(
                Map.of(),
                ObjectReads.resolve(request(null, "2", null), multi, new PartLayout(new long[] {5, 12}))
                        .servedChecksums(),
                "a layout versitygw wrote names no part checksum");
        ObjectInfo single = new ObjectInfo("k", 10, "\"abc\"", MODIFIED, null, 0, Map.of("CRC32", "AAAAAw=="));
        assertEquals(
                Map.of("CRC32", "AAAAAw=="),
                ObjectReads.resolve(request(null, "1", null), single, null).servedChecksums());
    }
}
