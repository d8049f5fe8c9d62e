package io.posixgw.sigv4;

/**
 * The {@code Credential=} value: access key and scope. SigV4 scopes are {@code date/region/service/aws4_request};
 * SigV4A scopes have no region ({@code date/service/aws4_request}), the region set travelling in its own header.
 *
 * @param region null for SigV4A
 */
record CredentialScope(String accessKey, String date, String region, String service, String terminator) {
    static final String TERMINATOR = "aws4_request";

    /** The scope line of the string to sign. */
    String scope() {
        return region == null
                ? date + '/' + service + '/' + terminator
                : date + '/' + region + '/' + service + '/' + terminator;
    }

    /**
     * Splits from the right, so an access key containing {@code '/'} still parses; null if there are too few parts or
     * the access key is empty.
     */
    static CredentialScope parse(String credential, boolean withRegion) {
        int parts = withRegion ? 4 : 3;
        String[] scope = new String[parts];
        int end = credential.length();
        for (int i = parts - 1; i >= 0; i--) {
            int slash = credential.lastIndexOf('/', end - 1);
            if (slash < 0) {
                return null;
            }
            scope[i] = credential.substring(slash + 1, end);
            end = slash;
        }
        String accessKey = credential.substring(0, end);
        if (accessKey.isEmpty()) {
            return null;
        }
        return withRegion
                ? new CredentialScope(accessKey, scope[0], scope[1], scope[2], scope[3])
                : new CredentialScope(accessKey, scope[0], null, scope[1], scope[2]);
    }
}
