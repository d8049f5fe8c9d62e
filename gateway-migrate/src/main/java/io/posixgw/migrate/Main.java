package io.posixgw.migrate;

import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * {@code posixgw migrate ...}: copy the objects of an S3 endpoint into a data root (or into
 * another endpoint). Runs from {@code posixgw-migrate.jar} with the server jar, which holds
 * the libraries both share, on the class path:
 * {@code java -cp posixgw.jar:posixgw-migrate.jar io.posixgw.migrate.Main ...}; the
 * {@code ./posixgw} launcher and the image's entrypoint do so for {@code posixgw migrate}.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        CommandLine cl = MigrateCommand.commandLine(System.getenv(), System.out, System.err, true);
        int status;
        try {
            CommandLine.ParseResult parsed = cl.parseArgs(args);
            if (CommandLine.printHelpIfRequested(parsed)) {
                return;
            }
            status = ((MigrateCommand) cl.getCommand()).call();
        } catch (CommandLine.ParameterException e) {
            String name = e.getCommandLine().getCommandSpec().qualifiedName();
            System.err.println(name + ": " + e.getMessage());
            System.err.println("Try '" + name + " --help'.");
            status = 2;
        }
        flushLogs();
        System.exit(status);
    }

    /** Writes out what the server's asynchronous log appender still holds (it drops nothing, but a JVM exit would). */
    private static void flushLogs() {
        if (LoggerFactory.getILoggerFactory() instanceof ch.qos.logback.classic.LoggerContext context) {
            context.stop();
        }
    }
}
