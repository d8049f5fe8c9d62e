package io.posixgw.core.model;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.checksum.ChecksumType;
import io.posixgw.core.checksum.MultipartChecksum;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** S3's rules for multipart uploads, shared by every backend. */
public final class MultipartRules {
    public static final int MIN_PART_NUMBER = 1;
    public static final int MAX_PART_NUMBER = 10_000;
    /** Every part but the last must be at least this large. */
    public static final long MIN_PART_SIZE = 5L * 1024 * 1024;
    /** S3's largest part. */
    public static final long MAX_PART_SIZE = 5L * 1024 * 1024 * 1024;

    private MultipartRules() {}

    /** UploadPart: the part's declared length within 5 GiB, refused before its body is read. */
    public static void requireUploadedPartSize(long length) {
        if (length > MAX_PART_SIZE) {
            throw new S3Exception(
                    S3Error.ENTITY_TOO_LARGE, "Your proposed upload exceeds the maximum allowed part size of 5 GiB");
        }
    }

    /** UploadPartCopy: the copied range (or whole source) within 5 GiB. */
    public static void requireCopiedPartSize(long length) {
        if (length > MAX_PART_SIZE) {
            throw new S3Exception(
                    S3Error.ENTITY_TOO_LARGE, "The copied part exceeds the maximum allowed part size of 5 GiB");
        }
    }

    /** A Complete lists at least one part; {@code MalformedXML} otherwise, as S3's schema says. */
    public static void requirePartsListed(List<CompletedPart> requested) {
        if (requested == null || requested.isEmpty()) {
            throw new S3Exception(
                    S3Error.MALFORMED_XML,
                    "The XML you provided was not well-formed or did not validate against our published schema: no parts");
        }
    }

    public static int requireValidPartNumber(int partNumber) {
        if (partNumber < MIN_PART_NUMBER || partNumber > MAX_PART_NUMBER) {
            throw new S3Exception(
                    S3Error.INVALID_ARGUMENT, "Part number must be an integer between 1 and 10000, inclusive");
        }
        return partNumber;
    }

    /**
     * The checksum an uploaded part keeps: none when the upload has no algorithm; else the body's
     * (already verified) checksum, which must be of the upload's algorithm. A part sent without any
     * checksum is taken into a FULL_OBJECT upload with the checksum the server computed over its bytes
     * ({@code computed}), as S3 and versitygw take it: the object's CRC is combined from the parts'
     * anyway. A COMPOSITE upload needs the client's own (InvalidRequest otherwise, as on S3).
     *
     * @param computed the upload's algorithm over the part's bytes, or null when it was not computed
     */
    public static Map<String, String> partChecksum(
            MultipartChecksum upload, Map<String, String> bodyChecksums, String computed) {
        if (upload == null) {
            return Map.of();
        }
        String name = upload.algorithm().name();
        String value = bodyChecksums == null ? null : bodyChecksums.get(name);
        if (value != null) {
            return Map.of(name, value);
        }
        boolean none = bodyChecksums == null || bodyChecksums.isEmpty();
        if (none && upload.type() == ChecksumType.FULL_OBJECT && computed != null) {
            return Map.of(name, computed);
        }
        String actual = none ? "null" : bodyChecksums.keySet().iterator().next().toLowerCase(Locale.ROOT);
        throw new S3Exception(
                S3Error.INVALID_REQUEST,
                "Checksum Type mismatch occurred, expected checksum Type: " + name.toLowerCase(Locale.ROOT)
                        + ", actual checksum Type: " + actual);
    }

    /** Whether an UploadPart into this upload must compute the upload's checksum itself, in case the client sends none. */
    public static boolean computesPartChecksum(MultipartChecksum upload) {
        return upload != null && upload.type() == ChecksumType.FULL_OBJECT;
    }

