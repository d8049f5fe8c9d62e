package io.posixgw.core.lock;

/** S3's two Object Lock retention modes, spelled as on the wire (upper case only: S3 refuses {@code governance}). */
public enum RetentionMode {
    /** Protects a version from everyone except callers allowed to bypass governance retention. */
    GOVERNANCE,
    /** Protects a version from everyone, until its date: it can only be extended. */
    COMPLIANCE;

    /** The mode a header or XML value names, or null when it names none (case matters, as on S3). */
    public static RetentionMode parse(String value) {
        if ("GOVERNANCE".equals(value)) {
            return GOVERNANCE;
        }
        if ("COMPLIANCE".equals(value)) {
            return COMPLIANCE;
        }
        return null;
    }
}
