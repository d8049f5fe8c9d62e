package io.posixgw.core.policy;

import java.util.List;

/**
 * A bucket policy as S3 evaluates it: an explicit Deny in any statement wins, else an Allow in
 * any statement allows, else the policy says nothing ({@link Decision#NONE}, and the caller's
 * other rights decide). Parsed and validated by {@link PolicyParser}; no I/O.
 */
public record BucketPolicy(String version, List<Statement> statements) {
    public enum Decision {
        ALLOW,
        DENY,
        NONE
    }

    public BucketPolicy {
        statements = List.copyOf(statements);
    }

    public Decision evaluate(PolicyRequest request) {
        boolean allowed = false;
        for (Statement s : statements) {
            if (s.appliesTo(request)) {
                if (!s.allow()) {
                    return Decision.DENY;
                }
                allowed = true;
            }
        }
        return allowed ? Decision.ALLOW : Decision.NONE;
    }

    /** AWS's "public" ({@link PolicyStatus}): some Allow statement grants everyone access without a fixed-value condition. */
    public boolean isPublic() {
        return statements.stream().anyMatch(s -> s.allow() && PolicyStatus.isPublic(s));
    }
}
