package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16 items 16 and 17, through the built jar: Kubernetes service links in our variables are passed
 * over with one warning naming the variable, a refused value is named with its setting (never "null"),
 * and versitygw's image variables are honoured or refused with a reason.
 */
class StartupEnvironmentIT {
    @TempDir
    Path root;

    @Test
    void aServiceLinkIsPassedOverWithOneWarningForTheNextAlias() throws Exception {
        try (ServerProcess server = ServerProcess.launchJar(
                Map.of("POSIXGW_PORT", "tcp://10.43.0.99:9000", "VGW_PORT", "127.0.0.1:0"), root.toString())) {
            RawS3 raw = new RawS3(
                    "127.0.0.1", server.port, new TestSigner(TestGateway.ACCESS, TestGateway.SECRET, "us-east-1"));
            assertEquals(
                    200,
                    raw.send("PUT", "/linked", Map.of(), Map.of(), new byte[0]).status());
            long warnings = server.output.stream()
                    .filter(l -> l.contains("POSIXGW_PORT") && l.contains("service link"))
                    .count();
            assertEquals(1, warnings, String.join("\n", server.output));
        }
    }

    @Test
    void refusedValuesAreNamedWithTheirSetting() throws Exception {
        assertRefused(Map.of("POSIXGW_WORKERS", "0"), "POSIXGW_WORKERS (--workers)", "'0'");
        assertRefused(Map.of("POSIXGW_FSYNC", "sometimes"), "POSIXGW_FSYNC (--fsync)", "'sometimes'");
        assertRefused(Map.of("VGW_PORT", "127.0.0.1:99999"), "VGW_PORT (--port)", "'127.0.0.1:99999'");
        assertRefused(Map.of("VGW_BACKEND", "azure"), "VGW_BACKEND='azure'", "posix");
        assertRefused(
                Map.of("VGW_BACKEND", "posix", "VGW_BACKEND_ARGS", "--chuid"), "VGW_BACKEND_ARGS='--chuid'", "--chuid");
    }

    private void assertRefused(Map<String, String> environment, String setting, String value) throws Exception {
        Map<String, String> env = new java.util.HashMap<>(environment);
        env.put("POSIXGW_ROOT", root.toString()); // no arguments: versitygw's VGW_ARGS are read only then
        Process p = ServerProcess.jar(env).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "exits");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, p.exitValue(), out);
        assertTrue(out.contains(setting), out);
        assertTrue(out.contains(value), out);
        assertFalse(out.contains("null"), out);
    }
}
