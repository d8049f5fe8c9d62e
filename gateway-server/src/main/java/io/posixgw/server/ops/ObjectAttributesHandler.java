package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.backend.ObjectHead;
import io.posixgw.core.backend.PartLayout;
import io.posixgw.core.http.HttpDates;
import io.posixgw.core.model.Etags;
import io.posixgw.core.model.GetObjectRequest;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.Preconditions;
import io.posixgw.core.xml.ChecksumValues;
import io.posixgw.core.xml.GetObjectAttributesResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** GetObjectAttributes: an object's ETag, checksum, part layout, storage class and size, as asked. */
final class ObjectAttributesHandler {
    static final int MAX_PARTS = 1000;

    /** The names {@code x-amz-object-attributes} may list. */
    enum Attribute {
        ETAG,
        CHECKSUM,
        OBJECTPARTS,
        STORAGECLASS,
        OBJECTSIZE
    }

    private final Backend backend;

    ObjectAttributesHandler(Backend backend) {
        this.backend = backend;
    }

    S3Response get(Exchange x) throws IOException {
        // SDKs send a list header as one comma-separated line or as one line per element (AWS SDK for Java v2, Go v2)
        Set<Attribute> wanted =
                attributes(String.join(",", x.request().headers().all("x-amz-object-attributes")));
        int maxParts =
                Math.min(ListParams.nonNegative(x.header("x-amz-max-parts"), MAX_PARTS, "x-amz-max-parts"), MAX_PARTS);
        int marker = ListParams.nonNegative(x.header("x-amz-part-number-marker"), 0, "x-amz-part-number-marker");
        ObjectHead head = backend.headObject(new GetObjectRequest(
                x.bucket(),
                x.key(),
                null,
                null,
                wanted.contains(Attribute.CHECKSUM),
                wanted.contains(Attribute.OBJECTPARTS),
                Preconditions.NONE,
                io.posixgw.server.routing.Versions.named(x.query("versionId"), backend.keepsVersions())));
        ObjectInfo info = head.info();
        GetObjectAttributesResult.Checksum checksum = null;
        if (wanted.contains(Attribute.CHECKSUM) && !info.checksums().isEmpty()) {
            checksum = new GetObjectAttributesResult.Checksum(
                    ChecksumValues.of(info.checksums()),
                    info.checksumType() == null ? null : info.checksumType().name());
        }
        GetObjectAttributesResult.ObjectParts parts = null;
        if (wanted.contains(Attribute.OBJECTPARTS) && info.partsCount() > 0) {
            parts = parts(head, marker, maxParts);
        }
        S3Response response = S3Response.xml(new GetObjectAttributesResult(
                wanted.contains(Attribute.ETAG) ? Etags.unquote(info.etag()) : null,
                checksum,
                parts,
                wanted.contains(Attribute.STORAGECLASS) ? "STANDARD" : null,
                wanted.contains(Attribute.OBJECTSIZE) ? info.size() : null));
        response.header("Last-Modified", HttpDates.format(info.lastModified()));
        ObjectHeaders.writeVersionId(response, info.versionId());
        return response;
    }

    private static GetObjectAttributesResult.ObjectParts parts(ObjectHead head, int marker, int maxParts) {
        PartLayout layout = head.parts();
        if (layout == null) {
            // no layout record that matches (a multipart object copied in by another tool):
            // the count its ETag gives, without parts rather than an error on every request
            return new GetObjectAttributesResult.ObjectParts(
                    false, maxParts, null, marker, List.of(), head.info().partsCount());
        }
        List<GetObjectAttributesResult.Part> page = new ArrayList<>();
        int n = marker + 1;
        for (; n <= layout.count() && page.size() < maxParts; n++) {
            page.add(new GetObjectAttributesResult.Part(
                    n, layout.partSize(n), ChecksumValues.of(layout.partChecksums(n))));
        }
        boolean truncated = n <= layout.count();
        return new GetObjectAttributesResult.ObjectParts(
                truncated, maxParts, truncated ? n - 1 : null, marker, page, layout.count());
    }

    /** The comma-separated names of {@code x-amz-object-attributes}, case-insensitive; at least one. */
    static Set<Attribute> attributes(String header) {
        Set<Attribute> out = EnumSet.noneOf(Attribute.class);
        if (header != null) {
            for (String name : header.split(",")) {
                String n = name.trim();
                if (n.isEmpty()) {
                    continue;
                }
                try {
                    out.add(Attribute.valueOf(n.toUpperCase(Locale.ROOT)));
                } catch (IllegalArgumentException e) {
                    throw new S3Exception(S3Error.INVALID_ARGUMENT, "Invalid attribute name specified: " + n);
                }
            }
        }
        if (out.isEmpty()) {
            throw new S3Exception(
                    S3Error.INVALID_ARGUMENT,
                    "The x-amz-object-attributes header specifying the attributes to be retrieved is either missing or empty");
        }
        return out;
    }
}
