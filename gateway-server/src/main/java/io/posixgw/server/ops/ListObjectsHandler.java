package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.http.UrlEncoding;
import io.posixgw.core.listing.ContinuationToken;
import io.posixgw.core.listing.Page;
import io.posixgw.core.model.ListObjectsRequest;
import io.posixgw.core.model.ListObjectsResult;
import io.posixgw.core.model.ListVersionsRequest;
import io.posixgw.core.model.ObjectInfo;
import io.posixgw.core.model.ObjectVersion;
import io.posixgw.core.xml.CommonPrefix;
import io.posixgw.core.xml.ListBucketResultV1;
import io.posixgw.core.xml.ListBucketResultV2;
import io.posixgw.core.xml.ListVersionsResult;
import io.posixgw.core.xml.ObjectEntry;
import io.posixgw.core.xml.Owner;
import io.posixgw.core.xml.S3Xml;
import io.posixgw.server.routing.Versions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** ListObjects (V1), ListObjectsV2 and ListObjectVersions over one backend call per page. */
final class ListObjectsHandler {
    static final int MAX_KEYS = 1000;

    private final Backend backend;
    private final io.posixgw.server.auth.BucketAcls acls;

    ListObjectsHandler(Backend backend, io.posixgw.server.auth.BucketAcls acls) {
        this.backend = backend;
        this.acls = acls;
    }

    /** The {@code Owner} a listed object reports. */
    @FunctionalInterface
    interface KeyOwner {
        Owner of(String key) throws IOException;
    }

    /**
     * Who owns each listed object: the bucket's owner (the caller, for a bucket without a recorded
     * owner) or, on a bucket with ACLs enabled, the owner its ACL names (another account's, under
     * ObjectWriter): one attribute read per listed object, only on such buckets.
     */
    private KeyOwner owners(Exchange x) throws IOException {
        String recorded = backend.bucketOwner(x.bucket());
        String b = recorded != null ? recorded : x.accessKey();
        Owner bucketOwner = new Owner(b, b);
        if (!acls.ownership(x.bucket()).aclsEnabled()) {
            return key -> bucketOwner;
        }
        return key -> {
            io.posixgw.core.acl.Acl acl;
            try {
                acl = io.posixgw.core.acl.Acl.fromJson(backend.getObjectAcl(x.bucket(), key));
            } catch (S3Exception gone) {
                return bucketOwner; // deleted since the page was read
            }
            return acl == null || acl.owner().equals(b) ? bucketOwner : new Owner(acl.owner(), acl.owner());
        };
    }

    /** What every listing takes: {@code prefix}, {@code delimiter}, {@code max-keys}, {@code encoding-type}. */
    private record Scope(String prefix, String delimiter, int maxKeys, String encodingType, UnaryOperator<String> enc) {
        static Scope of(Exchange x) {
            String encodingType = ListObjectsHandler.encodingType(x.query("encoding-type"));
            return new Scope(
                    orEmpty(x.query("prefix")),
                    emptyToNull(x.query("delimiter")),
                    ListObjectsHandler.maxKeys(x.query("max-keys")),
                    encodingType,
                    encoder(encodingType));
        }
    }

    S3Response listV2(Exchange x) throws IOException {
        if (!"2".equals(x.query("list-type"))) {
            throw new S3Exception(S3Error.INVALID_ARGUMENT, "Invalid list-type: only 2 is supported");
        }
        Scope scope = Scope.of(x);
        String token = x.query("continuation-token");
        String startAfter = x.query("start-after");
        String after = token != null ? ContinuationToken.decode(token) : emptyToNull(startAfter);
        boolean fetchOwner = "true".equalsIgnoreCase(x.query("fetch-owner"));

        ListObjectsResult page = page(x.bucket(), scope.prefix(), scope.delimiter(), after, scope.maxKeys());
        UnaryOperator<String> enc = scope.enc();
        KeyOwner owner = fetchOwner ? owners(x) : null;
        return S3Response.xml(new ListBucketResultV2(
                x.bucket(),
                enc.apply(scope.prefix()),
                enc.apply(scope.delimiter()),
                scope.maxKeys(),
                page.objects().size() + page.commonPrefixes().size(),
                page.truncated(),
                scope.encodingType(),
                token,
                page.truncated() ? ContinuationToken.encode(page.nextAfter()) : null,
                startAfter == null ? null : enc.apply(startAfter),
                entries(page, enc, owner),
                prefixes(page, enc)));
    }

