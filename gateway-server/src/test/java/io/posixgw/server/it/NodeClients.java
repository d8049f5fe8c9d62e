package io.posixgw.server.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * The npm project of the Node clients ({@code src/test/clients/node}: package.json, the committed
 * package-lock.json and the scripts), copied to {@code target/node-clients} and installed there with
 * {@code npm ci}, so no node_modules ever sits in the source tree. The install runs again only
 * when package-lock.json changes; the scripts are copied on every call.
 */
final class NodeClients {
    static final Path SOURCE = Path.of("src", "test", "clients", "node");
    static final Path TARGET = Path.of("target", "node-clients");
    static final Path NODE = Path.of("/usr/bin/node");
    static final Path NPM = Path.of("/usr/bin/npm");

    private static boolean installed;

    private NodeClients() {}

    /** What a script printed: the JSON object on its last stdout line, and the whole run for failure messages. */
    record Run(com.fasterxml.jackson.databind.JsonNode out, ClientProcess.Result result) {}

    /** Runs one script of the project against {@code gw}, with the test credentials in its environment. */
    static Run run(String script, TestGateway gw, String bucket, Path work, Path home) throws Exception {
        Path dir = install();
        ClientProcess.Result r = new ClientProcess.Env(home)
                .put("AWS_ACCESS_KEY_ID", TestGateway.ACCESS)
                .put("AWS_SECRET_ACCESS_KEY", TestGateway.SECRET)
                .put("AWS_CONFIG_FILE", home.resolve("aws-config").toString())
                .put(
                        "AWS_SHARED_CREDENTIALS_FILE",
                        home.resolve("aws-credentials").toString())
                .put("AWS_EC2_METADATA_DISABLED", "true")
                .cwd(dir)
                .timeout(Duration.ofSeconds(120))
                .run(List.of(
                        NODE.toString(),
                        dir.resolve(script).toString(),
                        "--endpoint",
                        gw.endpoint(),
                        "--bucket",
                        bucket,
                        "--workdir",
                        work.toString()))
                .ok();
        List<String> lines = r.lines();
        return new Run(new com.fasterxml.jackson.databind.ObjectMapper().readTree(lines.get(lines.size() - 1)), r);
    }

    /** Copies the project to target/node-clients, runs {@code npm ci} if needed, and returns that directory. */
    static synchronized Path install() throws IOException, InterruptedException {
        ClientProcess.requireExecutable(NODE, "Node.js 20 (the machine's nodejs, or apt-get install nodejs npm)");
        ClientProcess.requireExecutable(NPM, "npm (apt-get install npm)");
        Path dir = Files.createDirectories(TARGET).toAbsolutePath();
        try (Stream<Path> files = Files.list(SOURCE)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.copy(f, dir.resolve(f.getFileName().toString()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        if (installed) {
            return dir;
        }
        String lock = Files.readString(SOURCE.resolve("package-lock.json"), StandardCharsets.UTF_8);
        Path stamp = dir.resolve("node_modules").resolve(".posixgw-lock");
        if (!Files.exists(stamp)
                || !Files.readString(stamp, StandardCharsets.UTF_8).equals(lock)) {
            // npm's ordinary cache under the real HOME: a second clean build installs from it in seconds.
            String cache = Path.of(System.getProperty("user.home"), ".npm").toString();
            new ClientProcess.Env(dir.resolve(".home"))
                    .put("npm_config_cache", cache)
                    .put("npm_config_update_notifier", "false")
                    .cwd(dir)
                    .timeout(Duration.ofMinutes(5))
                    .run(List.of(NPM.toString(), "ci", "--no-audit", "--no-fund", "--prefer-offline"))
                    .ok();
            Files.writeString(stamp, lock, StandardCharsets.UTF_8);
        }
        installed = true;
        return dir;
    }
}
