package io.posixgw.server.auth;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The users of versitygw's internal IAM: {@code users.json} in the {@code --iam-dir}
 * directory, {@code {"accessAccounts": {"<access key>": {"access": .., "secret": ..,
 * "role": "admin|userplus|user", "userID": .., "groupID": .., "projectID": ..}}}}, looked up
 * by the map's key as versitygw does. posixgw only reads it: versitygw's admin tool, an
 * editor or a Kubernetes Secret writes it, and every gateway sharing it sees the change
 * on its next {@link #refresh} (polled every second), since the file alone decides.
 * A file that cannot be read or parsed after a good one (a writer that does not replace it
 * atomically) leaves the last good users in place, with an error in the log.
 */
public final class UsersFile {
    public static final String NAME = "users.json";
    private static final Logger LOG = LoggerFactory.getLogger(UsersFile.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One account of the file. */
    public record Account(String access, String secret, Role role) {
        @Override
        public String toString() {
            return "Account[" + access + ", " + role + "]"; // never the secret
        }
    }

    private final Path file;
    private volatile Map<String, Account> accounts = Map.of();
    /** The bytes last read (good or not), so that an unchanged file is not parsed again. */
    private byte[] lastSeen;
    /** The problem last logged, until the file is good again. */
    private String problem;

    private UsersFile(Path file) {
        this.file = file;
    }

    /**
     * Reads {@code dir/users.json}. A file that is there but unusable stops start-up; a
     * missing one means no users yet (they appear once it is written).
     */
    public static UsersFile open(Path dir) throws IOException {
        UsersFile users = new UsersFile(dir.resolve(NAME));
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(users.file);
        } catch (NoSuchFileException e) {
            LOG.warn("users file {} does not exist: root only until it is written", users.file);
            return users;
        }
        users.accounts = parse(bytes, users.file);
        users.lastSeen = bytes;
        LOG.info("{} user{} from {}", users.accounts.size(), users.accounts.size() == 1 ? "" : "s", users.file);
        return users;
    }

    /** The account with this access key, or null. */
    public Account find(String accessKey) {
        return accounts.get(accessKey);
    }

    public int size() {
        return accounts.size();
    }

    /** Reads the file again and takes its users if its bytes changed. Never throws. */
    public synchronized void refresh() {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            report("users file " + file + " has disappeared: keeping the " + accounts.size()
                    + " users read before (write {\"accessAccounts\":{}} to remove them)");
            return;
        } catch (IOException | RuntimeException e) {
            report("users file " + file + " cannot be read, keeping the " + accounts.size() + " users read before: "
                    + e);
            return;
        }
        if (Arrays.equals(bytes, lastSeen)) {
            problem = null;
            return;
        }
        lastSeen = bytes;
        try {
            Map<String, Account> read = parse(bytes, file);
            accounts = read;
            problem = null;
            LOG.info("users file {} changed: {} user{}", file, read.size(), read.size() == 1 ? "" : "s");
        } catch (IOException e) {
            report(e.getMessage() + ": keeping the " + accounts.size() + " users read before");
        }
    }

    /** Logs a problem once, not every second while it lasts. */
    private void report(String message) {
        if (!message.equals(problem)) {
            problem = message;
            LOG.error(message);
        }
    }

    static Map<String, Account> parse(byte[] bytes, Path file) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(bytes);
        } catch (JsonProcessingException e) {
            throw new IOException("users file " + file + " is not JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new IOException("users file " + file + " is not a JSON object with \"accessAccounts\"");
        }
        JsonNode all = root.get("accessAccounts");
        if (all == null || all.isNull()) {
            return Map.of();
        }
        if (!all.isObject()) {
            throw new IOException(
                    "users file " + file + ": \"accessAccounts\" is not an object of accounts by access key");
        }
        Map<String, Account> out = new HashMap<>();
        for (Map.Entry<String, JsonNode> e : all.properties()) {
            String access = e.getKey();
            JsonNode a = e.getValue();
            String secret = a == null ? null : text(a, "secret");
            if (access.isEmpty() || secret == null || secret.isEmpty()) {
                LOG.warn("users file {}: account '{}' has no secret: ignored", file, access);
                continue;
            }
            String roleName = text(a, "role");
            Role role = Role.fromUsersFile(roleName);
            if (role == null) {
                // versitygw grants an unknown role nothing beyond what a user has
                LOG.warn(
                        "users file {}: account '{}' has role '{}', not admin, userplus or user: treated as user",
                        file,
                        access,
                        roleName);
                role = Role.USER;
            }
            out.put(access, new Account(access, secret, role));
        }
        return Collections.unmodifiableMap(out);
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || !v.isTextual() ? null : v.asText();
    }
}