    S3Response listV1(Exchange x) throws IOException {
        Scope scope = Scope.of(x);
        String marker = orEmpty(x.query("marker"));

        ListObjectsResult page =
                page(x.bucket(), scope.prefix(), scope.delimiter(), emptyToNull(marker), scope.maxKeys());
        UnaryOperator<String> enc = scope.enc();
        // S3 sends NextMarker only when a delimiter was given; without one, clients use the last key.
        String nextMarker = page.truncated() && scope.delimiter() != null ? enc.apply(page.nextAfter()) : null;
        return S3Response.xml(new ListBucketResultV1(
                x.bucket(),
                enc.apply(scope.prefix()),
                enc.apply(marker),
                nextMarker,
                scope.maxKeys(),
                enc.apply(scope.delimiter()),
                page.truncated(),
                scope.encodingType(),
                entries(page, enc, owners(x)),
                prefixes(page, enc)));
    }

    /**
     * ListObjectVersions of a bucket that is never versioned: each object is its own
     * single version, S3's {@code null} one, latest. Paged by {@code key-marker} like
     * ListObjects by {@code marker}; the only version id a marker can name is {@code null}.
     */
    S3Response listVersions(Exchange x) throws IOException {
        Scope scope = Scope.of(x);
        String keyMarker = orEmpty(x.query("key-marker"));
        String versionIdMarker = orEmpty(x.query("version-id-marker"));
        if (!versionIdMarker.isEmpty()) {
            if (keyMarker.isEmpty()) {
                throw new S3Exception(
                        S3Error.INVALID_ARGUMENT, "A version-id marker cannot be specified without a key marker.");
            }
            if (!backend.keepsVersions() && !Versions.namesCurrent(versionIdMarker)) {
                throw new S3Exception(S3Error.INVALID_ARGUMENT, "Invalid version id specified");
            }
        }
        if (backend.keepsVersions()) {
            return kept(x, scope, keyMarker, versionIdMarker);
        }

        ListObjectsResult page =
                page(x.bucket(), scope.prefix(), scope.delimiter(), emptyToNull(keyMarker), scope.maxKeys());
        UnaryOperator<String> enc = scope.enc();
        Owner owner = new Owner(x.accessKey(), x.accessKey());
        List<ListVersionsResult.Version> versions =
                new ArrayList<>(page.objects().size());
        for (ObjectInfo o : page.objects()) {
            versions.add(new ListVersionsResult.Version(
                    enc.apply(o.key()),
                    Versions.NULL,
                    true,
                    S3Xml.timestamp(o.lastModified()),
                    o.etag(),
                    o.size(),
                    owner,
                    "STANDARD"));
        }
        String nextKey = page.truncated() ? page.nextAfter() : null;
        // the version to continue after, when the page ended on a version rather than a common prefix
        String nextVersion = nextKey != null && !page.commonPrefixes().contains(nextKey) ? Versions.NULL : null;
        return S3Response.xml(new ListVersionsResult(
                x.bucket(),
                enc.apply(scope.prefix()),
                enc.apply(keyMarker),
                versionIdMarker,
                enc.apply(nextKey),
                nextVersion,
                scope.maxKeys(),
                enc.apply(scope.delimiter()),
                page.truncated(),
                scope.encodingType(),
                versions,
                null,
                prefixes(page, enc)));
    }

