package io.posixgw.server.config;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerCommandTest {
    @Test
    void defaults() {
        ServerConfig c = ServerCommand.parse(new String[0], Map.of());
        assertEquals(Path.of("./data"), c.root());
        assertEquals("127.0.0.1", c.host());
        assertEquals(7070, c.port());
        assertEquals("us-east-1", c.region());
        assertTrue(c.defaultCredentials());
        assertEquals(ServerConfig.DEFAULT_ACCESS_KEY, c.accessKey());
        assertTrue(c.keepAlive());
        assertTrue(c.fsync());
        assertEquals("/_/health", c.healthPath());
    }

    @Test
    void versitygwAndMinioAliases() {
        ServerConfig vgw = ServerCommand.parse(
                new String[0],
                Map.of(
                        "VGW_BACKEND_ARG",
                        "/srv/s3",
                        "VGW_PORT",
                        ":9000",
                        "ROOT_ACCESS_KEY_ID",
                        "ryax",
                        "ROOT_SECRET_ACCESS_KEY",
                        "abcdefghijkl",
                        "VGW_REGION",
                        "eu-west-3",
                        "VGW_QUIET",
                        "true",
                        "VGW_HEALTH",
                        "/health",
                        "VGW_KEEP_ALIVE",
                        "false"));
        assertEquals(Path.of("/srv/s3"), vgw.root());
        assertEquals("0.0.0.0", vgw.host());
        assertEquals(9000, vgw.port());
        assertEquals("ryax", vgw.accessKey());
        assertEquals("abcdefghijkl", vgw.secretKey());
        assertEquals("eu-west-3", vgw.region());
        assertTrue(vgw.quiet());
        assertEquals("/health", vgw.healthPath());
        assertFalse(vgw.keepAlive());
        assertFalse(vgw.defaultCredentials());

        ServerConfig minio = ServerCommand.parse(
                new String[0],
                Map.of("MINIO_ROOT_USER", "ryax", "MINIO_ROOT_PASSWORD", "abcdefghijkl", "MINIO_REGION", "us-west-2"));
        assertEquals("ryax", minio.accessKey());
        assertEquals("us-west-2", minio.region());
    }

    @Test
    void flagBeatsEnvironment() {
        ServerConfig c = ServerCommand.parse(
                new String[] {"--port", "127.0.0.1:8080", "--region", "ap-south-1", "/x"},
                Map.of("VGW_PORT", ":9000", "VGW_REGION", "eu-west-3", "VGW_BACKEND_ARG", "/y"));
        assertEquals(8080, c.port());
        assertEquals("127.0.0.1", c.host());
        assertEquals("ap-south-1", c.region());
        assertEquals(Path.of("/x"), c.root());
    }

    @Test
    void everySettingIsOneArgumentOfTheCommandLine() {
        picocli.CommandLine.Model.CommandSpec spec =
                ServerCommand.commandLine(new ServerCommand(), Map.of()).getCommandSpec();
        java.util.List<String> declared = new java.util.ArrayList<>();
        spec.positionalParameters().forEach(p -> declared.add(p.paramLabel()));
        spec.options().forEach(o -> declared.add(o.longestName()));
        declared.removeAll(java.util.List.of("--help", "--version"));
        assertEquals(
                java.util.Arrays.stream(Setting.values()).map(Setting::flag).toList(), declared);
        for (Setting s : Setting.values()) {
            String help = s.positional()
                    ? spec.positionalParameters().get(0).description()[0]
                    : spec.findOption(s.flag()).description()[0];
            assertEquals(s.help(), help, s.flag());
        }
    }

    @Test
    void environmentBeatsTheDefaultForEveryKind() {
        ServerConfig c = ServerCommand.parse(
                new String[] {"--workers", "3"},
                Map.of(
                        "POSIXGW_WORKERS",
                        "5",
                        "POSIXGW_IDLE_TIMEOUT",
                        "7",
                        "POSIXGW_READ_ONLY",
                        "true",
                        "POSIXGW_SIDECAR",
                        "/meta"));
        assertEquals(3, c.workers(), "flag beats environment");
        assertEquals(7000, c.idleTimeoutMillis());
        assertTrue(c.readOnly());
        assertEquals(Path.of("/meta"), c.sidecar());
        assertFalse(ServerCommand.parse(new String[0], Map.of()).readOnly());
    }

    @Test
    void listenForms() {
        assertArrayEquals(new String[] {"0.0.0.0", "9000"}, ServerCommand.parseListen(":9000"));
        assertArrayEquals(new String[] {"0.0.0.0", "9000"}, ServerCommand.parseListen("9000"));
        assertArrayEquals(new String[] {"10.1.2.3", "80"}, ServerCommand.parseListen("10.1.2.3:80"));
        assertArrayEquals(new String[] {"::1", "80"}, ServerCommand.parseListen("[::1]:80"));
        assertThrows(IllegalArgumentException.class, () -> ServerCommand.parseListen("x:y"));
        assertThrows(IllegalArgumentException.class, () -> ServerCommand.parseListen(":70000"));
    }

    @Test
    void credentialRules() {
        assertThrows(
                IllegalArgumentException.class, () -> ServerCommand.parse(new String[] {"--access", "a"}, Map.of()));
        assertThrows(
                IllegalArgumentException.class,
                () -> ServerCommand.parse(new String[] {"--port", ":9000"}, Map.of()),
                "default credentials only on loopback");
        ServerConfig c = ServerCommand.parse(
                new String[] {"--port", ":9000", "--access", "k", "--secret", "s3cr3tValue"}, Map.of());
        assertFalse(c.toString().contains("s3cr3tValue"), "secret never printed");
        assertThrows(
                IllegalArgumentException.class, () -> ServerCommand.parse(new String[] {"--fsync", "maybe"}, Map.of()));
        assertFalse(
                ServerCommand.parse(new String[] {"--fsync", "off"}, Map.of()).fsync());
    }

    @Test
    void tlsAndUsersTakeVersitygwNames() {
        ServerConfig vgw = ServerCommand.parse(
                new String[0],
                Map.of("VGW_CERT", "/etc/tls/tls.crt", "VGW_KEY", "/etc/tls/tls.key", "VGW_IAM_DIR", "/etc/iam"));
        assertEquals(Path.of("/etc/tls/tls.crt"), vgw.certFile());
        assertEquals(Path.of("/etc/tls/tls.key"), vgw.keyFile());
        assertEquals(Path.of("/etc/iam"), vgw.iamDir());
        ServerConfig plain = ServerCommand.parse(new String[0], Map.of());
        assertEquals(null, plain.certFile());
        assertEquals(null, plain.iamDir());
        IllegalArgumentException half = assertThrows(
                IllegalArgumentException.class,
                () -> ServerCommand.parse(new String[] {"--cert", "/etc/tls/tls.crt"}, Map.of()));
        assertTrue(half.getMessage().contains("--key"), half.getMessage());
    }

    @Test
    void metricsAndLogFormatAreOffByDefault() {
        ServerConfig c = ServerCommand.parse(new String[0], Map.of());
        assertEquals(MetricsConfig.OFF, c.metrics());
        assertFalse(c.metrics().enabled());
        assertFalse(c.jsonLog());
    }

    @Test
    void metricsExports() {
        ServerConfig c = ServerCommand.parse(
                new String[] {"--metrics-path", "_/metrics", "--log-format", "JSON"},
                Map.of(
                        "VGW_METRICS_STATSD_SERVERS",
                        "statsd.local:8125, [::1]:9125",
                        "VGW_METRICS_DOGSTATSD_SERVERS",
                        "127.0.0.1:8126"));
        assertEquals("/_/metrics", c.metrics().prometheusPath());
        assertEquals(null, c.metrics().prometheusListen());
        assertEquals(
                java.util.List.of(
                        new MetricsConfig.HostPort("statsd.local", 8125), new MetricsConfig.HostPort("::1", 9125)),
                c.metrics().statsd());
        assertEquals(
                java.util.List.of(new MetricsConfig.HostPort("127.0.0.1", 8126)),
                c.metrics().dogstatsd());
        assertTrue(c.jsonLog());

        ServerConfig own = ServerCommand.parse(new String[] {"--metrics-port", ":9100"}, Map.of());
        assertEquals("/metrics", own.metrics().prometheusPath(), "a port of its own has no bucket to hide");
        assertEquals(new MetricsConfig.HostPort("0.0.0.0", 9100), own.metrics().prometheusListen());
        assertEquals(
                "/minio/v2/metrics/cluster",
                ServerCommand.parse(
                                new String[] {
                                    "--metrics-port", "127.0.0.1:9100", "--metrics-path", "/minio/v2/metrics/cluster"
                                },
                                Map.of())
                        .metrics()
                        .prometheusPath());
    }

    @Test
    void aMetricsPathThatCouldBeABucketIsRefusedOnTheS3Port() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> ServerCommand.parse(new String[] {"--metrics-path", "/metrics"}, Map.of()));
        assertTrue(e.getMessage().contains("bucket named 'metrics'"), e.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> ServerCommand.parse(new String[] {"--metrics-path", "/"}, Map.of()));
        assertThrows(
                IllegalArgumentException.class,
                () -> ServerCommand.parse(new String[] {"--metrics-path", "/minio/v2/metrics/cluster"}, Map.of()));
        assertThrows(
                IllegalArgumentException.class,
                () -> ServerCommand.parse(new String[] {"--metrics-path", "/_/health"}, Map.of()));
        assertEquals(
                "/_/metrics",
                ServerCommand.parse(new String[0], Map.of("POSIXGW_METRICS_PATH", "/_/metrics"))
                        .metrics()
                        .prometheusPath());
    }

    @Test
    void badMetricsServersAndLogFormatsAreRefused() {
        for (String bad : new String[] {"statsd", "statsd:", ":8125", "host:0", "host:99999", "host:x"}) {
            assertThrows(
                    IllegalArgumentException.class,
                    () -> ServerCommand.parse(new String[] {"--metrics-statsd", bad}, Map.of()),
                    bad);
        }
        assertThrows(
                IllegalArgumentException.class,
                () -> ServerCommand.parse(new String[] {"--log-format", "xml"}, Map.of()));
    }

    @Test
    void aRegionThatCannotBeInACredentialScopeIsRefused() {
        for (String bad : new String[] {"bad/region", "", " us-east-1", "a b"}) {
            assertThrows(
                    IllegalArgumentException.class,
                    () -> ServerCommand.parse(
                            new String[] {"--port", "127.0.0.1:8080", "--region", bad, "/x"}, Map.of()),
                    bad);
        }
        assertEquals(
                "RegionOne",
                ServerCommand.parse(new String[] {"--port", "127.0.0.1:8080", "--region", "RegionOne", "/x"}, Map.of())
                        .region());
    }

    /**
     * Issue 16 item 16: Kubernetes injects {@code <SERVICE>_PORT=tcp://IP:PORT} (and {@code _PORT_9000_TCP},
     * {@code _SERVICE_HOST}, ...) for every Service of the namespace; for a Service named posixgw those land
     * on our variables. They are passed over for the next alias or the default, and named for one warning.
     */
    @Test
    void kubernetesServiceLinksArePassedOverForTheNextAliasOrTheDefault() {
        Map<String, String> links = Map.of(
                "POSIXGW_PORT", "tcp://10.43.0.99:9000",
                "POSIXGW_PORT_9000_TCP", "tcp://10.43.0.99:9000",
                "POSIXGW_PORT_9000_TCP_ADDR", "10.43.0.99",
                "POSIXGW_SERVICE_HOST", "10.43.0.99",
                "POSIXGW_SERVICE_PORT", "9000",
                "POSIXGW_METRICS_PORT", "tcp://10.43.0.7:9100");
        ServerConfig c = ServerCommand.parse(new String[0], links);
        assertEquals("127.0.0.1", c.host(), "the default");
        assertEquals(7070, c.port());
        assertEquals(null, c.metrics().prometheusListen(), "POSIXGW_METRICS_PORT's link is no metrics port");
        Map<String, String> withAlias = new java.util.HashMap<>(links);
        withAlias.put("VGW_PORT", "127.0.0.1:7071");
        assertEquals(7071, ServerCommand.parse(new String[0], withAlias).port(), "the next alias");
        assertEquals(java.util.List.of("POSIXGW_PORT", "POSIXGW_METRICS_PORT"), Setting.serviceLinkVariables(links));
        assertTrue(Setting.isServiceLink("udp://10.0.0.1:53"));
        assertFalse(Setting.isServiceLink(":7070"));
        assertFalse(Setting.isServiceLink("10.43.0.99:9000"));
    }

    /** Issue 16 item 16: every start-up error names the setting, where it came from, and the value refused. */
    @Test
    void startUpErrorsNameTheSettingAndTheValue() {
        assertRefused(Map.of("POSIXGW_WORKERS", "0"), "POSIXGW_WORKERS (--workers)", "'0'");
        assertRefused(Map.of("POSIXGW_PORT", "10.0.0.1:99999"), "POSIXGW_PORT (--port)", "'10.0.0.1:99999'");
        assertRefused(Map.of("POSIXGW_FSYNC", "maybe"), "POSIXGW_FSYNC (--fsync)", "'maybe'");
        assertRefused(Map.of("POSIXGW_LOG_FORMAT", "xml"), "POSIXGW_LOG_FORMAT (--log-format)", "'xml'");
        assertRefused(Map.of("POSIXGW_REGION", "a b"), "POSIXGW_REGION (--region)", "'a b'");
        assertRefused(Map.of("POSIXGW_METRICS_STATSD", "statsd"), "POSIXGW_METRICS_STATSD", "'statsd'");
        IllegalArgumentException flag = assertThrows(
                IllegalArgumentException.class,
                () -> ServerCommand.parse(new String[] {"--idle-timeout", "0"}, Map.of()));
        assertTrue(flag.getMessage().startsWith("--idle-timeout: '0'"), flag.getMessage());
    }

    private static void assertRefused(Map<String, String> env, String setting, String value) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> ServerCommand.parse(new String[0], env));
        assertTrue(e.getMessage().contains(setting), e.getMessage());
        assertTrue(e.getMessage().contains(value), e.getMessage());
        assertFalse(e.getMessage().contains("null"), e.getMessage());
    }

    /**
     * Issue 16 item 17: versitygw's image variables. A backend other than posix stops start-up; the
     * global and backend flags it reads are honoured when the command line has none, as there.
     */
    @Test
    void versitygwImageVariables() {
        IllegalArgumentException s3 = assertThrows(
                IllegalArgumentException.class, () -> ServerCommand.parse(new String[0], Map.of("VGW_BACKEND", "s3")));
        assertTrue(s3.getMessage().contains("VGW_BACKEND='s3'"), s3.getMessage());
        assertEquals(
                7070,
                ServerCommand.parse(new String[0], Map.of("VGW_BACKEND", "posix"))
                        .port());
        Map<String, String> env = Map.of(
                "VGW_BACKEND", "posix",
                "VGW_ARGS", "--port 127.0.0.1:7072  --region eu-west-1",
                "VGW_BACKEND_ARG", "/srv/s3",
                "VGW_BACKEND_ARGS", "--sidecar /srv/meta");
        ServerConfig c = ServerCommand.parse(new String[0], env);
        assertEquals(7072, c.port());
        assertEquals("eu-west-1", c.region());
        assertEquals(Path.of("/srv/s3"), c.root());
        assertEquals(Path.of("/srv/meta"), c.sidecar());
        assertEquals(
                7073,
                ServerCommand.parse(new String[] {"--port", "127.0.0.1:7073"}, env)
                        .port(),
                "explicit arguments run as they are");
        assertEquals(
                java.util.List.of("VGW_ARGS", "VGW_BACKEND_ARGS"),
                VersitygwEntrypoint.ignored(new String[] {"x"}, env));
        assertThrows(
                picocli.CommandLine.UnmatchedArgumentException.class,
                () -> ServerCommand.parse(new String[0], Map.of("VGW_BACKEND_ARGS", "--chuid")),
                "a versitygw flag posixgw does not have is refused");
        assertTrue(VersitygwEntrypoint.origin(new String[0], Map.of("VGW_BACKEND_ARGS", "--chuid"))
                .contains("VGW_BACKEND_ARGS='--chuid'"));
    }
}
