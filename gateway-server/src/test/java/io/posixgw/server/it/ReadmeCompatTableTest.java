package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * README's compatibility table is generated from the client tests themselves: one row per
 * {@link Client}, with the version those tests run (read from the classpath, the Debian binary or
 * the installed npm package), the {@link Covers} phrases of every test method of the classes marked
 * {@link CompatClient} for it, and those classes with their test counts. A test method without
 * {@code @Covers} in such a class fails this test, as does a client without tests. The table says
 * "passes" because {@code ./mvnw -B verify} fails when any of those tests fails; a test that is
 * {@code @Disabled} shows up in the result column with its reason.
 * Run with {@code -Dreadme.update=true} to rewrite the table after changing a client test or a version.
 */
class ReadmeCompatTableTest {
    private static final String START = "<!-- compat-table:start -->\n";
    private static final String END = "<!-- compat-table:end -->";
    private static final List<Class<? extends Annotation>> TEST_ANNOTATIONS =
            List.of(Test.class, ParameterizedTest.class, RepeatedTest.class, TestFactory.class, TestTemplate.class);

    @Test
    void readmeTableMatchesTheClientTests() throws Exception {
        String expected = markdownTable();
        Path readme = Path.of("..", "README.md");
        String text = Files.readString(readme, StandardCharsets.UTF_8);
        int a = text.indexOf(START);
        int b = text.indexOf(END);
        assertTrue(a >= 0 && b > a, "README.md has no " + START.strip() + " ... " + END + " markers");
        String current = text.substring(a + START.length(), b);
        if (Boolean.getBoolean("readme.update") && !current.equals(expected)) {
            // Re-read right before writing: other sections of README may change meanwhile.
            text = Files.readString(readme, StandardCharsets.UTF_8);
            a = text.indexOf(START);
            b = text.indexOf(END);
            Files.writeString(
                    readme,
                    text.substring(0, a + START.length()) + expected + text.substring(b),
                    StandardCharsets.UTF_8);
            current = expected;
        }
        assertEquals(
                expected,
                current,
                "README compatibility table is stale: run ReadmeCompatTableTest with -Dreadme.update=true");
    }

    static String markdownTable() throws Exception {
        Map<Client, List<Class<?>>> classes = new EnumMap<>(Client.class);
        for (Class<?> c : testClasses()) {
            CompatClient mark = c.getAnnotation(CompatClient.class);
            if (mark != null) {
                classes.computeIfAbsent(mark.value(), k -> new ArrayList<>()).add(c);
            }
        }
        StringBuilder sb = new StringBuilder("| client | version | operations covered | result |\n|---|---|---|---|\n");
        List<String> problems = new ArrayList<>();
        for (Client client : Client.values()) {
            List<Class<?>> mine = classes.getOrDefault(client, List.of());
            if (mine.isEmpty()) {
                problems.add(client + " has no test class marked @CompatClient(Client." + client.name() + ")");
                continue;
            }
            // The class named most like the client first (MinioFlowIT before LargeObjectIT), then by name.
            mine.sort(
                    Comparator.comparing((Class<?> c) -> -testMethods(c).size()).thenComparing(Class::getSimpleName));
            TreeSet<String> ops = new TreeSet<>(String.CASE_INSENSITIVE_ORDER.thenComparing(Comparator.naturalOrder()));
            List<String> counts = new ArrayList<>();
            List<String> disabled = new ArrayList<>();
            for (Class<?> c : mine) {
                List<Method> tests = testMethods(c);
                for (Method m : tests) {
                    Covers covers = m.getAnnotation(Covers.class);
                    if (covers == null) {
                        problems.add(c.getSimpleName() + "." + m.getName()
                                + " has no @Covers (the operations it checks, for README)");
                        continue;
                    }
                    Disabled off = m.getAnnotation(Disabled.class);
                    if (off != null || c.isAnnotationPresent(Disabled.class)) {
                        disabled.add(String.join(", ", covers.value()) + " (" + (off != null ? off.value() : "disabled")
                                + ")");
                    } else {
                        ops.addAll(List.of(covers.value()));
                    }
                }
                counts.add("`" + c.getSimpleName() + "` (" + tests.size() + ")");
            }
            String result = (disabled.isEmpty() ? "passes: " : "passes, except " + String.join("; ", disabled) + ": ")
                    + String.join(", ", counts);
            sb.append("| ")
                    .append(client.title)
                    .append(" | ")
                    .append(client.version())
                    .append(" | ")
                    .append(String.join("; ", ops).replace("|", "\\|"))
                    .append(" | ")
                    .append(result)
                    .append(" |\n");
        }
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
        return sb.toString();
    }

    static List<Method> testMethods(Class<?> c) {
        List<Method> tests = new ArrayList<>();
        for (Method m : c.getDeclaredMethods()) {
            if (TEST_ANNOTATIONS.stream().anyMatch(m::isAnnotationPresent)) {
                tests.add(m);
            }
        }
        tests.sort(Comparator.comparing(Method::getName));
        return tests;
    }

    /** Top-level classes of this package in the test output directory. */
    static List<Class<?>> testClasses() throws Exception {
        Path dir = classesDir()
                .resolve(ReadmeCompatTableTest.class.getPackageName().replace('.', '/'));
        List<Class<?>> classes = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.sorted().toList()) {
                String name = f.getFileName().toString();
                if (name.endsWith(".class") && !name.contains("$")) {
                    classes.add(Class.forName(
                            ReadmeCompatTableTest.class.getPackageName() + "." + name.substring(0, name.length() - 6)));
                }
            }
        }
        return classes;
    }

    private static Path classesDir() throws URISyntaxException {
        return Path.of(ReadmeCompatTableTest.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
    }
}
