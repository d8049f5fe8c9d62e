package io.posixgw.server.auth;

import io.posixgw.core.S3Exception;
import io.posixgw.core.backend.Backend;
import io.posixgw.core.model.Tags;
import io.posixgw.core.policy.ConditionKeys;
import io.posixgw.server.routing.S3Request;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The condition keys of one request, computed when a policy's condition asks for them:
 * {@code aws:SourceIp}, {@code aws:SecureTransport}, {@code aws:CurrentTime},
 * {@code aws:EpochTime}, {@code aws:username} and {@code aws:userid} (the access key; absent
 * when anonymous), {@code aws:Referer}, {@code aws:UserAgent}, {@code s3:prefix},
 * {@code s3:delimiter}, {@code s3:max-keys}, {@code s3:VersionId}, any {@code s3:x-amz-*}
 * request header ({@code s3:x-amz-acl}, {@code s3:x-amz-copy-source}, ...),
 * {@code s3:RequestObjectTag/<k>} and {@code s3:RequestObjectTagKeys} (from
 * {@code x-amz-tagging}), and {@code s3:ExistingObjectTag/<k>} (the object's stored tags, read
 * only when asked). Keys the request does not have are absent.
 */
final class RequestConditions implements ConditionKeys {
    private final Principal caller;
    private final S3Request request;
    private final Client client;
    private final Backend backend;
    private final String bucket;
    private final String key;
    private final Instant now = Instant.now();
    private Map<String, String> existingTags;

    RequestConditions(Principal caller, S3Request request, Client client, Backend backend, String bucket, String key) {
        this.caller = caller;
        this.request = request;
        this.client = client;
        this.backend = backend;
        this.bucket = bucket;
        this.key = key;
    }

    @Override
    public List<String> values(String name) {
        int slash = name.indexOf('/');
        String base = (slash < 0 ? name : name.substring(0, slash)).toLowerCase(Locale.ROOT);
        String tag = slash < 0 ? null : name.substring(slash + 1);
        switch (base) {
            case "aws:sourceip":
                return one(client.sourceIp());
            case "aws:securetransport":
                return one(Boolean.toString(client.secure()));
            case "aws:currenttime":
                return one(now.truncatedTo(ChronoUnit.SECONDS).toString());
            case "aws:epochtime":
                return one(Long.toString(now.getEpochSecond()));
            case "aws:username":
            case "aws:userid":
                return one(caller.accessKey());
            case "aws:referer":
                return one(request.header("referer"));
            case "aws:useragent":
                return one(request.header("user-agent"));
            case "s3:prefix":
            case "s3:delimiter":
            case "s3:max-keys":
                return one(request.queryParam(base.substring(3)));
            case "s3:versionid":
                return one(request.queryParam("versionId"));
            case "s3:requestobjecttag":
                return tag == null ? null : one(requestTags().get(tag));
            case "s3:requestobjecttagkeys":
                return requestTags().isEmpty()
                        ? null
                        : new ArrayList<>(requestTags().keySet());
            case "s3:existingobjecttag":
                return tag == null ? null : one(existingTags().get(tag));
            default:
                if (base.startsWith("s3:x-amz-") && slash < 0) {
                    List<String> all = request.headers().all(base.substring(3));
                    return all == null || all.isEmpty() ? null : all;
                }
                return null;
        }
    }

    private Map<String, String> requestTags() {
        try {
            return Tags.parseHeader(request.header("x-amz-tagging"));
        } catch (S3Exception malformed) {
            return Map.of(); // refused by the operation itself
        }
    }

    private Map<String, String> existingTags() {
        if (existingTags == null) {
            existingTags = Map.of();
            if (key != null) {
                try {
                    existingTags = backend.getObjectTagging(bucket, key);
                } catch (S3Exception absent) {
                    // no such object (yet): no tags
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return existingTags;
    }

    private static List<String> one(String v) {
        return v == null ? null : List.of(v);
    }
}
