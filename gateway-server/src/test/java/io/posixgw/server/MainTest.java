package io.posixgw.server;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.server.config.ServerCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MainTest {
    @Test
    void helpPointsToMigrateWhichIsNoLongerASubcommand() {
        StringWriter out = new StringWriter();
        var cl = Main.commandLine(new ServerCommand(), Map.of());
        cl.usage(new PrintWriter(out, true));
        String help = out.toString();
        assertTrue(cl.getSubcommands().isEmpty(), "migrate runs from its own jar");
        assertTrue(help.contains("Commands:\n  migrate  Copy the objects of an S3 endpoint"), help);
        assertTrue(help.contains("posixgw migrate --help"), help);
        assertTrue(help.contains("java -cp posixgw.jar:posixgw-migrate.jar io.posixgw.migrate.Main"), help);
        for (String line : help.split("\n")) {
            assertFalse(line.length() > 80, "wrapped by picocli: " + line);
        }
    }
}
