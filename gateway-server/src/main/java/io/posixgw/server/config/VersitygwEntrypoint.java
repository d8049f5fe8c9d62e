package io.posixgw.server.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The variables versitygw's image entrypoint ({@code docker-entrypoint.sh}) builds its command line
 * from, so that a deployment written for versitygw's image keeps its meaning or stops with a reason:
 * {@code VGW_BACKEND} picks the backend (posixgw is the {@code posix} one only), {@code VGW_ARGS} are
 * the global flags and {@code VGW_BACKEND_ARGS} the backend's, each split at blanks, used only when the
 * container is given no arguments (explicit arguments run as they are, there as here).
 * {@code VGW_BACKEND_ARG}, the data directory, is an alias of the root ({@link Setting#ROOT}).
 */
public final class VersitygwEntrypoint {
    static final String BACKEND = "VGW_BACKEND";
    static final String ARGS = "VGW_ARGS";
    static final String BACKEND_ARGS = "VGW_BACKEND_ARGS";

    private VersitygwEntrypoint() {}

    /** Stops start-up for a backend other than {@code posix}: posixgw would otherwise serve a directory silently. */
    static void requirePosixBackend(Map<String, String> environment) {
        String backend = environment.get(BACKEND);
        if (backend != null && !backend.isBlank() && !backend.trim().equals("posix")) {
            throw new IllegalArgumentException(
                    BACKEND + "='" + backend + "' is not served: posixgw is versitygw's posix"
                            + " backend only (a directory of buckets); unset " + BACKEND + " or set it to posix");
        }
    }

    /**
     * The arguments to parse: the command line's when there are any, else the words of {@code VGW_ARGS}
     * then of {@code VGW_BACKEND_ARGS} (versitygw's flags that posixgw shares, such as {@code --port},
     * {@code --access}, {@code --sidecar}; any other is refused by the parser as an unknown option).
     */
    public static String[] arguments(String[] args, Map<String, String> environment) {
        if (args.length > 0) {
            return args;
        }
        List<String> out = new ArrayList<>();
        out.addAll(words(environment.get(ARGS)));
        out.addAll(words(environment.get(BACKEND_ARGS)));
        return out.toArray(new String[0]);
    }

    /** Where arguments that failed to parse came from, for the error line; empty when from the command line. */
    public static String origin(String[] args, Map<String, String> environment) {
        if (args.length > 0 || arguments(args, environment).length == 0) {
            return "";
        }
        StringBuilder b = new StringBuilder(" (arguments from");
        for (String name : List.of(ARGS, BACKEND_ARGS)) {
            String v = environment.get(name);
            if (v != null && !v.isBlank()) {
                b.append(' ').append(name).append("='").append(v).append('\'');
            }
        }
        return b.append(')').toString();
    }

    /** The variables set beside explicit arguments, which are therefore not read (as by versitygw's entrypoint). */
    public static List<String> ignored(String[] args, Map<String, String> environment) {
        List<String> out = new ArrayList<>();
        if (args.length > 0) {
            for (String name : List.of(ARGS, BACKEND_ARGS)) {
                String v = environment.get(name);
                if (v != null && !v.isBlank()) {
                    out.add(name);
                }
            }
        }
        return out;
    }

    /** Split at blanks, as the shell's unquoted {@code ${VGW_ARGS}} is. */
    private static List<String> words(String value) {
        List<String> out = new ArrayList<>();
        if (value != null) {
            for (String w : value.trim().split("\\s+")) {
                if (!w.isEmpty()) {
                    out.add(w);
                }
            }
        }
        return out;
    }
}
