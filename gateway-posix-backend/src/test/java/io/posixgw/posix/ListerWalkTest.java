package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.core.model.ListObjectsRequest;
import io.posixgw.core.model.ListObjectsResult;
import io.posixgw.core.model.ObjectInfo;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a listing reads: only the directories under its prefix (and after its marker),
 * never the rest of the bucket, so that its cost follows the page, not the bucket.
 * Counted through the lister's directory opener.
 */
class ListerWalkTest extends BackendTestBase {
    final Set<String> opened = new TreeSet<>();
    Lister lister;

    @BeforeEach
    void tree() throws Exception {
        for (int t = 0; t < 10; t++) {
            for (int s = 0; s < 5; s++) {
                for (int k = 0; k < 5; k++) {
                    put(String.format("t%02d/s%d/k%d", t, s, k), bytes("x"));
                }
            }
        }
        put("t03/direct", bytes("d"));
        java.nio.file.Path bucketDir = root.resolve(B).toAbsolutePath().normalize();
        lister = plainLister(
                root,
                new XattrMetadataStore(),
                dir -> {
                    opened.add(bucketDir.relativize(dir).toString());
                    return Files.newDirectoryStream(dir);
                },
                new KeptAttributes(false));
    }

    /** A lister of the plain layout (no folds) over {@code root}, reading attributes through {@code store}. */
    static Lister plainLister(
            java.nio.file.Path root, MetadataStore store, Lister.DirectoryOpener opener, KeptAttributes etags)
            throws java.io.IOException {
        PathResolver paths = new PathResolver(root);
        return new Lister(
                paths,
                store,
                new ObjectReader(paths, store),
                opener,
                new VersionStore(
                        null,
                        paths,
                        store,
                        new Committer(
                                store,
                                new DirectorySync(FsyncListener.NONE),
                                false,
                                FsyncListener.NONE,
                                new BucketWriters(root)),
                        new KeyLocks(KeyLocks.Domain.KEYS),
                        new BucketAttributes(store, false)),
                etags);
    }

    List<String> list(String prefix, String delimiter, String after, int max) throws Exception {
        opened.clear();
        ListObjectsResult r = lister.list(new ListObjectsRequest(B, prefix, delimiter, after, max));
        List<String> out = new ArrayList<>();
        for (ObjectInfo o : r.objects()) {
            out.add(o.key());
        }
        out.addAll(r.commonPrefixes());
        return out;
    }

    static Set<String> dirs(String... names) {
        return new TreeSet<>(List.of(names));
    }

    @Test
    void aPrefixListingOpensOnlyTheDirectoriesUnderThePrefix() throws Exception {
        assertEquals(26, list("t03/", null, null, 1000).size());
        assertEquals(dirs("t03", "t03/s0", "t03/s1", "t03/s2", "t03/s3", "t03/s4"), opened);

        assertEquals(
                List.of("t03/s2/k0", "t03/s2/k1", "t03/s2/k2", "t03/s2/k3", "t03/s2/k4"),
                list("t03/s2/", "/", null, 1000));
        assertEquals(dirs("t03/s2"), opened);

        assertEquals(25, list("t03/s", null, null, 1000).size(), "a prefix ending mid-name filters its directory");
        assertEquals(dirs("t03", "t03/s0", "t03/s1", "t03/s2", "t03/s3", "t03/s4"), opened);
    }

    @Test
    void subtreesBeforeTheMarkerAndAfterAFullPageAreNotOpened() throws Exception {
        List<String> rest = list("t03/", null, "t03/s2/k4", 1000);
        assertEquals("t03/s3/k0", rest.get(0));
        assertEquals(dirs("t03", "t03/s2", "t03/s3", "t03/s4"), opened, "s0 and s1 end before the marker: not read");

        assertEquals(7, list("", null, null, 7).size());
        assertEquals(dirs("", "t00", "t00/s0", "t00/s1"), opened, "a page of 7 reads what holds 7 keys");
    }

    @Test
    void aDelimiterListingProbesEachDirectoryForOneObjectOnly() throws Exception {
        List<String> top = list("", "/", null, 1000);
        assertEquals(10, top.size());
        assertTrue(opened.size() <= 1 + 10 * 2, "the bucket, each top directory and at most one below it: " + opened);
        for (String d : opened) {
            assertTrue(d.split("/").length <= 2 && !d.contains(".sgwtmp"), d);
        }
    }
}
