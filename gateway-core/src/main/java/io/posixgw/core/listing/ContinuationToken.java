package io.posixgw.core.listing;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The continuation tokens of ListObjectsV2 and ListBuckets: opaque to clients, the key (or
 * bucket name) a page ended on, base64url-encoded; the next page continues after it.
 */
public final class ContinuationToken {
    private ContinuationToken() {}

    /** The token that continues after this key. */
    public static String encode(String after) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(after.getBytes(StandardCharsets.UTF_8));
    }

    /** The key a token continues after; a token no listing of ours could have issued is refused, as S3 does. */
    public static String decode(String token) {
        try {
            String after = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(Base64.getUrlDecoder().decode(token)))
                    .toString();
            if (after.isEmpty() || after.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("not a key");
            }
            return after;
        } catch (IllegalArgumentException | CharacterCodingException e) {
            throw new S3Exception(S3Error.INVALID_ARGUMENT, "The continuation token provided is incorrect");
        }
    }
}
