package io.posixgw.server.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The conformance table of docs/S3-OPERATIONS.md: one row per implemented {@link Endpoint}, in reading order, its options
 * (query parameters, headers, body) taken from the endpoint's row and its notes written here; then every
 * API answered NotImplemented, taken from the routing table. Fails when an endpoint is added or
 * implemented without its notes, or when the page differs; {@code -Dreadme.update=true} rewrites the table.
 */
class ReadmeOperationsTableTest {
    /** The file that holds the table (the one place to change when the table moves). */
    static final Path TABLE_FILE = Path.of("..", "docs", "S3-OPERATIONS.md");

    private static final String START = "<!-- operations-table:start -->\n";
    private static final String END = "<!-- operations-table:end -->";

    /** What each implemented operation does, and what its options accept, true to the code and its tests. */
    static Map<Endpoint, String> notes() {
        Map<Endpoint, String> r = new LinkedHashMap<>();
        r.put(
                Endpoint.LIST_BUCKETS,
                "`max-buckets` 1 to 10,000; the caller's buckets in name order; one answer with all of them unless "
                        + "`max-buckets` is given; with any of these parameters each bucket carries its `BucketRegion` (this server's region), "
                        + "and the answer its `Prefix` and `ContinuationToken`, as S3");
        r.put(
                Endpoint.CREATE_BUCKET,
                "`LocationConstraint` in the body, `x-amz-acl`, `x-amz-grant-*`, `x-amz-object-ownership` "
                        + "(`BucketOwnerEnforced` by default, `BucketOwnerPreferred`, `ObjectWriter`; else `InvalidArgument`); "
                        + "S3 bucket names (else `InvalidBucketName`); no constraint means `us-east-1`, any other must be the configured region "
                        + "(`InvalidLocationConstraint`); an owned bucket is 200 in `us-east-1` (AWS's legacy answer, which \"resets the bucket access "
                        + "control lists\": with ACLs enabled the bucket's ACL becomes the one the request names, `private` "
                        + "when none, judged by the bucket's own ownership and Public Access Block and refused by a Deny of "
                        + "`s3:PutBucketAcl`; nothing else changes), 409 "
                        + "`BucketAlreadyOwnedByYou` elsewhere; with `BucketOwnerEnforced` ACLs granting others are "
                        + "`InvalidBucketAclWithObjectOwnership`, with ACLs enabled a public one is "
                        + "`InvalidBucketAclWithBlockPublicAccessError` (a new bucket blocks public ACLs, as on S3); "
                        + "`x-amz-bucket-object-lock-enabled: true` stores versitygw's `bucket-lock` (Object Lock enabled, no rule) "
                        + "and, with `--versioning-dir`, turns versioning on (it cannot be suspended afterwards)");
        r.put(Endpoint.HEAD_BUCKET, "200 with `x-amz-bucket-region`; 404 without a body");
        r.put(Endpoint.GET_BUCKET_LOCATION, "empty `<LocationConstraint/>` for `us-east-1`, else the region");
        r.put(
                Endpoint.DELETE_BUCKET,
                "204; 409 `BucketNotEmpty` while an object exists (pending multipart uploads do not count "
                        + "and go with the bucket)");
        r.put(
                Endpoint.GET_BUCKET_VERSIONING,
                "`Enabled` or `Suspended` (the bucket's `versioning` attribute); an empty configuration for a bucket "
                        + "never versioned, and always without `--versioning-dir`");
        r.put(
                Endpoint.PUT_BUCKET_VERSIONING,
                "`Enabled` or `Suspended` (`Content-MD5` or a checksum required); without `--versioning-dir` 501 "
                        + "`VersioningNotConfigured`, as versitygw answers; `MfaDelete` `Enabled` is 403 without `x-amz-mfa`, "
                        + "501 with it");
        r.put(
                Endpoint.LIST_OBJECTS_V2,
                "`delimiter` any string, `encoding-type=url`; "
                        + "UTF-8 key order with directories as `name/`; `max-keys` 1000 by default and at most, 0 gives an empty page, negative is 400; "
                        + "opaque continuation tokens; staging and pending uploads never listed");
        r.put(
                Endpoint.LIST_OBJECTS,
                "`encoding-type=url`; V2's `start-after`, `continuation-token` and `fetch-owner` are ignored, as S3 "
                        + "ignores them; as V2; `NextMarker` only with a delimiter; `Owner` always given: the bucket owner, "
                        + "or with ACLs enabled the owner the object's ACL names (its writer under `ObjectWriter`), as with V2's "
                        + "`fetch-owner`");
        r.put(
                Endpoint.LIST_OBJECT_VERSIONS,
                "`encoding-type=url`; with `--versioning-dir` keys in key order, each key's versions newest first, "
                        + "`IsLatest`, delete markers (listed after the versions, as versitygw does); only the prefix's version "
                        + "directories are read; without it each object is its one version, `null`, latest, and a "
                        + "`version-id-marker` other than `null` is 400; one without a `key-marker` is 400");
        String acl = "with `BucketOwnerEnforced` (the default) ACLs are disabled: the owner has full control, nobody "
                + "else any grant; with `BucketOwnerPreferred` or `ObjectWriter` the stored grants (canonical users by "
                + "access key, the AllUsers and AuthenticatedUsers groups by `URI`)";
        r.put(
                Endpoint.GET_BUCKET_ACL,
                acl + "; versitygw's `acl`; a bucket without a recorded owner reads as the caller's");
        r.put(
                Endpoint.PUT_BUCKET_ACL,
                "an `<AccessControlPolicy>` body or the headers (`x-amz-acl` canned: private, public-read, "
                        + "public-read-write, authenticated-read, bucket-owner-read, bucket-owner-full-control; `x-amz-grant-*`: "
                        + "`id=\"<access key>\"`, `uri=\"<group>\"`). With ACLs disabled accepted (and nothing changes) when it "
                        + "restates the owner's full control, any other grant is 400 `AccessControlListNotSupported`, also in "
                        + "the headers of PutObject, CopyObject and CreateMultipartUpload. With ACLs enabled stored and "
                        + "evaluated with the policy (an explicit Deny wins); `MalformedACLError`, `InvalidArgument` (unknown "
                        + "account, group or canned ACL, another `Owner`), `UnresolvableGrantByEmailAddress`, `UnexpectedContent` "
                        + "(body and headers), `InvalidRequest` (canned and grants), `MissingSecurityHeader` (neither); "
                        + "a public ACL is 403 `AccessDenied` under BlockPublicAcls; owner or WRITE_ACP");
        String anyVersion = "`versionId` (with `--versioning-dir`: any version's own ACL, a kept one's where the "
                + "versioning directory keeps its attributes; a delete marker is 405); ";
        r.put(
                Endpoint.GET_OBJECT_ACL,
                anyVersion + acl + "; posixgw's `posixgw.acl`; an object without one is the bucket owner's");
        r.put(
                Endpoint.PUT_OBJECT_ACL,
                anyVersion + "as PutBucketAcl; a write of an object with ACLs enabled stores the ACL its headers "
                        + "ask for (its owner the writer, or the bucket owner under `BucketOwnerPreferred` with "
                        + "`bucket-owner-full-control`), with the object (CreateMultipartUpload's at Complete)");
        r.put(
                Endpoint.GET_OBJECT_ATTRIBUTES,
                "`x-amz-object-attributes`: `ETag`, `Checksum`, `ObjectParts`, `StorageClass`, `ObjectSize`; "
                        + "`versionId=null` only; only what is asked for; ETag without quotes, as S3; the object's checksum when one was stored; "
                        + "parts (number, size and, when the upload had a checksum, each part's checksum) of multipart objects only");
        r.put(
                Endpoint.PUT_OBJECT,
                "checksums `x-amz-checksum-crc32`, `-crc32c`, `-crc64nvme`, `-sha1`, `-sha256` (header or aws-chunked "
                        + "trailer); `If-None-Match: *`; "
                        + "streamed to a temp file and renamed over the key, never buffered; ETag is the MD5; one checksum at most, verified and stored "
                        + "(only the one asked for is computed); user metadata 2 KiB; 5 GiB; a key ending in `/` with an empty body is a "
                        + "directory object; `x-amz-storage-class` `STANDARD` or `REDUCED_REDUNDANCY` (stored as STANDARD), any other "
                        + "is `InvalidStorageClass`, as MinIO; Object Lock headers (also on CopyObject and CreateMultipartUpload): "
                        + "mode `GOVERNANCE` or `COMPLIANCE` with a future ISO 8601 date, both or neither, legal hold `ON` or `OFF` "
                        + "(`InvalidArgument`), only in a bucket with Object Lock (`InvalidRequest`), on PutObject only with `Content-MD5` "
                        + "or a checksum (`InvalidRequest`); without them the bucket's default retention applies; where no versions are "
                        + "kept (no `--versioning-dir`), a protected current version is not overwritten (403 `AccessDenied`, checked "
                        + "under the key's lock with the rename)");
        r.put(
                Endpoint.GET_OBJECT,
                "one `Range`; `x-amz-checksum-mode: ENABLED`; "
                        + "bodies up to 64 KiB read and sent with the head, larger ones zero-copy (sendfile) over plain HTTP and in 64 KiB reads "
                        + "over TLS; malformed or multiple ranges give the whole object, unsatisfiable ones 416; S3's precedence "
                        + "between the conditions; part 1 of a single-part object is the whole object (206); a part number past the "
                        + "last part is 416 `InvalidPartNumber` with `ActualPartCount` and `PartNumberRequested`; with checksum mode "
                        + "a part answers its own checksum and the upload's `x-amz-checksum-type`, a Range none; "
                        + "`Content-Encoding` as stored (as sent, without `aws-chunked`); `versionId` (also "
                        + "HeadObject, GetObjectAttributes, tagging, CopyObject's and UploadPartCopy's sources): a ULID or `null`, else 400; "
                        + "a delete marker is 404 with `x-amz-delete-marker: true`, 405 when named by id; without `--versioning-dir` "
                        + "any `versionId` but `null` is 404 `NoSuchVersion`");
        r.put(Endpoint.HEAD_OBJECT, "as GetObject; errors without a body");
        r.put(
                Endpoint.COPY_OBJECT,
                "`x-amz-copy-source` `[/]bucket/key[?versionId=]`; `x-amz-version-id`, `x-amz-copy-source-version-id`; directives `COPY` or `REPLACE`; "
                        + "`If-None-Match: *` and `If-Match` are the destination's; "
                        + "a copy onto itself needs `REPLACE`; a single-part source's ETag is kept; the destination's conditions are "
                        + "checked atomically with the publication, as PutObject's");
        r.put(
                Endpoint.DELETE_OBJECT,
                "`If-Match` an ETag or `*`; 204, also for a key that does not exist; "
                        + "on a versioned bucket adds a delete marker (`x-amz-delete-marker: true`, its `x-amz-version-id`), "
                        + "with `versionId` removes that version for good (the previous one becomes current); a version that does not "
                        + "exist: 204 and nothing deleted (an empty id is 400); "
                        + "`If-Match` is checked under the key's lock, as conditional writes: 412 on a mismatch, 404 without an object; a version under a legal hold or retention is 403 `AccessDenied` (GOVERNANCE yields to "
                        + "`x-amz-bypass-governance-retention: true` from root or an admin)");
        r.put(
                Endpoint.DELETE_OBJECTS,
                "`Quiet`, `VersionId`, `ETag` in the body; `Content-MD5` or an `x-amz-checksum-*` header or trailer "
                        + "required; 1 to 1000 keys (else `MalformedXML`); per-key `<Deleted>` or `<Error>`; missing keys count as "
                        + "deleted; an entry with a `VersionId` other than `null` deletes nothing, one with an `ETag` is a conditional delete "
                        + "(as DeleteObject); a protected version is an `<Error>` `AccessDenied`, as DeleteObject");
        r.put(
                Endpoint.CREATE_MULTIPART_UPLOAD,
                "metadata and tagging as PutObject; `x-amz-checksum-type` `COMPOSITE` or `FULL_OBJECT`; "
                        + "staged under `<bucket>/.sgwtmp/`, invisible to listings; the checksum type defaults to FULL_OBJECT for CRC64NVME "
                        + "and COMPOSITE otherwise; SHA is never FULL_OBJECT, CRC64NVME never COMPOSITE (`InvalidRequest`)");
        r.put(
                Endpoint.UPLOAD_PART,
                "`partNumber` 1 to 10000; checksums in a header or trailer; "
                        + "a part uploaded again replaces the earlier one; 5 GiB per part; in an upload created with a checksum algorithm "
                        + "every part must carry that checksum (`InvalidRequest`), which is kept, except that a part without any checksum "
                        + "in a FULL_OBJECT upload gets the one the server computes (answered and kept), as S3 and versitygw");
        r.put(
                Endpoint.UPLOAD_PART_COPY,
                "`x-amz-copy-source-range: bytes=first-last`; "
                        + "a range must lie in the source (else 400 `InvalidArgument`, as AWS; malformed: 400 `InvalidArgument`)");
        r.put(
                Endpoint.COMPLETE_MULTIPART_UPLOAD,
                "each part's `Checksum*` in the part list; the `x-amz-checksum-*` headers are the "
                        + "object's; `If-None-Match: *`; "
                        + "parts ascending (`InvalidPartOrder`), uploaded with matching ETags (`InvalidPart`), all but the last at least 5 MiB "
                        + "(`EntityTooSmall`); ETag `\"<md5 of the part MD5s>-N\"`; a repeated Complete answers the same ETag; "
                        + "with a checksum algorithm, each part's checksum must match the stored one and the object's is stored and "
                        + "answered: COMPOSITE `<base64 of the checksum of the part checksums>-N`, FULL_OBJECT the CRC of the whole "
                        + "object combined from the part CRCs (not re-read); an upload without an algorithm ignores part checksums; "
                        + "a checksum header not of its algorithm's size is `InvalidRequest`, a well-formed one that does not match "
                        + "`BadDigest`; each part's checksum is kept in the object's part layout; "
                        + "a failed write condition (412, or 404 for `If-Match` on a missing key) leaves the upload as it was");
        r.put(Endpoint.ABORT_MULTIPART_UPLOAD, "204; the staged parts are removed");
        r.put(
                Endpoint.LIST_PARTS,
                "`max-parts` 1000 by default and at most; "
                        + "the upload's checksum algorithm and type, and each part's checksum; `Initiator` is the account "
                        + "that created the upload and `Owner` the owner its object will have (the bucket owner with ACLs "
                        + "disabled or after `bucket-owner-full-control` under `BucketOwnerPreferred`, else the initiator), "
                        + "whoever asks");
        r.put(
                Endpoint.LIST_MULTIPART_UPLOADS,
                "`encoding-type=url`; `max-uploads` 1000 by default and at most; each upload's `Initiator` and `Owner` "
                        + "as ListParts names them");
        r.put(Endpoint.GET_OBJECT_TAGGING, "`versionId=null` only; tags in key order");
        r.put(
                Endpoint.PUT_OBJECT_TAGGING,
                "`versionId=null` only; a `<Tagging>` body of at most 10 tags; stored in versitygw's "
                        + "`X-Amz-Tagging` attribute");
        r.put(Endpoint.DELETE_OBJECT_TAGGING, "`versionId=null` only; 204");
        r.put(Endpoint.GET_BUCKET_TAGGING, "tags in key order; a bucket without tags is 404 `NoSuchTagSet`");
        r.put(
                Endpoint.PUT_BUCKET_TAGGING,
                "a `<Tagging>` body of at most 50 tags, keys of 1 to 128 and values of at most 256 "
                        + "characters, unique, none starting `aws:` (`InvalidTag`); `Content-MD5` or an `x-amz-checksum-*` value required; "
                        + "204; stored in versitygw's `X-Amz-Tagging` attribute of the bucket directory (xattr or sidecar)");
        r.put(Endpoint.DELETE_BUCKET_TAGGING, "204, also when there were none");
        String none = "posixgw has no such configuration: ";
        r.put(
                Endpoint.GET_BUCKET_POLICY,
                "the policy's JSON as it was put; 404 `NoSuchBucketPolicy` without one. The owner's (and root's, "
                        + "admins') alone: another caller a policy would allow gets 405 `MethodNotAllowed`, others 403");
        r.put(
                Endpoint.PUT_BUCKET_POLICY,
                "S3's policy language (see OPERATING.md, \"Bucket policies\"), validated: 400 `MalformedPolicy` with S3's "
                        + "messages, at most 20 KB; a public policy is 403 `AccessDenied` while the bucket's Public Access "
                        + "Block has BlockPublicPolicy (on for new buckets); 204; stored as sent in versitygw's `policy` "
                        + "attribute; owner only, as GetBucketPolicy");
        r.put(Endpoint.DELETE_BUCKET_POLICY, "204, also when there was none; owner only, as GetBucketPolicy");
        r.put(
                Endpoint.GET_BUCKET_POLICY_STATUS,
                "`IsPublic` as AWS defines a public policy (grants `*` without a fixed source IP block or "
                        + "account); `false` without a policy");
        r.put(
                Endpoint.GET_BUCKET_CORS,
                "the `<CORSConfiguration>` as it was put; a bucket without one is 404 `NoSuchCORSConfiguration`");
        r.put(
                Endpoint.PUT_BUCKET_CORS,
                "S3's rules: 1 to 100 `<CORSRule>`s, each with an `AllowedOrigin` and an `AllowedMethod` (GET, PUT, HEAD, POST, "
                        + "DELETE), at most one `*` per origin and header, none in `ExposeHeader`; `Content-MD5` or an "
                        + "`x-amz-checksum-*` value required; stored as sent in versitygw's `cors` attribute of the bucket");
        r.put(Endpoint.DELETE_BUCKET_CORS, "204, also when there was none");
        r.put(
                Endpoint.OPTIONS_BUCKET,
                "CORS preflight, unauthenticated, any query: 400 `BadRequest` without `Origin` or a valid "
                        + "`Access-Control-Request-Method`, 403 `AccessForbidden` when the bucket has no rules or none "
                        + "matches, else 200 with the first matching rule's `Access-Control-*` headers and `Vary`");
        r.put(Endpoint.OPTIONS_OBJECT, "as OptionsBucket");
        r.put(
                Endpoint.POST_OBJECT,
                "browser form upload: `multipart/form-data` streamed (the file part to a temp file, published as a PUT), "
                        + "fields before the file at most 20 KiB, fields after it ignored; a SigV4-signed policy "
                        + "(`x-amz-algorithm`, `-credential`, `-date`, `-signature`): 403 `AccessDenied` \"Invalid according "
                        + "to Policy\" when expired or a condition or field does not hold, `EntityTooLarge`/`EntityTooSmall` "
                        + "for `content-length-range`; `key` with `${filename}`, `Content-Type` and the other content "
                        + "fields, `x-amz-meta-*`, `tagging` (XML), one `x-amz-checksum-*`, `success_action_status` "
                        + "(200, 201 with `<PostResponse>`, 204) or `success_action_redirect` (303); SigV2 forms 400; "
                        + "`acl` as a PUT's `x-amz-acl`; `Location` with the request's scheme and host; "
                        + "unsigned (anonymous) forms only where the bucket policy (or a WRITE grant to AllUsers) allows "
                        + "anonymous `s3:PutObject`");
        r.put(Endpoint.GET_BUCKET_LIFECYCLE_CONFIGURATION, none + "404 `NoSuchLifecycleConfiguration`");
        r.put(Endpoint.DELETE_BUCKET_LIFECYCLE, none + "204, nothing changed");
        r.put(Endpoint.GET_BUCKET_WEBSITE, none + "404 `NoSuchWebsiteConfiguration`");
        r.put(Endpoint.DELETE_BUCKET_WEBSITE, none + "204, nothing changed");
        r.put(Endpoint.GET_BUCKET_LOGGING, none + "an empty `<BucketLoggingStatus/>`");
        r.put(Endpoint.GET_BUCKET_NOTIFICATION_CONFIGURATION, none + "an empty `<NotificationConfiguration/>`");
        r.put(Endpoint.GET_BUCKET_REPLICATION, none + "404 `ReplicationConfigurationNotFoundError`");
        r.put(Endpoint.DELETE_BUCKET_REPLICATION, none + "204, nothing changed");
        r.put(
                Endpoint.GET_BUCKET_ENCRYPTION,
                none + "404 `ServerSideEncryptionConfigurationNotFoundError` (objects are " + "stored as plain files)");
        r.put(Endpoint.DELETE_BUCKET_ENCRYPTION, none + "204, nothing changed");
        r.put(
                Endpoint.GET_OBJECT_LOCK_CONFIGURATION,
                "`ObjectLockEnabled` and the default retention rule; a bucket without Object Lock is 404 "
                        + "`ObjectLockConfigurationNotFoundError`");
        r.put(
                Endpoint.PUT_OBJECT_LOCK_CONFIGURATION,
                "`ObjectLockEnabled` `Enabled`, a rule of mode `GOVERNANCE` or `COMPLIANCE` with `Days` or `Years` (not both: "
                        + "`MalformedXML`), positive and at most 100 years (`InvalidArgument`); `Content-MD5` or a checksum required; "
                        + "on a bucket created with Object Lock, or one whose versioning is `Enabled` (409 `InvalidBucketState` otherwise); "
                        + "stored in versitygw's `bucket-lock`");
        String current = "`versionId` (with `--versioning-dir`: any version, a kept one in place in the versioning "
                + "directory; a delete marker is 405; without it `null` only); in a bucket with Object Lock "
                + "(`InvalidRequest` otherwise); ";
        r.put(Endpoint.GET_OBJECT_RETENTION, current + "404 `NoSuchObjectLockConfiguration` when the object has none");
        r.put(
                Endpoint.PUT_OBJECT_RETENTION,
                current
                        + "`Content-MD5` or a checksum required; COMPLIANCE kept or extended only, GOVERNANCE shortened, "
                        + "removed or made COMPLIANCE only with `x-amz-bypass-governance-retention: true` from root or an admin "
                        + "(403 `AccessDenied`); versitygw's `object-retention`");
        r.put(Endpoint.GET_OBJECT_LEGAL_HOLD, current + "404 `NoSuchObjectLockConfiguration` when it was never set");
        r.put(
                Endpoint.PUT_OBJECT_LEGAL_HOLD,
                current
                        + "`ON` or `OFF` (`MalformedXML`); `Content-MD5` or a checksum required; versitygw's `object-legal-hold`");
        r.put(
                Endpoint.GET_BUCKET_OWNERSHIP_CONTROLS,
                "versitygw's `ownership`; `BucketOwnerEnforced` for a new bucket; 404 `OwnershipControlsNotFoundError` "
                        + "without one (its ACLs are then enabled, `ObjectWriter`, as on S3)");
        r.put(
                Endpoint.PUT_BUCKET_OWNERSHIP_CONTROLS,
                "one `<Rule>` with `BucketOwnerEnforced`, `BucketOwnerPreferred` or `ObjectWriter` (else `MalformedXML`); "
                        + "`BucketOwnerEnforced` while the bucket ACL grants others is `InvalidBucketAclWithObjectOwnership`; "
                        + "owner only");
        r.put(Endpoint.DELETE_BUCKET_OWNERSHIP_CONTROLS, "204; owner only");
        r.put(
                Endpoint.GET_PUBLIC_ACCESS_BLOCK,
                "the four switches; a new bucket has all four `true`, as on S3; 404 "
                        + "`NoSuchPublicAccessBlockConfiguration` for a bucket without one (deleted, or made by versitygw)");
        r.put(
                Endpoint.PUT_PUBLIC_ACCESS_BLOCK,
                "a `<PublicAccessBlockConfiguration>`, an absent switch is `false`; 200; BlockPublicPolicy refuses a "
                        + "public policy, RestrictPublicBuckets makes a public policy grant nobody but the owner; BlockPublicAcls "
                        + "refuses a public ACL (403), IgnorePublicAcls makes grants to AllUsers and AuthenticatedUsers give "
                        + "nothing; owner only");
        r.put(Endpoint.DELETE_PUBLIC_ACCESS_BLOCK, "204: nothing blocked any more; owner only");
        r.put(Endpoint.GET_BUCKET_ACCELERATE_CONFIGURATION, none + "an empty `<AccelerateConfiguration/>`");
        r.put(Endpoint.GET_BUCKET_REQUEST_PAYMENT, "`<Payer>BucketOwner</Payer>`: requester pays is never on");
        return r;
    }

