package io.posixgw.core.model;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MultipartRulesTest {
    static final long MIB5 = MultipartRules.MIN_PART_SIZE;
    static final Map<Integer, Part> STORED = Map.of(
            1, new Part(1, "\"aa\"", MIB5, Instant.EPOCH),
            2, new Part(2, "\"bb\"", MIB5 - 1, Instant.EPOCH),
            3, new Part(3, "\"cc\"", 10, Instant.EPOCH));

    static S3Error check(List<CompletedPart> parts) {
        try {
            MultipartRules.validateComplete(parts, STORED);
            return null;
        } catch (S3Exception e) {
            return e.error();
        }
    }

    @Test
    void rules() {
        assertEquals(null, check(List.of(new CompletedPart(1, "aa"), new CompletedPart(3, "\"cc\""))));
        assertEquals(S3Error.MALFORMED_XML, check(List.of()));
        assertEquals(
                S3Error.INVALID_PART_ORDER, check(List.of(new CompletedPart(3, "cc"), new CompletedPart(1, "aa"))));
        assertEquals(
                S3Error.INVALID_PART_ORDER, check(List.of(new CompletedPart(1, "aa"), new CompletedPart(1, "aa"))));
        assertEquals(S3Error.INVALID_PART, check(List.of(new CompletedPart(1, "zz"))));
        assertEquals(S3Error.INVALID_PART, check(List.of(new CompletedPart(4, "dd"))));
        assertEquals(S3Error.ENTITY_TOO_SMALL, check(List.of(new CompletedPart(2, "bb"), new CompletedPart(3, "cc"))));
        assertEquals(null, check(List.of(new CompletedPart(2, "bb"))), "the last part may be small");
    }

    @Test
    void multipartEtag() {
        // MD5 of the binary MD5s: here of two parts whose MD5s are those of "a" and "b".
        String a = "0cc175b9c0f1b6a831c399e269772661";
        String b = "92eb5ffee6ae2fec3ad71c777531578f";
        String etag = Etags.multipart(List.of("\"" + a + "\"", b));
        assertEquals(2, Etags.partsCount(etag));
        assertEquals("\"", etag.substring(0, 1));
        assertEquals(etag, Etags.multipart(List.of(a, b)));
        assertDoesNotThrow(() -> MultipartRules.requireValidPartNumber(10_000));
        assertEquals(
                S3Error.INVALID_ARGUMENT,
                assertThrows(S3Exception.class, () -> MultipartRules.requireValidPartNumber(0))
                        .error());
    }

    @Test
    void limitsAndTheirMessages() {
        assertDoesNotThrow(() -> MultipartRules.requireUploadedPartSize(MultipartRules.MAX_PART_SIZE));
        S3Exception uploaded = assertThrows(
                S3Exception.class, () -> MultipartRules.requireUploadedPartSize(MultipartRules.MAX_PART_SIZE + 1));
        assertEquals(S3Error.ENTITY_TOO_LARGE, uploaded.error());
        assertEquals("Your proposed upload exceeds the maximum allowed part size of 5 GiB", uploaded.getMessage());
        assertDoesNotThrow(() -> MultipartRules.requireCopiedPartSize(MultipartRules.MAX_PART_SIZE));
        S3Exception copied = assertThrows(
                S3Exception.class, () -> MultipartRules.requireCopiedPartSize(MultipartRules.MAX_PART_SIZE + 1));
        assertEquals(S3Error.ENTITY_TOO_LARGE, copied.error());
        assertEquals("The copied part exceeds the maximum allowed part size of 5 GiB", copied.getMessage());
        for (List<CompletedPart> none : java.util.Arrays.asList(null, List.<CompletedPart>of())) {
            S3Exception e = assertThrows(S3Exception.class, () -> MultipartRules.requirePartsListed(none));
            assertEquals(S3Error.MALFORMED_XML, e.error());
            assertEquals(
                    "The XML you provided was not well-formed or did not validate against our published schema: no parts",
                    e.getMessage());
        }
        assertDoesNotThrow(() -> MultipartRules.requirePartsListed(List.of(new CompletedPart(1, "aa"))));
    }
}
