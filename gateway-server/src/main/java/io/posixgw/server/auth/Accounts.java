package io.posixgw.server.auth;

import io.posixgw.sigv4.CredentialProvider;

/**
 * Everyone who can sign a request: the root credentials, then the users file when there
 * is one. Root wins over a user of the file with the same access key, as in versitygw.
 * Lookups are in memory (they run on the event loop); the file is re-read elsewhere.
 */
public final class Accounts implements CredentialProvider {
    private final String rootAccess;
    private final String rootSecret;
    private final UsersFile users;
    private final Principal root;

    /** @param users the users file, or null for root only */
    public Accounts(String rootAccess, String rootSecret, UsersFile users) {
        this.rootAccess = rootAccess;
        this.rootSecret = rootSecret;
        this.users = users;
        this.root = new Principal(rootAccess, Role.ROOT);
    }

    @Override
    public String secretKey(String accessKey) {
        if (rootAccess.equals(accessKey)) {
            return rootSecret;
        }
        UsersFile.Account a = users == null ? null : users.find(accessKey);
        return a == null ? null : a.secret();
    }

    /** The caller with this access key, or null when there is none (any more). */
    public Principal principal(String accessKey) {
        if (rootAccess.equals(accessKey)) {
            return root;
        }
        UsersFile.Account a = users == null ? null : users.find(accessKey);
        return a == null ? null : new Principal(accessKey, a.role());
    }
}
