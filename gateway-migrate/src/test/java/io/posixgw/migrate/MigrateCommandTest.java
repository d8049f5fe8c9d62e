package io.posixgw.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class MigrateCommandTest {
    private static MigrateCommand parse(Map<String, String> env, String... args) {
        PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        CommandLine cl = MigrateCommand.commandLine(env, sink, sink, false);
        cl.parseArgs(args);
        return cl.getCommand();
    }

    @Test
    void optionsComeFromTheEnvironmentButNotTheServersCredentials() {
        MigrateCommand c = parse(Map.of(
                "POSIXGW_MIGRATE_FROM",
                "http://ryax-minio:9000",
                "POSIXGW_MIGRATE_SECRET_KEY",
                "s3cr3t",
                "POSIXGW_MIGRATE_BUCKETS",
                "a,b",
                "ROOT_ACCESS_KEY_ID",
                "ryax",
                "POSIXGW_ROOT",
                "/data/s3",
                "VGW_META_SIDECAR",
                "/data/meta"));
        assertEquals("http://ryax-minio:9000", c.from);
        assertEquals("s3cr3t", c.secret);
        assertNull(c.access, "ROOT_ACCESS_KEY_ID is the server's own key, not the source's");
        assertEquals(List.of("a", "b"), c.buckets);
        assertEquals("/data/s3", c.root);
        assertEquals("/data/meta", c.sidecar);

        MigrateCommand flags = parse(
                Map.of("POSIXGW_MIGRATE_FROM", "http://env:9000"),
                "--from",
                "http://flag:9000",
                "--bucket",
                "x",
                "--bucket",
                "y",
                "/mnt/s3");
        assertEquals("http://flag:9000", flags.from, "a flag beats the environment");
        assertEquals(List.of("x", "y"), flags.buckets);
        assertEquals("/mnt/s3", flags.root);
        assertEquals("./data", parse(Map.of()).root);
    }

    @Test
    void helpDescribesTheCommand() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
        assertEquals(0, MigrateCommand.run(new String[] {"--help"}, Map.of(), ps, ps));
        String help = out.toString(StandardCharsets.UTF_8);
        assertTrue(help.contains("Usage: migrate") || help.contains("Usage: posixgw migrate"), help);
        assertTrue(help.contains("--delete-extra") && help.contains("--dry-run") && help.contains("--to=URL"), help);
    }
}
