package io.posixgw.core.acl;

/**
 * S3's Object Ownership, versitygw's {@code ownership} bucket attribute (the name as text).
 * With {@link #BUCKET_OWNER_ENFORCED} ACLs are disabled; with the other two they are
 * enabled, and an object written by another account belongs to the bucket owner
 * ({@link #BUCKET_OWNER_PREFERRED}, when the writer grants it {@code bucket-owner-full-control}) or
 * to its writer ({@link #OBJECT_WRITER}).
 */
public enum ObjectOwnership {
    BUCKET_OWNER_ENFORCED("BucketOwnerEnforced"),
    BUCKET_OWNER_PREFERRED("BucketOwnerPreferred"),
    OBJECT_WRITER("ObjectWriter");

    private final String wire;

    ObjectOwnership(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public boolean aclsEnabled() {
        return this != BUCKET_OWNER_ENFORCED;
    }

    /** The value S3 names so (exactly, as S3 compares); null when it names none. */
    public static ObjectOwnership parse(String name) {
        for (ObjectOwnership o : values()) {
            if (o.wire.equals(name)) {
                return o;
            }
        }
        return null;
    }
}
