package io.posixgw.server.auth;

import io.posixgw.sigv4.CredentialProvider;

/** The root credentials from the configuration: one access key, one secret. */
public final class StaticCredentials implements CredentialProvider {
    private final String accessKey;
    private final String secretKey;

    public StaticCredentials(String accessKey, String secretKey) {
        this.accessKey = accessKey;
        this.secretKey = secretKey;
    }

    @Override
    public String secretKey(String accessKey) {
        return this.accessKey.equals(accessKey) ? secretKey : null;
    }

    public String accessKey() {
        return accessKey;
    }
}
