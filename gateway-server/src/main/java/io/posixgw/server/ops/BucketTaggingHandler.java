package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.model.Tags;
import io.posixgw.core.xml.S3Xml;
import io.posixgw.core.xml.Tagging;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * GetBucketTagging, PutBucketTagging, DeleteBucketTagging: S3's rules (50 tags, keys of 1..128 and
 * values of 0..256 characters, unique keys, none in the reserved {@code aws:} space; Content-MD5
 * or a checksum on PUT), stored where versitygw stores them (see the backend).
 */
final class BucketTaggingHandler {
    private final Backend backend;

    BucketTaggingHandler(Backend backend) {
        this.backend = backend;
    }

    /** A bucket without tags is 404 {@code NoSuchTagSet}, as S3 answers. */
    S3Response get(Exchange x) throws IOException {
        Map<String, String> tags = backend.getBucketTagging(x.bucket());
        if (tags.isEmpty()) {
            throw S3Error.NO_SUCH_TAG_SET.exception();
        }
        Tagging body = new Tagging();
        for (Map.Entry<String, String> t : new java.util.TreeMap<>(tags).entrySet()) {
            body.tagSet.add(new Tagging.Tag(t.getKey(), t.getValue()));
        }
        return S3Response.xml(body);
    }

    /** Replaces the tag set; an empty one removes it, as DeleteBucketTagging. */
    S3Response put(Exchange x) throws IOException {
        byte[] xml = SmallBodies.read(x);
        ObjectDeleteHandler.requireIntegrity(x);
        Tagging body = S3Xml.read(xml, Tagging.class);
        Map<String, String> tags = new LinkedHashMap<>();
        for (Tagging.Tag t : body.tagSet) {
            if (t.key == null) {
                throw S3Error.MALFORMED_XML.exception();
            }
            if (tags.put(t.key, t.value == null ? "" : t.value) != null) {
                throw new S3Exception(S3Error.INVALID_TAG, "Cannot provide multiple Tags with the same key");
            }
        }
        backend.putBucketTagging(x.bucket(), Tags.validateBucket(tags));
        return S3Response.noContent();
    }

    S3Response delete(Exchange x) throws IOException {
        backend.putBucketTagging(x.bucket(), Map.of());
        return S3Response.noContent();
    }
}
