package io.posixgw.server.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * README's configuration table is generated from {@link Setting}. Run with
 * {@code -Dreadme.update=true} to rewrite it after changing a setting.
 */
class ReadmeConfigTableTest {
    private static final String START = "<!-- config-table:start -->\n";
    private static final String END = "<!-- config-table:end -->";

    @Test
    void readmeTableMatchesTheCode() throws Exception {
        Path readme = Path.of("..", "README.md");
        String text = Files.readString(readme, StandardCharsets.UTF_8);
        int a = text.indexOf(START);
        int b = text.indexOf(END);
        String current = text.substring(a + START.length(), b);
        String expected = Setting.markdownTable();
        if (Boolean.getBoolean("readme.update") && !current.equals(expected)) {
            Files.writeString(
                    readme,
                    text.substring(0, a + START.length()) + expected + text.substring(b),
                    StandardCharsets.UTF_8);
            current = expected;
        }
        assertEquals(expected, current, "README configuration table is stale: run the test with -Dreadme.update=true");
    }
}
