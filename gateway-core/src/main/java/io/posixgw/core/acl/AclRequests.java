package io.posixgw.core.acl;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.acl.Acl.Grant;
import io.posixgw.core.acl.Acl.Permission;
import io.posixgw.core.xml.AccessControlPolicyInput;
import io.posixgw.core.xml.S3Xml;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The ACL a request asks for, in S3's three forms, turned into {@link Acl} grants with S3's
 * refusals: a canned ACL ({@code x-amz-acl}), grant headers ({@code x-amz-grant-*}: a comma
 * separated list of {@code id="<access key>"} and {@code uri="<group>"}), or an
 * {@code AccessControlPolicy} body. Grantees are the accounts of this server, by access key
 * (the canonical user ID posixgw reports, as versitygw does), and the AllUsers and
 * AuthenticatedUsers groups.
 */
public final class AclRequests {
    public static final String ALL_USERS_URI = "http://acs.amazonaws.com/groups/global/AllUsers";
    public static final String AUTHENTICATED_USERS_URI = "http://acs.amazonaws.com/groups/global/AuthenticatedUsers";
    static final String LOG_DELIVERY_URI = "http://acs.amazonaws.com/groups/s3/LogDelivery";

    /** The grant headers and the permission each gives, in S3's order. */
    public static final Map<String, Permission> GRANT_HEADERS = grantHeaders();

    private AclRequests() {}

    private static Map<String, Permission> grantHeaders() {
        Map<String, Permission> m = new LinkedHashMap<>();
        m.put("x-amz-grant-read", Permission.READ);
        m.put("x-amz-grant-write", Permission.WRITE);
        m.put("x-amz-grant-read-acp", Permission.READ_ACP);
        m.put("x-amz-grant-write-acp", Permission.WRITE_ACP);
        m.put("x-amz-grant-full-control", Permission.FULL_CONTROL);
        return java.util.Collections.unmodifiableMap(m);
    }

    /** Whether the request's headers name an ACL (canned or grants). */
    public static boolean inHeaders(UnaryOperator<String> header) {
        if (header.apply("x-amz-acl") != null) {
            return true;
        }
        for (String h : GRANT_HEADERS.keySet()) {
            if (header.apply(h) != null) {
                return true;
            }
        }
        return false;
    }

    /**
     * The grants the headers ask for, null when they name none.
     *
     * @param owner       who will own the bucket or object (its owner's full control for a canned ACL)
     * @param bucketOwner the bucket's owner, whom {@code bucket-owner-read} and {@code -full-control} name
     * @param objectLevel whether the ACL is an object's ({@code bucket-owner-*} are ignored on a bucket, as S3 does)
     */
    public static List<Grant> fromHeaders(
            UnaryOperator<String> header,
            String owner,
            String bucketOwner,
            boolean objectLevel,
            Predicate<String> accountExists) {
        String canned = header.apply("x-amz-acl");
        List<Grant> grants = new ArrayList<>();
        boolean granted = false;
        for (Map.Entry<String, Permission> h : GRANT_HEADERS.entrySet()) {
            String value = header.apply(h.getKey());
            if (value == null) {
                continue;
            }
            granted = true;
            for (String grantee : value.split(",", -1)) {
                grants.add(grantee(grantee, h.getValue(), accountExists));
            }
        }
        if (canned != null && granted) {
            throw new S3Exception(
                    S3Error.INVALID_REQUEST, "Specifying both Canned ACLs and Header Grants is not allowed");
        }
        if (canned != null) {
            return canned(canned.trim(), owner, bucketOwner, objectLevel);
        }
        return granted ? Acl.distinct(grants) : null;
    }

    /** S3's canned ACLs; any other name is 400 InvalidArgument. */
    public static List<Grant> canned(String name, String owner, String bucketOwner, boolean objectLevel) {
        List<Grant> g = new ArrayList<>();
        g.add(Grant.user(owner, Permission.FULL_CONTROL));
        switch (name) {
            case "private" -> {}
            case "public-read" -> g.add(Grant.group(Acl.ALL_USERS, Permission.READ));
            case "public-read-write" -> {
                g.add(Grant.group(Acl.ALL_USERS, Permission.READ));
                g.add(Grant.group(Acl.ALL_USERS, Permission.WRITE));
            }
            case "authenticated-read" -> g.add(Grant.group(Acl.AUTHENTICATED_USERS, Permission.READ));
            case "bucket-owner-read" -> {
                if (objectLevel && bucketOwner != null) {
                    g.add(Grant.user(bucketOwner, Permission.READ));
                }
            }
            case "bucket-owner-full-control" -> {
                if (objectLevel && bucketOwner != null) {
                    g.add(Grant.user(bucketOwner, Permission.FULL_CONTROL));
                }
            }
            case "aws-exec-read", "log-delivery-write" ->
                throw new S3Exception(
                        S3Error.NOT_IMPLEMENTED, "the canned ACL '" + name + "' is not implemented by posixgw");
            default -> throw invalidArgument("x-amz-acl", name, "Argument format not recognized");
        }
        return Acl.distinct(g);
    }

