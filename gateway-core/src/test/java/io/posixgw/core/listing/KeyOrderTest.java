package io.posixgw.core.listing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyOrderTest {

    @Test
    void keyOrderMatchesUtf8ByteOrder() {
        List<String> keys =
                new ArrayList<>(List.of("\uD83D\uDE00", "\uFFFD", "\uE000", "a", "a/", "a-b", "\u00e9", "A", ""));
        keys.sort(KeyOrder.COMPARATOR);
        List<String> byBytes = new ArrayList<>(keys);
        byBytes.sort((x, y) ->
                Arrays.compareUnsigned(x.getBytes(StandardCharsets.UTF_8), y.getBytes(StandardCharsets.UTF_8)));
        assertEquals(byBytes, keys);
        assertTrue(KeyOrder.compare("\uFFFD", "\uD83D\uDE00") < 0);
        assertTrue("\uFFFD".compareTo("\uD83D\uDE00") > 0); // what String order would get wrong
    }

    @Test
    void zeroOnlyForEqualKeys() {
        assertEquals(0, KeyOrder.compare("a/b", "a/b"));
        assertTrue(KeyOrder.compare("a", "a/") < 0);
        assertTrue(KeyOrder.compare("a/", "a") > 0);
        assertTrue(KeyOrder.compare("a-b", "a/") < 0); // '-' sorts before '/', so a directory's "a/" after "a-b"
    }
}
