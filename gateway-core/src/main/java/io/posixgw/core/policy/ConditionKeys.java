package io.posixgw.core.policy;

import java.util.List;

/**
 * The values of a request's condition keys ({@code aws:SourceIp}, {@code s3:prefix},
 * {@code s3:ExistingObjectTag/<key>}, ...), asked for only when a statement's condition names
 * them, so a key that costs a read (an object's tags) is read only for a policy that needs it.
 */
@FunctionalInterface
public interface ConditionKeys {
    /**
     * The values of {@code key} as the policy writes it (its name before any {@code /} is
     * case-insensitive, a tag key after it is not), or null when the request has none.
     */
    List<String> values(String key);

    ConditionKeys NONE = key -> null;
}
