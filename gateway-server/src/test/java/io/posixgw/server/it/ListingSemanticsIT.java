package io.posixgw.server.it;

import static io.posixgw.server.it.Checklist.LIST_DELIMITER;
import static io.posixgw.server.it.Checklist.LIST_DIRECTORY_ORDER;
import static io.posixgw.server.it.Checklist.LIST_ENCODING_TYPE;
import static io.posixgw.server.it.Checklist.LIST_ENCODING_TYPE_OTHER;
import static io.posixgw.server.it.Checklist.LIST_FETCH_OWNER;
import static io.posixgw.server.it.Checklist.LIST_HIDES_STAGING;
import static io.posixgw.server.it.Checklist.LIST_IS_TRUNCATED;
import static io.posixgw.server.it.Checklist.LIST_KEY_COUNT;
import static io.posixgw.server.it.Checklist.LIST_LAST_MODIFIED;
import static io.posixgw.server.it.Checklist.LIST_MAX_KEYS;
import static io.posixgw.server.it.Checklist.LIST_ORDER;
import static io.posixgw.server.it.Checklist.LIST_PAGES;
import static io.posixgw.server.it.Checklist.LIST_PREFIX;
import static io.posixgw.server.it.Checklist.LIST_PREFIXES_MERGED;
import static io.posixgw.server.it.Checklist.LIST_V1_MARKER;
import static io.posixgw.server.it.Checklist.LIST_V2_CONTINUATION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Listing section of the checklist, V1 and V2 side by side, over raw signed HTTP. Each test lists its own
 * bucket, filled once in {@link #fill}.
 */
class ListingSemanticsIT extends GatewayPerClass {
    /** Keys whose String (UTF-16) order differs from their UTF-8 order, and names around the '/' of a directory. */
    static final List<String> ORDER_KEYS = List.of(
            "A", "B", "a!", "a-b", "a.txt", "a/x", "a/y/z", "a0", "b c+d", "z", "~", "é", "日本", "\uFF01", "😀",
            "\uFFFD");

    static final int MANY = 1001;

    @BeforeAll
    void fill() throws Exception {
        createBucket("order");
        for (String k : ORDER_KEYS) {
            putObject("order", k, bytes(k));
        }
        createBucket("many");
        try (Socket s = new Socket("127.0.0.1", gw.port)) {
            s.setSoTimeout(30_000);
            for (int i = 0; i < MANY; i++) {
                assertOk(raw.send(s, "PUT", path("many", String.format("k%04d", i)), Map.of(), Map.of(), new byte[0]));
            }
        }
    }

    /** One listing call: V1 when {@code query} has no list-type, V2 otherwise. */
    RawS3.Response list(String bucket, Map<String, String> query) throws IOException {
        return raw.send("GET", "/" + bucket, query, Map.of(), new byte[0]);
    }

    static Map<String, String> v(int version, String... pairs) {
        Map<String, String> q = new HashMap<>();
        if (version == 2) {
            q.put("list-type", "2");
        }
        for (int i = 0; i < pairs.length; i += 2) {
            q.put(pairs[i], pairs[i + 1]);
        }
        return q;
    }

    /** Keys of the {@code <Version>}s of a ListObjectVersions answer, in document order. */
    static List<String> versionKeys(RawS3.Response r) {
        List<String> out = new ArrayList<>();
        Matcher m =
                Pattern.compile("<Version>.*?<Key>(.*?)</Key>", Pattern.DOTALL).matcher(r.text());
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void listObjectVersionsGivesEachObjectAsItsNullVersion() throws Exception {
        Map<String, String> q = new HashMap<>(Map.of("versions", ""));
        RawS3.Response all = list("order", q);
        assertOk(all);
        assertTrue(all.text().contains("<ListVersionsResult"), all.text());
        assertEquals(
                utf8Sorted(ORDER_KEYS).stream().map(ListingSemanticsIT::xml).toList(), versionKeys(all));
        assertEquals(java.util.Collections.nCopies(ORDER_KEYS.size(), "null"), all.elements("VersionId"));
        assertEquals(java.util.Collections.nCopies(ORDER_KEYS.size(), "true"), all.elements("IsLatest"));
        assertEquals(List.of(), all.elements("DeleteMarker"));
        assertEquals("false", all.element("IsTruncated"));
        // the ETags, sizes and times of ListObjects
        RawS3.Response v1 = list("order", v(1));
        assertEquals(v1.elements("ETag"), all.elements("ETag"));
        assertEquals(v1.elements("Size"), all.elements("Size"));
        assertEquals(v1.elements("LastModified"), all.elements("LastModified"));

        // pages: key-marker and version-id-marker from the previous page
        List<String> seen = new ArrayList<>();
        Map<String, String> page = new HashMap<>(Map.of("versions", "", "max-keys", "5"));
        for (int n = 0; n < 10; n++) {
            RawS3.Response r = list("order", page);
            assertOk(r);
            seen.addAll(versionKeys(r));
            if (!"true".equals(r.element("IsTruncated"))) {
                break;
            }
            assertEquals("null", r.element("NextVersionIdMarker"));
            page.put("key-marker", xmlDecode(r.element("NextKeyMarker")));
            page.put("version-id-marker", r.element("NextVersionIdMarker"));
        }
        assertEquals(versionKeys(all), seen);

        // with a delimiter, directories are common prefixes
        RawS3.Response delimited = list("order", Map.of("versions", "", "delimiter", "/", "prefix", "a"));
        assertEquals(List.of("a/"), prefixes(delimited));
        assertEquals(List.of("a!", "a-b", "a.txt", "a0"), versionKeys(delimited));

        assertError(list("order", Map.of("versions", "", "version-id-marker", "null")), 400, "InvalidArgument");
        assertError(
                list("order", Map.of("versions", "", "key-marker", "a", "version-id-marker", "3HL4kqtJlcpXroDTDmJ")),
                400,
                "InvalidArgument");
        assertError(list("no-such-bucket", Map.of("versions", "")), 404, "NoSuchBucket");
    }

    private static String xmlDecode(String s) {
        return s.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&apos;", "'")
                .replace("&amp;", "&");
    }

    /** Keys ({@code <Key>} of Contents) and common prefixes, each in document order. */
    static List<String> keys(RawS3.Response r) {
        List<String> out = new ArrayList<>();
        Matcher m =
                Pattern.compile("<Contents>.*?<Key>(.*?)</Key>", Pattern.DOTALL).matcher(r.text());
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    static List<String> prefixes(RawS3.Response r) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("<CommonPrefixes>\\s*<Prefix>(.*?)</Prefix>", Pattern.DOTALL)
                .matcher(r.text());
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    static List<String> utf8Sorted(java.util.Collection<String> keys) {
        List<String> out = new ArrayList<>(keys);
        out.sort(ObjectFiles.UTF8_ORDER);
        return out;
    }

    /** XML-escaped as the listing writes it. */
    static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    // ---------------------------------------------------------------- prefix and delimiter

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    @Conformance({LIST_PREFIX, LIST_KEY_COUNT})
    void prefixSelectsKeys(int version) throws Exception {
        RawS3.Response r = list("order", v(version, "prefix", "a"));
        assertOk(r);
        assertEquals(List.of("a!", "a-b", "a.txt", "a/x", "a/y/z", "a0"), keys(r));
        assertEquals("a", r.element("Prefix"));
        if (version == 2) {
            assertEquals("6", r.element("KeyCount"));
        }
        assertEquals(List.of(), keys(list("order", v(version, "prefix", "nothing-here"))));
    }

    static Stream<Arguments> delimiters() {
        return Stream.of(1, 2)
                .flatMap(version -> Stream.of(
                        Arguments.of(
                                version,
                                "/",
                                "",
                                List.of(
                                        "A", "B", "a!", "a-b", "a.txt", "a0", "b c+d", "z", "~", "é", "日本", "\uFF01",
                                        "😀", "\uFFFD"),
                                List.of("a/")),
                        Arguments.of(version, "/", "a/", List.of("a/x"), List.of("a/y/")),
                        Arguments.of(
                                version,
                                "a",
                                "",
                                List.of("A", "B", "b c+d", "z", "~", "é", "日本", "\uFF01", "😀", "\uFFFD"),
                                List.of("a")),
                        Arguments.of(version, ".t", "a", List.of("a!", "a-b", "a/x", "a/y/z", "a0"), List.of("a.t")),
                        Arguments.of(
                                version,
                                "c+",
                                "",
                                List.of(
                                        "A", "B", "a!", "a-b", "a.txt", "a/x", "a/y/z", "a0", "z", "~", "é", "日本",
                                        "\uFF01", "😀", "\uFFFD"),
                                List.of("b c+")),
                        Arguments.of(version, "本", "日", List.of(), List.of("日本"))));
    }

    @ParameterizedTest(name = "V{0} delimiter {1} prefix {2}")
    @MethodSource("delimiters")
    @Conformance({LIST_DELIMITER, LIST_KEY_COUNT})
    void delimiterIsAnyString(
            int version, String delimiter, String prefix, List<String> expectedKeys, List<String> expectedPrefixes)
            throws Exception {
        RawS3.Response r = list("order", v(version, "delimiter", delimiter, "prefix", prefix));
        assertOk(r);
        assertEquals(utf8Sorted(expectedKeys), keys(r));
        assertEquals(expectedPrefixes, prefixes(r));
        assertEquals(xml(delimiter), r.element("Delimiter"));
        if (version == 2) {
            assertEquals(Integer.toString(expectedKeys.size() + expectedPrefixes.size()), r.element("KeyCount"));
        }
    }

    // ---------------------------------------------------------------- max-keys

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    @Conformance({LIST_MAX_KEYS, LIST_IS_TRUNCATED})
    void maxKeysDefaultsTo1000AndIsClamped(int version) throws Exception {
        for (String max : new String[] {null, "1000", "1001", "5000", "2147483647"}) {
            RawS3.Response r = list("many", max == null ? v(version) : v(version, "max-keys", max));
            assertOk(r);
            assertEquals(1000, keys(r).size(), "max-keys " + max);
            assertEquals("true", r.element("IsTruncated"), "max-keys " + max);
            assertEquals("k0999", keys(r).get(999));
            if (max == null) {
                assertEquals("1000", r.element("MaxKeys"));
            }
        }
        RawS3.Response rest = list("many", version == 2 ? v(2, "start-after", "k0999") : v(1, "marker", "k0999"));
        assertEquals(List.of("k1000"), keys(rest));
        assertEquals("false", rest.element("IsTruncated"));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    @Conformance(LIST_MAX_KEYS)
    void maxKeysZeroIsEmptyAndNotTruncatedNegativeIsRefused(int version) throws Exception {
        RawS3.Response zero = list("many", v(version, "max-keys", "0"));
        assertOk(zero);
        assertEquals(List.of(), keys(zero));
        assertEquals("false", zero.element("IsTruncated"));
        assertEquals("0", zero.element("MaxKeys"));
        assertError(list("many", v(version, "max-keys", "-1")), 400, "InvalidArgument");
        assertError(list("many", v(version, "max-keys", "ten")), 400, "InvalidArgument");
        assertError(list("no-such-bucket", v(version, "max-keys", "0")), 404, "NoSuchBucket");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    @Conformance(LIST_IS_TRUNCATED)
    void isTruncatedIsExact(int version) throws Exception {
        int all = ORDER_KEYS.size() - 2 + 1; // with '/': a/x and a/y/z become one prefix
        RawS3.Response exact = list("order", v(version, "delimiter", "/", "max-keys", Integer.toString(all)));
        assertEquals(all, keys(exact).size() + prefixes(exact).size());
        assertEquals("false", exact.element("IsTruncated"), exact.text());
        RawS3.Response oneShort = list("order", v(version, "delimiter", "/", "max-keys", Integer.toString(all - 1)));
        assertEquals(all - 1, keys(oneShort).size() + prefixes(oneShort).size());
        assertEquals("true", oneShort.element("IsTruncated"), oneShort.text());
        RawS3.Response lastIsPrefix = list("order", v(version, "prefix", "a", "delimiter", "/", "max-keys", "5"));
        assertEquals(List.of("a!", "a-b", "a.txt", "a0"), keys(lastIsPrefix));
        assertEquals(List.of("a/"), prefixes(lastIsPrefix));
        assertEquals("false", lastIsPrefix.element("IsTruncated"), lastIsPrefix.text());
    }

    // ---------------------------------------------------------------- order and pages

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    @Conformance({LIST_ORDER, LIST_DIRECTORY_ORDER})
    void keysComeInUtf8ByteOrderWithDirectoriesAsNameSlash(int version) throws Exception {
        RawS3.Response r = list("order", v(version));
        List<String> expected =
                utf8Sorted(ORDER_KEYS).stream().map(ListingSemanticsIT::xml).toList();
        assertEquals(expected, keys(r));
        assertTrue(
                expected.indexOf("a-b") < expected.indexOf("a/x")
                        && expected.indexOf("a.txt") < expected.indexOf("a/x")
                        && expected.indexOf("a/y/z") < expected.indexOf("a0"),
                "a directory sorts as 'a/': " + expected);
        assertTrue(expected.indexOf("\uFF01") < expected.indexOf("😀"), "UTF-8 order, not UTF-16: " + expected);
    }

    /** Every page of max-keys entries (keys and prefixes): together, exactly the one-page listing, in the merged order. */
    static Stream<Arguments> pagings() {
        return Stream.of(1, 2)
                .flatMap(version -> Stream.of("", "/", "a")
                        .flatMap(delimiter -> Stream.of(1, 2, 3).map(max -> Arguments.of(version, delimiter, max))));
    }

    @ParameterizedTest(name = "V{0} delimiter \"{1}\" max-keys {2}")
    @MethodSource("pagings")
    @Conformance({
        LIST_PAGES,
        LIST_PREFIXES_MERGED,
        LIST_KEY_COUNT,
        LIST_IS_TRUNCATED,
        LIST_V2_CONTINUATION,
        LIST_V1_MARKER
    })
    void pagesHaveNoDuplicatesOrGapsAndPrefixesTakeTheirPlace(int version, String delimiter, int max) throws Exception {
        RawS3.Response whole = list("order", v(version, "delimiter", delimiter));
        TreeMap<String, String> merged = new TreeMap<>(ObjectFiles.UTF8_ORDER);
        keys(whole).forEach(k -> merged.put(k, "key"));
        prefixes(whole).forEach(p -> merged.put(p, "prefix"));
        List<String> expected = new ArrayList<>(merged.keySet());

        List<String> paged = new ArrayList<>();
        String next = null;
        for (int page = 0; page < 100; page++) {
            Map<String, String> q = v(version, "delimiter", delimiter, "max-keys", Integer.toString(max));
            if (next != null) {
                q.put(version == 2 ? "continuation-token" : "marker", next);
            }
            RawS3.Response r = list("order", q);
            assertOk(r);
            List<String> entries = new ArrayList<>(keys(r));
            entries.addAll(prefixes(r));
            entries.sort(ObjectFiles.UTF8_ORDER);
            assertTrue(entries.size() <= max, r.text());
            if (version == 2) {
                assertEquals(Integer.toString(entries.size()), r.element("KeyCount"));
            }
            paged.addAll(entries);
            boolean truncated = Boolean.parseBoolean(r.element("IsTruncated"));
            assertEquals(paged.size() < expected.size(), truncated, "IsTruncated after " + paged);
            if (!truncated) {
                break;
            }
            if (version == 2) {
                next = r.element("NextContinuationToken");
                assertNotNull(next, r.text());
            } else {
                // S3 sends NextMarker only with a delimiter; without one the client continues from the last key.
                next = delimiter.isEmpty() ? keys(r).get(keys(r).size() - 1) : r.element("NextMarker");
                if (delimiter.isEmpty()) {
                    assertNull(r.element("NextMarker"), r.text());
                } else {
                    assertEquals(entries.get(entries.size() - 1), next);
                }
            }
        }
        assertEquals(expected, paged);
        assertEquals(paged.size(), new LinkedHashSet<>(paged).size(), "no duplicates");
    }

    @Test
    @Conformance(LIST_V2_CONTINUATION)
    void continuationTokensAreOpaqueAndWinOverStartAfter() throws Exception {
        RawS3.Response first = list("order", v(2, "max-keys", "2"));
        String token = first.element("NextContinuationToken");
        assertNotNull(token);
        assertNotEquals(keys(first).get(1), token, "not the key in clear");
        assertFalse(token.contains(keys(first).get(1)), token);
        RawS3.Response second = list("order", v(2, "max-keys", "2", "continuation-token", token, "start-after", "z"));
        assertEquals(token, second.element("ContinuationToken"));
        assertEquals("z", second.element("StartAfter"));
        assertEquals(utf8Sorted(ORDER_KEYS).subList(2, 4), keys(second), "the token wins over start-after");
        RawS3.Response startAfter = list("order", v(2, "start-after", "a0"));
        assertEquals(
                utf8Sorted(ORDER_KEYS).subList(utf8Sorted(ORDER_KEYS).indexOf("a0") + 1, ORDER_KEYS.size()).stream()
                        .map(ListingSemanticsIT::xml)
                        .toList(),
                keys(startAfter));
        assertError(list("order", v(2, "continuation-token", "not*a*token")), 400, "InvalidArgument");
        // valid base64url, but not UTF-8: no listing issued it
        assertError(list("order", v(2, "continuation-token", "garbage")), 400, "InvalidArgument");
    }

    @Test
    @Conformance(LIST_V1_MARKER)
    void markerAndNextMarker() throws Exception {
        RawS3.Response r = list("order", v(1, "marker", "a-b", "max-keys", "2"));
        assertEquals("a-b", r.element("Marker"));
        assertEquals(List.of("a.txt", "a/x"), keys(r));
        assertNull(r.element("NextMarker"), "no NextMarker without a delimiter");
        RawS3.Response withDelimiter = list("order", v(1, "marker", "a-b", "max-keys", "2", "delimiter", "/"));
        assertEquals(List.of("a.txt"), keys(withDelimiter));
        assertEquals(List.of("a/"), prefixes(withDelimiter));
        assertEquals("a/", withDelimiter.element("NextMarker"));
        RawS3.Response afterPrefix = list("order", v(1, "marker", "a/", "max-keys", "1", "delimiter", "/"));
        assertEquals(List.of("a0"), keys(afterPrefix), "a marker that is a common prefix skips the whole prefix");
    }

    @Test
    @Conformance(LIST_FETCH_OWNER)
    void fetchOwner() throws Exception {
        assertNull(list("order", v(2, "max-keys", "1")).element("Owner"), "V2 names no owner by default");
        RawS3.Response owned = list("order", v(2, "max-keys", "1", "fetch-owner", "true"));
        assertTrue(
                owned.text().matches("(?s).*<Contents>.*<Owner>\\s*<ID>ryax</ID>.*</Owner>.*</Contents>.*"),
                owned.text());
        assertNull(list("order", v(2, "max-keys", "1", "fetch-owner", "false")).element("Owner"));
        assertNotNull(list("order", v(1, "max-keys", "1")).element("Owner"), "V1 always names the owner");
    }

    // ---------------------------------------------------------------- encoding-type=url

    @Test
    @Conformance(LIST_ENCODING_TYPE)
    void urlEncodingIsEchoedAndAppliedToEveryKeyField() throws Exception {
        createBucket("encoded");
        for (String k : new String[] {"dir one/a b+c", "dir one/sub+dir/x", "dir one/z%"}) {
            putObject("encoded", k, bytes(k));
        }
        RawS3.Response v2 = list(
                "encoded",
                v(2, "encoding-type", "url", "prefix", "dir one/", "delimiter", "+", "start-after", "dir one/a b"));
        assertOk(v2);
        assertEquals("url", v2.element("EncodingType"));
        assertEquals("dir%20one/", v2.element("Prefix"));
        assertEquals("%2B", v2.element("Delimiter"));
        assertEquals("dir%20one/a%20b", v2.element("StartAfter"));
        assertEquals(List.of("dir%20one/z%25"), keys(v2));
        assertEquals(List.of("dir%20one/a%20b%2B", "dir%20one/sub%2B"), prefixes(v2));

        RawS3.Response v1 =
                list("encoded", v(1, "encoding-type", "url", "prefix", "dir one/", "delimiter", "+", "max-keys", "1"));
        assertEquals("url", v1.element("EncodingType"));
        assertEquals(List.of("dir%20one/a%20b%2B"), prefixes(v1));
        assertEquals("dir%20one/a%20b%2B", v1.element("NextMarker"));
        RawS3.Response marker = list("encoded", v(1, "encoding-type", "url", "marker", "dir one/a b+c"));
        assertEquals("dir%20one/a%20b%2Bc", marker.element("Marker"));
        assertEquals(List.of("dir%20one/sub%2Bdir/x", "dir%20one/z%25"), keys(marker));

        RawS3.Response plain = list("encoded", v(2, "prefix", "dir one/"));
        assertNull(plain.element("EncodingType"), "not echoed when not asked");
        assertEquals(List.of("dir one/a b+c", "dir one/sub+dir/x", "dir one/z%"), keys(plain));
    }

    @ParameterizedTest
    @ValueSource(strings = {"xml", "URL", ""})
    @Conformance(LIST_ENCODING_TYPE_OTHER)
    void otherEncodingTypesAreRefused(String value) throws Exception {
        assertError(list("order", v(2, "encoding-type", value)), 400, "InvalidArgument");
        assertError(list("order", v(1, "encoding-type", value)), 400, "InvalidArgument");
    }

    // ---------------------------------------------------------------- what never appears

    @Test
    @Conformance(LIST_HIDES_STAGING)
    void pendingUploadsAndStagingFilesNeverAppear() throws Exception {
        createBucket("staged");
        putObject("staged", "visible", bytes("v"));
        String id = createUpload("staged", "pending/object");
        uploadPart("staged", "pending/object", id, 1, bytes("part"));
        Files.writeString(root.resolve("staged/.sgwtmp/stray-temp-file"), "half written");
        assertTrue(Files.isDirectory(root.resolve("staged/.sgwtmp/multipart")));
        for (int version : new int[] {1, 2}) {
            for (Map<String, String> q : List.of(
                    v(version),
                    v(version, "delimiter", "/"),
                    v(version, "prefix", "."),
                    v(version, "prefix", ".sgwtmp"),
                    v(version, "prefix", "pending"),
                    v(version, "start-after", "."))) {
                RawS3.Response r = list("staged", q);
                assertOk(r);
                List<String> all = new ArrayList<>(keys(r));
                all.addAll(prefixes(r));
                assertTrue(all.isEmpty() || all.equals(List.of("visible")), q + " -> " + all);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    @Conformance(LIST_LAST_MODIFIED)
    void lastModifiedIsIso8601WithMilliseconds(int version) throws Exception {
        List<String> dates = list("order", v(version)).elements("LastModified");
        assertEquals(ORDER_KEYS.size(), dates.size());
        for (String d : dates) {
            assertTrue(d.matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"), d);
        }
    }
}