    /** One grantee of a grant header: {@code id="..."} or {@code uri="..."}. */
    private static Grant grantee(String item, Permission p, Predicate<String> accountExists) {
        String t = item.trim();
        int eq = t.indexOf('=');
        if (eq <= 0) {
            throw invalidArgument("x-amz-grant", t, "Argument format not recognized");
        }
        String kind = t.substring(0, eq).trim().toLowerCase(Locale.ROOT);
        String value = t.substring(eq + 1).trim();
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
            value = value.substring(1, value.length() - 1);
        }
        return switch (kind) {
            case "id" -> user(value, p, accountExists);
            case "uri" -> group(value, p);
            case "emailaddress" -> throw emailRefused(value);
            default -> throw invalidArgument("x-amz-grant", t, "Argument format not recognized");
        };
    }

    private static Grant user(String id, Permission p, Predicate<String> accountExists) {
        if (id == null || id.isEmpty() || !accountExists.test(id)) {
            throw invalidArgument("id", id, "Invalid id");
        }
        return Grant.user(id, p);
    }

    private static Grant group(String uri, Permission p) {
        if (ALL_USERS_URI.equals(uri)) {
            return Grant.group(Acl.ALL_USERS, p);
        }
        if (AUTHENTICATED_USERS_URI.equals(uri)) {
            return Grant.group(Acl.AUTHENTICATED_USERS, p);
        }
        if (LOG_DELIVERY_URI.equals(uri)) {
            throw new S3Exception(S3Error.NOT_IMPLEMENTED, "grants to the LogDelivery group are not implemented");
        }
        throw invalidArgument("uri", uri, "Invalid group uri");
    }

    private static S3Exception emailRefused(String email) {
        return new S3Exception(
                S3Error.UNRESOLVABLE_GRANT_BY_EMAIL_ADDRESS,
                S3Error.UNRESOLVABLE_GRANT_BY_EMAIL_ADDRESS.defaultMessage() + " (" + email + ")");
    }

    private static S3Exception invalidArgument(String name, String value, String message) {
        return new S3Exception(S3Error.INVALID_ARGUMENT, message + " (" + name + ": " + value + ")");
    }

    /**
     * An {@code AccessControlPolicy} body: its grants replace the ACL. Not well formed, without
     * an {@code Owner}, a grant without a grantee or with an unknown permission: 400
     * MalformedACLError; an {@code Owner} other than {@code owner}, an unknown account or group:
     * 400 InvalidArgument.
     */
    public static Acl fromBody(byte[] xml, String owner, Predicate<String> accountExists) {
        AccessControlPolicyInput in;
        try {
            in = S3Xml.read(xml, AccessControlPolicyInput.class);
        } catch (S3Exception malformed) {
            throw malformedAcl();
        }
        if (in == null || in.owner == null || in.owner.id == null || in.owner.id.isBlank()) {
            throw malformedAcl();
        }
        if (!in.owner.id.trim().equals(owner)) {
            throw invalidArgument("Owner", in.owner.id, "Invalid id");
        }
        List<Grant> grants = new ArrayList<>();
        for (AccessControlPolicyInput.Grant g : in.grants()) {
            Permission p = g == null ? null : Permission.parse(g.permission == null ? null : g.permission.trim());
            if (p == null || g.grantee == null) {
                throw malformedAcl();
            }
            AccessControlPolicyInput.Grantee e = g.grantee;
            String type =
                    e.type != null ? e.type.trim() : e.uri != null ? Acl.GROUP : e.id != null ? Acl.CANONICAL_USER : "";
            switch (type) {
                case Acl.CANONICAL_USER -> {
                    if (e.id == null || e.id.isBlank()) {
                        throw malformedAcl();
                    }
                    grants.add(user(e.id.trim(), p, accountExists));
                }
                case Acl.GROUP -> {
                    if (e.uri == null || e.uri.isBlank()) {
                        throw malformedAcl();
                    }
                    grants.add(group(e.uri.trim(), p));
                }
                case "AmazonCustomerByEmail" -> throw emailRefused(e.emailAddress);
                default -> throw malformedAcl();
            }
        }
        return new Acl(owner, Acl.distinct(grants));
    }

    private static S3Exception malformedAcl() {
        return S3Error.MALFORMED_ACL_ERROR.exception();
    }

    /** The group URI S3 names for a stored group grantee; null for an unknown one. */
    public static String uriOf(Grant g) {
        return switch (g.access()) {
            case Acl.ALL_USERS -> ALL_USERS_URI;
            case Acl.AUTHENTICATED_USERS -> AUTHENTICATED_USERS_URI;
            default -> null;
        };
    }
}