    /**
     * The stored checksum of each completed part, in the Complete's order, for the object's part
     * layout: empty when the upload had no algorithm or a part has none.
     */
    public static List<String> completedPartChecksums(
            MultipartChecksum checksum, List<CompletedPart> parts, Map<Integer, Part> stored) {
        if (checksum == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>(parts.size());
        for (CompletedPart p : parts) {
            String v = stored.get(p.partNumber())
                    .checksums()
                    .get(checksum.algorithm().name());
            if (v == null) {
                return List.of();
            }
            out.add(v);
        }
        return out;
    }

    /**
     * Checks a Complete request against the stored parts: non-empty, ascending part
     * numbers, each part present with a matching ETag, every part but the last at
     * least 5 MiB.
     *
     * @param stored the uploaded parts by part number
     */
    public static void validateComplete(List<CompletedPart> requested, Map<Integer, Part> stored) {
        requirePartsListed(requested);
        int previous = 0;
        for (CompletedPart p : requested) {
            if (p.partNumber() < MIN_PART_NUMBER || p.partNumber() > MAX_PART_NUMBER) {
                throw new S3Exception(S3Error.INVALID_PART, "Part number " + p.partNumber() + " is out of range");
            }
            if (p.partNumber() <= previous) {
                throw S3Error.INVALID_PART_ORDER.exception();
            }
            previous = p.partNumber();
        }
        for (int i = 0; i < requested.size(); i++) {
            CompletedPart p = requested.get(i);
            Part have = stored.get(p.partNumber());
            if (have == null || p.etag() == null || !Etags.unquote(have.etag()).equals(Etags.unquote(p.etag()))) {
                throw new S3Exception(
                        S3Error.INVALID_PART, S3Error.INVALID_PART.defaultMessage() + " (part " + p.partNumber() + ")");
            }
            if (i < requested.size() - 1 && have.size() < MIN_PART_SIZE) {
                throw new S3Exception(
                        S3Error.ENTITY_TOO_SMALL,
                        "Your proposed upload is smaller than the minimum allowed object size (part " + p.partNumber()
                                + ")");
            }
        }
    }

    /**
     * CompleteMultipartUpload of an upload created with a checksum algorithm: every listed part must
     * name its checksum (InvalidRequest), which must be the stored one (InvalidPart); the object's
     * checksum is combined from the parts' and checked against the one the request asserts (BadDigest).
     */
    public static Map<String, String> completedChecksum(
            MultipartChecksum checksum, List<CompletedPart> parts, Map<Integer, Part> stored, CompleteChecks checks) {
        String name = checksum.algorithm().name();
        String lower = name.toLowerCase(Locale.ROOT);
        List<String> values = new ArrayList<>(parts.size());
        List<Long> sizes = new ArrayList<>(parts.size());
        for (CompletedPart p : parts) {
            String given = p.checksums().get(name);
            if (given == null) {
                throw new S3Exception(
                        S3Error.INVALID_REQUEST,
                        "The upload was created using a " + lower
                                + " checksum. The complete request must include the checksum for each part. It was missing for part "
                                + p.partNumber() + " in the request.");
            }
            Part s = stored.get(p.partNumber());
            String have = s.checksums().get(name);
            if (have == null || !have.equals(given.trim())) {
                throw new S3Exception(S3Error.INVALID_PART, S3Error.INVALID_PART.defaultMessage());
            }
            values.add(have);
            sizes.add(s.size());
        }
        String value = checksum.combine(values, sizes);
        String asserted = checks.checksums().get(name);
        if (asserted != null) {
            String a = asserted.trim();
            int dash = value.lastIndexOf('-');
            boolean matches = a.equals(value)
                    || (checksum.type() == ChecksumType.COMPOSITE && dash > 0 && a.equals(value.substring(0, dash)));
            if (!matches) {
                throw new S3Exception(
                        S3Error.BAD_DIGEST, "The " + lower + " you specified did not match the calculated checksum.");
            }
        }
        return Map.of(name, value);
    }
}
