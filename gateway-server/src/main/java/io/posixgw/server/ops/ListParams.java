package io.posixgw.server.ops;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;

/** The non-negative integer parameters of listings and pages ({@code max-keys}, {@code part-number-marker}, ...), checked as S3 does. */
final class ListParams {
    private ListParams() {}

    /** @param absent the value when the parameter is not given */
    static int nonNegative(String value, int absent, String name) {
        return nonNegative(value, absent, name, name);
    }

    /**
     * @param argumentName the name S3's "must be an integer between" message uses ({@code maxKeys})
     * @param givenName    the name its "not an integer" message uses ({@code max-keys})
     */
    static int nonNegative(String value, int absent, String argumentName, String givenName) {
        if (value == null) {
            return absent;
        }
        int n;
        try {
            n = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new S3Exception(
                    S3Error.INVALID_ARGUMENT, "Provided " + givenName + " not an integer or within integer range");
        }
        if (n < 0) {
            throw new S3Exception(
                    S3Error.INVALID_ARGUMENT,
                    "Argument " + argumentName + " must be an integer between 0 and 2147483647");
        }
        return n;
    }
}
