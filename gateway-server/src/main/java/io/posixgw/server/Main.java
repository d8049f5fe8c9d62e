package io.posixgw.server;

import io.posixgw.server.auth.UsersFile;
import io.posixgw.server.config.MetricsConfig;
import io.posixgw.server.config.ServerCommand;
import io.posixgw.server.config.ServerConfig;
import io.posixgw.server.config.Setting;
import io.posixgw.server.config.VersitygwEntrypoint;
import io.posixgw.server.http.S3HttpServer;
import io.posixgw.server.log.LogFormat;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * {@code posixgw [options] [root]}: parse, wire, serve until SIGTERM or SIGINT. {@code posixgw migrate ...} runs
 * from its own jar (gateway-migrate, {@code io.posixgw.migrate.Main}): the launcher and the image send it there.
 */
public final class Main {
    private static final Logger LOG = LoggerFactory.getLogger(Main.class);
    private static final String MIGRATE = "migrate";
    private static final String MIGRATE_USAGE = "java -cp posixgw.jar:posixgw-migrate.jar io.posixgw.migrate.Main";

    private Main() {}

    /**
     * What start-up ignores, one line each: a Kubernetes service link in a variable of ours (a Service
     * named {@code posixgw} injects {@code POSIXGW_PORT=tcp://...}), and versitygw's image variables beside
     * explicit arguments.
     */
    static List<String> startupWarnings(String[] args, Map<String, String> environment) {
        List<String> out = new ArrayList<>();
        for (String name : Setting.serviceLinkVariables(environment)) {
            out.add(name + "='" + environment.get(name) + "' is a Kubernetes service link (a Service of that name"
                    + " in this namespace), not a setting: ignored, the next variable or the default applies");
        }
        for (String name : VersitygwEntrypoint.ignored(args, environment)) {
            out.add(name + " is ignored: the command line has arguments (as versitygw's image entrypoint does)");
        }
        return out;
    }

    /** An exception's message, or its kind when it has none: a start-up error never reads "null". */
    static String message(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals(MIGRATE)) {
            // not a data root named "migrate": the command lives in posixgw-migrate.jar
            System.err.println("posixgw: migrate runs from posixgw-migrate.jar, with this jar on the class path: "
                    + MIGRATE_USAGE + " [OPTIONS] (the ./posixgw launcher and the image's 'migrate' do this).");
            System.exit(2);
            return;
        }
        Map<String, String> environment = System.getenv();
        ServerCommand command = new ServerCommand();
        CommandLine cl = commandLine(command, environment);
        List<String> warnings = startupWarnings(args, environment);
        ServerConfig config;
        try {
            CommandLine.ParseResult parsed = cl.parseArgs(VersitygwEntrypoint.arguments(args, environment));
            if (CommandLine.printHelpIfRequested(parsed)) {
                return;
            }
            config = command.call();
            if (config.jsonLog()) {
                LogFormat.useJson();
            }
        } catch (CommandLine.ParameterException | IllegalArgumentException e) {
            String name = e instanceof CommandLine.ParameterException p
                    ? p.getCommandLine().getCommandSpec().qualifiedName()
                    : "posixgw";
            warnings.forEach(w -> System.err.println(name + ": warning: " + w));
            String origin =
                    e instanceof CommandLine.ParameterException ? VersitygwEntrypoint.origin(args, environment) : "";
            System.err.println(name + ": " + message(e) + origin);
            System.err.println("Try '" + name + " --help'.");
            System.exit(2);
            return;
        }
        warnings.forEach(w -> LOG.warn("{}", w));
        Gateway gateway;
        InetSocketAddress address;
        String step = "";
        try {
            gateway = new Gateway(config);
            // a refused bind says only "Address already in use": name the addresses and their settings
            MetricsConfig.HostPort metrics = config.metrics().prometheusListen();
            step = "cannot listen on " + config.host() + ":" + config.port() + " (--port)"
                    + (metrics == null ? "" : " or " + metrics.host() + ":" + metrics.port() + " (--metrics-port)")
                    + ": ";
            address = gateway.start();
        } catch (Exception e) {
            LOG.error("posixgw cannot start: {}{}", step, message(e));
            flushLogs(); // the lines go out through an asynchronous appender: a crash loop must not have empty logs
            System.exit(1);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        StopOnTerm.install(() -> {
            LOG.info("stopping: finishing requests in flight (up to {} ms)", config.shutdownGraceMillis());
            gateway.stop();
            stopped.countDown();
            flushLogs();
        });
        ReloadOnHangup.install(gateway::reload);
        String endpoint = (gateway.tls() ? "https://" : "http://") + S3HttpServer.urlAuthority(address);
        LOG.info(
                "posixgw serving {} on {} (region {}, fsync {}, keep-alive {}{})",
                config.root().toAbsolutePath(),
                endpoint,
                config.region(),
                config.fsync() ? "on" : "off",
                config.keepAlive() ? "on" : "off",
                address.getAddress().isAnyLocalAddress() ? "; listening on all interfaces" : "");
        if (config.defaultCredentials()) {
            LOG.info(
                    "development credentials: access key '{}', secret key '{}' (set --access/--secret for anything else)",
                    ServerConfig.DEFAULT_ACCESS_KEY,
                    ServerConfig.DEFAULT_SECRET_KEY);
        } else {
            LOG.info("root access key '{}'", config.accessKey());
        }
        if (config.iamDir() != null) {
            LOG.info(
                    "users from {}/{} (admin, userplus, user roles; re-read when it changes)",
                    config.iamDir(),
                    UsersFile.NAME);
        }
        stopped.await();
    }

    /** Writes out what the asynchronous log appender still holds (it drops nothing, but a JVM exit would). */
    static void flushLogs() {
        if (org.slf4j.LoggerFactory.getILoggerFactory() instanceof ch.qos.logback.classic.LoggerContext context) {
            context.stop();
        }
    }

    /** The command line of {@code posixgw}: the server's options; its help points to {@code posixgw migrate}. */
    static CommandLine commandLine(ServerCommand command, Map<String, String> environment) {
        CommandLine cl = ServerCommand.commandLine(command, environment);
        // the lines of the subcommand this help listed before migrate moved to its own jar, and where it is now
        cl.getCommandSpec()
                .usageMessage()
                .footer(
                        "Commands:",
                        "  migrate  Copy the objects of an S3 endpoint (MinIO, versitygw, AWS, another",
                        "             posixgw) into the data root, or into another endpoint with --to",
                        "             (reverse sync for a rollback): posixgw migrate --help. It runs",
                        "             from posixgw-migrate.jar, with this jar on the class path:",
                        "             " + MIGRATE_USAGE);
        return cl;
    }
}
