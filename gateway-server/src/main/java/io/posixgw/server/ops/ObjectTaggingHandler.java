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
import java.util.TreeMap;

/** GetObjectTagging, PutObjectTagging, DeleteObjectTagging. */
final class ObjectTaggingHandler {
    private final Backend backend;

    ObjectTaggingHandler(Backend backend) {
        this.backend = backend;
    }

    S3Response get(Exchange x) throws IOException {
        Tagging body = new Tagging();
        for (Map.Entry<String, String> t :
                new TreeMap<>(backend.getObjectTagging(x.bucket(), x.key(), version(x))).entrySet()) {
            body.tagSet.add(new Tagging.Tag(t.getKey(), t.getValue()));
        }
        return S3Response.xml(body);
    }

    S3Response put(Exchange x) throws IOException {
        Tagging body = S3Xml.read(SmallBodies.read(x), Tagging.class);
        Map<String, String> tags = new LinkedHashMap<>();
        for (Tagging.Tag t : body.tagSet) {
            if (t.key == null) {
                throw S3Error.MALFORMED_XML.exception();
            }
            if (tags.put(t.key, t.value == null ? "" : t.value) != null) {
                throw new S3Exception(S3Error.INVALID_TAG, "Cannot provide multiple Tags with the same key");
            }
        }
        backend.putObjectTagging(x.bucket(), x.key(), version(x), Tags.validate(tags));
        return S3Response.ok();
    }

    S3Response delete(Exchange x) throws IOException {
        backend.putObjectTagging(x.bucket(), x.key(), version(x), Map.of());
        return S3Response.noContent();
    }

    /** The version the request names (null: the current one). */
    private String version(Exchange x) {
        return io.posixgw.server.routing.Versions.named(x.query("versionId"), backend.keepsVersions());
    }
}