    /** The headers every bucket and object row takes, said once above the table rather than in each row. */
    private static final List<String> EVERY_ROW =
            List.of(Endpoint.Takes.EXPECTED_BUCKET_OWNER, Endpoint.Takes.SOURCE_EXPECTED_BUCKET_OWNER);

    /** The options column, from the endpoint's row: its query parameters, its headers, its body. */
    static String options(Endpoint e) {
        List<String> parts = new ArrayList<>();
        if (!e.takes().query().isEmpty()) {
            parts.add(code(e.takes().query()));
        }
        List<String> headers = new ArrayList<>(e.takes().headers());
        headers.removeAll(EVERY_ROW);
        if (!headers.isEmpty()) {
            parts.add(code(headers));
        }
        switch (e.body()) {
            case XML -> parts.add("XML body (`Content-MD5` checked)");
            case PART_LIST -> parts.add("XML part list (`Content-MD5` checked)");
            case OBJECT_DATA -> parts.add("the object's bytes");
            case NONE -> {}
        }
        return parts.isEmpty() ? "none" : String.join("; ", parts);
    }

    private static String code(List<String> names) {
        List<String> out = new ArrayList<>();
        names.forEach(n -> out.add("`" + n + "`"));
        return String.join(", ", out);
    }

    static String markdownTable() {
        Map<Endpoint, String> notes = notes();
        List<String> problems = new ArrayList<>();
        List<String> unimplemented = new ArrayList<>();
        for (Endpoint e : Endpoint.values()) {
            if (e.implemented() && !notes.containsKey(e)) {
                problems.add(e + " is implemented but has no notes");
            } else if (!e.implemented() && notes.containsKey(e)) {
                problems.add(e + " has notes but answers NotImplemented");
            } else if (!e.implemented()) {
                unimplemented.add(e.apiName());
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        StringBuilder sb = new StringBuilder("| operation | supported options | notes |\n|---|---|---|\n");
        notes.forEach((e, note) -> sb.append("| ")
                .append(e.apiName())
                .append(" | ")
                .append(options(e))
                .append(" | ")
                .append(note)
                .append(" |\n"));
        List<String> lacked = new ArrayList<>();
        Router.lackedSubresources().forEach(query -> lacked.add("`?" + query + "`"));
        sb.append("| not implemented: 501 `NotImplemented` naming the API | | ")
                .append(String.join(", ", unimplemented))
                .append("; any other method on the bucket sub-resources ")
                .append(String.join(", ", lacked))
                .append(" (named Get/Put/Delete and the family, HEAD as Get)")
                .append("; any request asking for server-side encryption")
                .append(
                        " (`x-amz-server-side-encryption`, its KMS key id, or SSE-C headers): objects are plain files |\n");
        return sb.toString();
    }

    @Test
    void readmeTableMatchesTheRoutingTable() throws Exception {
        Path readme = TABLE_FILE;
        String text = Files.readString(readme, StandardCharsets.UTF_8);
        int a = text.indexOf(START);
        int b = text.indexOf(END);
        assertTrue(a >= 0 && b > a, "docs/S3-OPERATIONS.md has no " + START.strip() + " ... " + END + " markers");
        String current = text.substring(a + START.length(), b);
        String expected = markdownTable();
        if (Boolean.getBoolean("readme.update") && !current.equals(expected)) {
            text = Files.readString(readme, StandardCharsets.UTF_8);
            a = text.indexOf(START);
            b = text.indexOf(END);
            Files.writeString(
                    readme,
                    text.substring(0, a + START.length()) + expected + text.substring(b),
                    StandardCharsets.UTF_8);
            current = expected;
        }
        assertEquals(
                expected,
                current,
                "docs/S3-OPERATIONS.md operations table is stale: run ReadmeOperationsTableTest with -Dreadme.update=true");
    }
}
