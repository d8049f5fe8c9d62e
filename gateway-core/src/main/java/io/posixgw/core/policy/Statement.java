package io.posixgw.core.policy;

import java.util.List;
import java.util.Set;

/**
 * One statement of a bucket policy, parsed and validated ({@link PolicyParser}).
 *
 * @param principals   the accounts (access keys) named, {@link #EVERYONE} for {@code *}; principals that
 *                     can never sign a request here (an AWS service) are kept as {@code service:<name>}
 * @param notPrincipal the statement applies to everyone but {@code principals}
 * @param actions      action patterns ({@code s3:Get*}), matched case-insensitively
 * @param resources    ARN patterns ({@code arn:aws:s3:::bucket/*}), matched case-sensitively
 */
public record Statement(
        String sid,
        boolean allow,
        Set<String> principals,
        boolean notPrincipal,
        List<String> actions,
        boolean notAction,
        List<String> resources,
        boolean notResource,
        List<Condition> conditions) {
    public static final String EVERYONE = "*";

    public Statement {
        principals = Set.copyOf(principals);
        actions = List.copyOf(actions);
        resources = List.copyOf(resources);
        conditions = List.copyOf(conditions);
    }

    /** Whether this statement is about the request, conditions included. */
    boolean appliesTo(PolicyRequest r) {
        return principalMatches(r.principal())
                && listMatches(actions, notAction, r.action(), true)
                && listMatches(resources, notResource, r.resource(), false)
                && conditions.stream().allMatch(c -> c.holds(r.keys()));
    }

    /** {@code *} names anonymous callers too; an anonymous caller is never a named account. */
    private boolean principalMatches(String principal) {
        boolean named = principals.contains(EVERYONE) || (principal != null && principals.contains(principal));
        return named != notPrincipal;
    }

    private static boolean listMatches(List<String> patterns, boolean not, String value, boolean ignoreCase) {
        boolean any = false;
        for (String p : patterns) {
            if (Wildcards.match(p, value, ignoreCase)) {
                any = true;
                break;
            }
        }
        return any != not;
    }

    /** Whether the statement names everyone, as AWS's "public" test reads it: {@code *} or a NotPrincipal. */
    boolean namesEveryone() {
        return notPrincipal || principals.contains(EVERYONE);
    }
}
