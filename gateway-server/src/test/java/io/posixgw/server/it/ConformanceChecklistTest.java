package io.posixgw.server.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/**
 * Ties the S3 behaviour checklist ({@code docs/CONFORMANCE.md}) to the tests: the
 * {@link Checklist} clauses must spell the file's bullets exactly, in order, and each clause must be cited by the
 * {@link Conformance} annotation of at least one enabled test method. Writes the clause-to-test map to
 * {@code target/conformance.md} for reading.
 */
class ConformanceChecklistTest {
    /** What may stand between two clauses of a bullet, and after the last. */
    private static final Pattern SEPARATOR = Pattern.compile("[;,.:]?\\s*");
    /** The checklist, beside the other docs (tests run in the module directory). */
    private static final Path CHECKLIST = Path.of("..", "docs", "CONFORMANCE.md");

    record Bullet(String section, String text) {}

    @Test
    void everyBulletIsSpelledByItsClauses() throws IOException {
        List<Bullet> bullets = bullets(Files.readString(CHECKLIST, StandardCharsets.UTF_8));
        assertTrue(bullets.size() > 30, "the checklist has " + bullets.size() + " bullets");
        Checklist[] clauses = Checklist.values();
        int next = 0;
        for (Bullet b : bullets) {
            int pos = 0;
            int first = next;
            while (!rest(b.text(), pos).isEmpty()) {
                String where = b.section() + " bullet \"" + clip(b.text()) + "\" at \""
                        + clip(b.text().substring(pos)) + "\"";
                if (next >= clauses.length) {
                    fail(where + ": no Checklist clause left for it");
                }
                Checklist c = clauses[next];
                if (!c.section.equals(b.section()) || !b.text().startsWith(c.text, pos)) {
                    fail(where + ": Checklist." + c.name() + " (" + c.section + ") reads \"" + clip(c.text) + "\"");
                }
                pos += c.text.length();
                Matcher m = SEPARATOR.matcher(b.text());
                m.region(pos, b.text().length());
                if (m.lookingAt()) {
                    pos = m.end();
                }
                next++;
            }
            assertTrue(next > first, b.section() + " bullet without a clause: " + b.text());
        }
        assertEquals(
                clauses.length,
                next,
                "Checklist clauses beyond the end of the checklist, from "
                        + (next < clauses.length ? clauses[next].name() : ""));
    }

    @Test
    void everyClauseIsAssertedByATest() throws Exception {
        Map<Checklist, List<String>> tests = testsByClause();
        StringBuilder report = new StringBuilder("# CONFORMANCE.md clause -> tests\n\n");
        List<String> missing = new ArrayList<>();
        String section = null;
        for (Checklist c : Checklist.values()) {
            if (!c.section.equals(section)) {
                section = c.section;
                report.append("\n## ").append(section).append("\n\n");
            }
            List<String> mine = tests.getOrDefault(c, List.of());
            report.append("- ")
                    .append(c.name())
                    .append(": ")
                    .append(c.text)
                    .append("\n  ")
                    .append(mine.isEmpty() ? "**no test**" : String.join(", ", mine))
                    .append('\n');
            if (mine.isEmpty()) {
                missing.add(c.id() + " (" + c.text + ")");
            }
        }
        Path out = Path.of("target", "conformance.md");
        if (Files.isDirectory(out.getParent())) {
            Files.writeString(out, report, StandardCharsets.UTF_8);
        }
        assertTrue(
                missing.isEmpty(),
                missing.size() + " clause(s) of CONFORMANCE.md no test asserts (@Conformance):\n"
                        + String.join("\n", missing));
    }

    /** Enabled test methods of this package, per clause they cite. */
    static Map<Checklist, List<String>> testsByClause() throws Exception {
        Map<Checklist, List<String>> out = new EnumMap<>(Checklist.class);
        List<String> misplaced = new ArrayList<>();
        for (Class<?> c : ReadmeCompatTableTest.testClasses()) {
            List<Method> tests = ReadmeCompatTableTest.testMethods(c);
            for (Method m : c.getDeclaredMethods()) {
                Conformance mark = m.getAnnotation(Conformance.class);
                if (mark == null) {
                    continue;
                }
                if (!tests.contains(m)) {
                    misplaced.add(c.getSimpleName() + "." + m.getName() + " has @Conformance but is not a test");
                    continue;
                }
                if (m.isAnnotationPresent(Disabled.class) || c.isAnnotationPresent(Disabled.class)) {
                    continue;
                }
                for (Checklist clause : mark.value()) {
                    out.computeIfAbsent(clause, k -> new ArrayList<>()).add(c.getSimpleName() + "." + m.getName());
                }
            }
        }
        assertTrue(misplaced.isEmpty(), String.join("\n", misplaced));
        return out;
    }

    /** The {@code - } bullets of the file with the {@code ## } heading above each. */
    static List<Bullet> bullets(String markdown) {
        List<Bullet> out = new ArrayList<>();
        String section = null;
        for (String line : markdown.split("\n")) {
            if (line.startsWith("## ")) {
                section = line.substring(3).strip();
            } else if (line.startsWith("- ")) {
                assertTrue(section != null, "bullet before any section: " + line);
                out.add(new Bullet(section, line.substring(2).strip()));
            } else if (!line.isBlank() && section != null) {
                fail(
                        "a line of the checklist that is neither a heading nor a bullet (continuation lines are not supported): "
                                + line);
            }
        }
        return out;
    }

    private static String rest(String s, int pos) {
        Matcher m = SEPARATOR.matcher(s);
        m.region(pos, s.length());
        return m.matches() ? "" : s.substring(pos);
    }

    private static String clip(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
