package io.posixgw.bench;

/**
 * One endpoint of a side-by-side run.
 *
 * @param name     short label used in the report ({@code posixgw}, {@code s3proxy}, ...)
 * @param endpoint base URL, e.g. {@code http://127.0.0.1:7070}
 * @param role     which sections it takes part in
 * @param pid      server process to read CPU time and RSS from, 0 when unknown
 */
record Target(String name, String endpoint, Role role, long pid) {

    enum Role {
        /** An S3 endpoint that runs every section. */
        S3,
        /** The same server as the first S3 target with {@code --fsync off}: runs only the 8-thread PUT/GET. */
        FSYNC_OFF,
        /** A plain HTTP file server (nginx) over the first S3 target's data root: runs only presigned GET. */
        FLOOR,
        /** posixgw's file calls done in the bench JVM on a directory ({@link ChosenFloor}): the latency suite's object rows only. */
        FILES_CHOSEN,
        /** The fewest file calls for the same result ({@link MinimalFloor}): the latency suite's object rows only. */
        FILES_MINIMAL
    }

    Target {
        if (endpoint.endsWith("/")) {
            endpoint = endpoint.substring(0, endpoint.length() - 1);
        }
    }

    boolean speaksS3() {
        return role == Role.S3 || role == Role.FSYNC_OFF;
    }

    /** A file-system floor: no server, the file operations done in this JVM under {@link #root()}. */
    boolean onFiles() {
        return role == Role.FILES_CHOSEN || role == Role.FILES_MINIMAL;
    }

    /** The directory of a file-system floor. */
    java.nio.file.Path root() {
        return java.nio.file.Path.of(java.net.URI.create(endpoint));
    }

    /** A file-system floor over {@code dir} (endpoint {@code file:///...}). */
    static Target files(String name, java.nio.file.Path dir, Role role) {
        return new Target(name, dir.toAbsolutePath().normalize().toUri().toString(), role, 0);
    }

    /** {@code NAME=URL} or {@code NAME=URL@PID}. */
    static Target parse(String spec, Role role) {
        int eq = spec.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("expected NAME=URL[@PID], got '" + spec + "'");
        }
        String name = spec.substring(0, eq);
        String rest = spec.substring(eq + 1);
        long pid = 0;
        int at = rest.lastIndexOf('@');
        if (at > 0 && rest.substring(at + 1).matches("\\d+")) {
            pid = Long.parseLong(rest.substring(at + 1));
            rest = rest.substring(0, at);
        }
        if (!rest.startsWith("http://") && !rest.startsWith("https://")) {
            throw new IllegalArgumentException("endpoint of '" + name + "' must be an http(s) URL: " + rest);
        }
        return new Target(name, rest, role, pid);
    }
}
