package io.posixgw.core.policy;

import java.util.Locale;
import java.util.Set;

/**
 * AWS's meaning of a "public" policy (S3 user guide, "The meaning of public"), which
 * GetBucketPolicyStatus reports and Public Access Block acts on: an Allow statement is public
 * when it names everyone ({@code *} or a {@code NotPrincipal}) unless one of its conditions pins
 * a key that identifies the caller or its network to fixed values: {@code aws:SourceIp} to a
 * block no wider than /8 (IPv4) or /32 (IPv6), or one of {@code aws:SourceArn},
 * {@code aws:SourceVpc}, {@code aws:SourceVpce}, {@code aws:SourceOwner},
 * {@code aws:SourceAccount}, {@code aws:userid}, {@code aws:PrincipalOrgID},
 * {@code aws:PrincipalAccount}, {@code aws:PrincipalArn}, {@code aws:SourceOrgID},
 * {@code s3:x-amz-server-side-encryption-aws-kms-key-id} to values without wildcards, with a
 * positive operator and without {@code IfExists} (an absent key would satisfy it).
 */
final class PolicyStatus {
    private static final Set<String> FIXED_KEYS = Set.of(
            "aws:sourcearn",
            "aws:sourcevpc",
            "aws:sourcevpce",
            "aws:sourceowner",
            "aws:sourceaccount",
            "aws:userid",
            "aws:principalorgid",
            "aws:principalaccount",
            "aws:principalarn",
            "aws:sourceorgid",
            "s3:x-amz-server-side-encryption-aws-kms-key-id");

    private PolicyStatus() {}

    static boolean isPublic(Statement s) {
        if (!s.namesEveryone()) {
            return false;
        }
        for (Condition c : s.conditions()) {
            if (restricts(c)) {
                return false;
            }
        }
        return true;
    }

    private static boolean restricts(Condition c) {
        if (c.negated()
                || c.ifExists()
                || c.set() == Condition.Set.FOR_ALL_VALUES
                || c.values().isEmpty()) {
            return false;
        }
        String key = c.key().toLowerCase(Locale.ROOT);
        if (key.equals("aws:sourceip")) {
            if (c.op() != Condition.Op.IP_ADDRESS) {
                return false;
            }
            for (String v : c.values()) {
                Condition.Cidr cidr = Condition.Cidr.parse(v);
                if (cidr == null || cidr.bits() < (cidr.network().length == 4 ? 8 : 32)) {
                    return false;
                }
            }
            return true;
        }
        if (!FIXED_KEYS.contains(key)) {
            return false;
        }
        boolean exact = c.op() == Condition.Op.STRING_EQUALS
                || c.op() == Condition.Op.STRING_EQUALS_IGNORE_CASE
                || c.op() == Condition.Op.ARN_EQUALS;
        boolean like = c.op() == Condition.Op.STRING_LIKE || c.op() == Condition.Op.ARN_LIKE;
        if (!exact && !like) {
            return false;
        }
        return c.values().stream().noneMatch(v -> v.isEmpty() || (like && Wildcards.hasWildcard(v)));
    }
}
