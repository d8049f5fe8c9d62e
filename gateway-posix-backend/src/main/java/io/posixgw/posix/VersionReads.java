package io.posixgw.posix;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.FileRegionBody;
import io.posixgw.core.backend.ObjectContent;
import io.posixgw.core.backend.ObjectHead;
import io.posixgw.core.backend.ObjectReads;
import io.posixgw.core.http.ByteRange;
import io.posixgw.core.model.GetObjectRequest;
import io.posixgw.core.model.ObjectInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Reads of one version named by its id (GET, HEAD, tagging, copy sources with {@code versionId}).
 * The id is looked up (the current file when it is the current's, else the kept file), the file
 * read as a GET reads the current one, and the version read checked to be the one asked for: a
 * write moving it aside meanwhile makes the read look again. A delete marker asked for by id is
 * 405 MethodNotAllowed, as on S3.
 */
final class VersionReads {
    private static final int ATTEMPTS = 4;

    private final PathResolver paths;
    private final ObjectReader reader;
    private final VersionStore versions;

    VersionReads(PathResolver paths, ObjectReader reader, VersionStore versions) {
        this.paths = paths;
        this.reader = reader;
        this.versions = versions;
    }

    /** GET of a version. */
    ObjectContent open(GetObjectRequest request) throws IOException {
        ObjectReader.Opened o =
                openVersion(request.bucket(), request.key(), request.versionId(), ObjectReader.wantedBy(request));
        boolean ok = false;
        try {
            ObjectHead head = ObjectReads.resolve(request, o.info(), o.layout());
            ByteRange r = head.range();
            ObjectContent c = new ObjectContent(
                    head, new FileRegionBody(o.channel(), r == null ? 0 : r.first(), head.contentLength()));
            ok = true;
            return c;
        } finally {
            if (!ok) {
                Fs.closeReadOnly(o.channel());
            }
        }
    }

    /** HEAD of a version. */
    ObjectHead head(GetObjectRequest request) throws IOException {
        ObjectReader.Version v =
                version(request.bucket(), request.key(), request.versionId(), ObjectReader.wantedBy(request));
        return ObjectReads.resolve(request, v.info(), ObjectReader.layoutOf(v.raw()));
    }

    /** A version for a copy source (every attribute read), open. */
    ObjectReader.Opened openForCopy(String bucket, String key, String id) throws IOException {
        return openVersion(bucket, key, id, AttrNames::objectRead);
    }

    ObjectReader.Opened openVersion(String bucket, String key, String id, Predicate<String> wanted) throws IOException {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Path file = locate(bucket, key, id);
            ObjectReader.Opened o;
            try {
                o = reader.openFile(key, file, wanted);
            } catch (S3Exception e) {
                throw asVersionRead(e);
            }
            if (o == null) {
                continue;
            }
            if (!id.equals(idOf(o.info()))) {
                o.close(); // moved aside meanwhile: its id now names a kept file
                continue;
            }
            return new ObjectReader.Opened(o.info().withVersionId(id), o.layout(), o.channel());
        }
        throw new S3Exception(S3Error.SERVICE_UNAVAILABLE, "The version moved while it was being opened; retry.");
    }

    ObjectReader.Version version(String bucket, String key, String id, Predicate<String> wanted) throws IOException {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Path file = locate(bucket, key, id);
            ObjectReader.Version v;
            try {
                v = reader.versionFile(key, file, wanted);
            } catch (S3Exception e) {
                throw asVersionRead(e);
            }
            if (v == null || !id.equals(idOf(v.info()))) {
                continue;
            }
            return new ObjectReader.Version(
                    v.path(), v.attrs(), v.raw(), v.info().withVersionId(id));
        }
        throw new S3Exception(S3Error.SERVICE_UNAVAILABLE, "The version moved while it was being read; retry.");
    }

    /** The version's tags (GetObjectTagging with versionId). */
    Map<String, String> tags(String bucket, String key, String id) throws IOException {
        return version(bucket, key, id, AttrNames::objectRead)
                .info()
                .attributes()
                .tags();
    }

    /** The file holding version {@code id}; NoSuchVersion when none does. */
    Path locate(String bucket, String key, String id) throws IOException {
        VersionStore.requireValidId(id);
        Path bucketDir = paths.bucketDir(bucket);
        PathResolver.requireBucket(bucketDir);
        Path file = versions.find(bucket, key, paths.objectPath(bucketDir, key), id);
        if (file == null) {
            throw new S3Exception(S3Error.NO_SUCH_VERSION, "The specified version does not exist.")
                    .detail("Key", key)
                    .detail("VersionId", id);
        }
        return file;
    }

    private static String idOf(ObjectInfo info) {
        return info.versionId() == null ? VersionStore.NULL : info.versionId();
    }

    /** A delete marker read by its id is no object to GET: 405, with the marker's headers. */
    private static S3Exception asVersionRead(S3Exception e) {
        if (e.error() == S3Error.NO_SUCH_KEY && "true".equals(e.headers().get("x-amz-delete-marker"))) {
            S3Exception m = new S3Exception(
                    S3Error.METHOD_NOT_ALLOWED, "The specified method is not allowed against this resource.");
            e.headers().forEach(m::header);
            return m;
        }
        return e;
    }
}
