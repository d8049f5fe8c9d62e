package io.posixgw.sigv4;

/** Looks up secrets by access key. Called once per authenticated request, so it must be cheap and thread-safe. */
@FunctionalInterface
public interface CredentialProvider {
    /** @return the secret, or null if the access key is unknown */
    String secretKey(String accessKey);
}
