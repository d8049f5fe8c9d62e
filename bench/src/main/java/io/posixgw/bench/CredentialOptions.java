package io.posixgw.bench;

import picocli.CommandLine.Option;

/** {@code --access} and {@code --secret}, shared by every bench command (a picocli mixin). */
final class CredentialOptions {
    @Option(
            names = "--access",
            defaultValue = "${env:AWS_ACCESS_KEY_ID:-posixgw}",
            description = "Access key (all targets).")
    String access;

    @Option(
            names = "--secret",
            defaultValue = "${env:AWS_SECRET_ACCESS_KEY:-posixgw-secret}",
            description = "Secret key (all targets).")
    String secret;

    /** MinIO clients signing with these credentials. */
    Clients clients() {
        return new Clients(access, secret);
    }
}
