package io.posixgw.server.auth;

/**
 * What an account may do, with versitygw's names and meanings (auth/iam.go, access-control.go):
 * root and admin do everything; userplus creates buckets; user does not; both of the last
 * two touch only the buckets they own and list only those.
 */
public enum Role {
    /** The {@code --access}/{@code --secret} credentials. */
    ROOT,
    ADMIN,
    USERPLUS,
    USER,
    /** An unsigned request: only what a bucket policy grants to {@code *}. */
    ANONYMOUS;

    /** Every bucket, whoever owns it. */
    public boolean seesAllBuckets() {
        return this == ROOT || this == ADMIN;
    }

    public boolean createsBuckets() {
        return this != USER && this != ANONYMOUS;
    }

    /** A {@code role} of versitygw's {@code users.json}; null when it names none of them. */
    static Role fromUsersFile(String name) {
        return switch (name == null ? "" : name) {
            case "admin" -> ADMIN;
            case "userplus" -> USERPLUS;
            case "user" -> USER;
            default -> null;
        };
    }
}