    /** ListObjectVersions over a store that keeps versions: each key's versions and delete markers, newest first. */
    private S3Response kept(Exchange x, Scope scope, String keyMarker, String versionIdMarker) throws IOException {
        Page<ObjectVersion> page;
        if (scope.maxKeys() == 0) {
            backend.headBucket(x.bucket());
            page = new Page<>(List.of(), List.of(), false, null, null);
        } else {
            page = backend.listObjectVersions(new ListVersionsRequest(
                    x.bucket(),
                    scope.prefix(),
                    scope.delimiter(),
                    emptyToNull(keyMarker),
                    emptyToNull(versionIdMarker),
                    scope.maxKeys()));
        }
        UnaryOperator<String> enc = scope.enc();
        Owner owner = new Owner(x.accessKey(), x.accessKey());
        List<ListVersionsResult.Version> versions = new ArrayList<>();
        List<ListVersionsResult.DeleteMarker> markers = new ArrayList<>();
        for (ObjectVersion v : page.entries()) {
            ObjectInfo o = v.info();
            String id = o.versionId() == null ? Versions.NULL : o.versionId();
            String time = S3Xml.timestamp(o.lastModified());
            if (v.deleteMarker()) {
                markers.add(new ListVersionsResult.DeleteMarker(enc.apply(o.key()), id, v.latest(), time, owner));
            } else {
                versions.add(new ListVersionsResult.Version(
                        enc.apply(o.key()), id, v.latest(), time, o.etag(), o.size(), owner, "STANDARD"));
            }
        }
        List<CommonPrefix> prefixes = new ArrayList<>();
        for (String p : page.commonPrefixes()) {
            prefixes.add(new CommonPrefix(enc.apply(p)));
        }
        return S3Response.xml(new ListVersionsResult(
                x.bucket(),
                enc.apply(scope.prefix()),
                enc.apply(keyMarker),
                versionIdMarker,
                page.truncated() ? enc.apply(page.nextKey()) : null,
                page.truncated() ? page.nextId() : null,
                scope.maxKeys(),
                enc.apply(scope.delimiter()),
                page.truncated(),
                scope.encodingType(),
                versions,
                markers,
                prefixes));
    }

    private ListObjectsResult page(String bucket, String prefix, String delimiter, String after, int maxKeys)
            throws IOException {
        if (maxKeys == 0) {
            backend.headBucket(bucket);
            return new ListObjectsResult(List.of(), List.of(), false, null);
        }
        return backend.listObjects(new ListObjectsRequest(bucket, prefix, delimiter, after, maxKeys));
    }

    private static List<ObjectEntry> entries(ListObjectsResult page, UnaryOperator<String> enc, KeyOwner owner)
            throws IOException {
        List<ObjectEntry> out = new ArrayList<>(page.objects().size());
        for (ObjectInfo o : page.objects()) {
            out.add(new ObjectEntry(
                    enc.apply(o.key()),
                    S3Xml.timestamp(o.lastModified()),
                    o.etag(),
                    o.size(),
                    owner == null ? null : owner.of(o.key()),
                    "STANDARD"));
        }
        return out;
    }

    private static List<CommonPrefix> prefixes(ListObjectsResult page, UnaryOperator<String> enc) {
        List<CommonPrefix> out = new ArrayList<>(page.commonPrefixes().size());
        for (String p : page.commonPrefixes()) {
            out.add(new CommonPrefix(enc.apply(p)));
        }
        return out;
    }

    static int maxKeys(String value) {
        return Math.min(ListParams.nonNegative(value, MAX_KEYS, "maxKeys", "max-keys"), MAX_KEYS);
    }

    static String encodingType(String value) {
        if (value == null) {
            return null;
        }
        if (!value.equals("url")) {
            throw new S3Exception(S3Error.INVALID_ARGUMENT, "Invalid Encoding Method specified in Request");
        }
        return value;
    }

    static UnaryOperator<String> encoder(String encodingType) {
        return encodingType == null ? s -> s : UrlEncoding::encodeKey;
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
