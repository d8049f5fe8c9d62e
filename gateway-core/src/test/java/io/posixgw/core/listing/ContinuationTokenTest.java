package io.posixgw.core.listing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class ContinuationTokenTest {

    @Test
    void aTokenNamesTheKeyItContinuesAfter() {
        for (String key : new String[] {"a", "dir/\uD83D\uDE00 \u00fc ?#%&=+", "a/b/"}) {
            assertEquals(key, ContinuationToken.decode(ContinuationToken.encode(key)));
        }
        assertEquals("YS9i", ContinuationToken.encode("a/b"), "base64url without padding");
    }

    @Test
    void tokensNoListingIssuedAreRefused() {
        String notUtf8 = Base64.getUrlEncoder().encodeToString(new byte[] {(byte) 0xff, (byte) 0xfe});
        String nul = Base64.getUrlEncoder().encodeToString("a\0b".getBytes(StandardCharsets.UTF_8));
        for (String token : new String[] {"", "!!!", notUtf8, nul}) {
            S3Exception e = assertThrows(S3Exception.class, () -> ContinuationToken.decode(token), token);
            assertEquals(S3Error.INVALID_ARGUMENT, e.error());
            assertEquals("The continuation token provided is incorrect", e.getMessage());
        }
    }
}
