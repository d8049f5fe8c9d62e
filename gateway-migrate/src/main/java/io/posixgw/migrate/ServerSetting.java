package io.posixgw.migrate;

import java.util.List;
import java.util.Map;

/**
 * The server's settings that {@code migrate} reads as well: the data root, the sidecar
 * directory and fsync (a migration writes the same volume the server serves, so it takes
 * the same environment), and the server's root access key (the owner of the buckets it
 * creates). The server declares them in {@code io.posixgw.server.config.Setting}; migrate
 * does not depend on the server module, so they are repeated here, each under the name it
 * has there, and {@code ServerSettingTest} fails when the two disagree.
 */
enum ServerSetting {
    ROOT(List.of("POSIXGW_ROOT", "VGW_BACKEND_ARG"), "./data"),
    ACCESS(List.of("POSIXGW_ACCESS_KEY", "ROOT_ACCESS_KEY_ID", "ROOT_ACCESS_KEY", "MINIO_ROOT_USER"), null),
    SIDECAR(List.of("POSIXGW_SIDECAR", "VGW_META_SIDECAR"), null),
    FSYNC(List.of("POSIXGW_FSYNC"), "on");

    private final List<String> env;
    private final String defaultValue;

    ServerSetting(List<String> env, String defaultValue) {
        this.env = env;
        this.defaultValue = defaultValue;
    }

    List<String> env() {
        return env;
    }

    String defaultValue() {
        return defaultValue;
    }

    /** The value from the environment (first variable set wins), else the default; null if neither. */
    String fromEnvironment(Map<String, String> environment) {
        for (String name : env) {
            String v = environment.get(name);
            if (v != null && !v.isEmpty()) {
                return v;
            }
        }
        return defaultValue;
    }
}
