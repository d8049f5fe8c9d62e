package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Pure pieces: Go-compatible JSON, upload ids, directory sync. */
class UnitsTest {

    @Test
    void aclOwnerIsReadAsGoDecodesIt() {
        assertEquals("k", AttrCodec.decodeAclOwner(AttrCodec.encodeOwnerAcl("k")));
        assertEquals("a<b>&\u00e9", AttrCodec.decodeAclOwner(AttrCodec.encodeOwnerAcl("a<b>&\u00e9")));
        // Go's decoder matches field names without regard to case; an empty owner is no owner
        assertEquals(
                "k", AttrCodec.decodeAclOwner("{\"owner\":\"k\",\"Grantees\":null}".getBytes(StandardCharsets.UTF_8)));
        assertEquals(
                null, AttrCodec.decodeAclOwner("{\"Owner\":\"\",\"Grantees\":[]}".getBytes(StandardCharsets.UTF_8)));
        assertEquals(null, AttrCodec.decodeAclOwner("not json".getBytes(StandardCharsets.UTF_8)));
        assertEquals(null, AttrCodec.decodeAclOwner(null));
    }

    @Test
    void metadataJsonIsGoEncodingJson() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("b", "tab\there \"q\" back\\slash");
        m.put("a", "ctl\u0001 nl\n ls\u2028 del\u007f");
        m.put("\uD83D\uDE00", "x");
        m.put("\uFFFD", "y");
        String json = new String(AttrCodec.encodeMetadata(m), StandardCharsets.UTF_8);
        assertEquals(
                "{\"a\":\"ctl\\u0001 nl\\n ls\\u2028 del\u007f\",\"b\":\"tab\\there \\\"q\\\" back\\\\slash\","
                        + "\"\uFFFD\":\"y\",\"\uD83D\uDE00\":\"x\"}",
                json);
        assertEquals(m, AttrCodec.decodeMetadata(json.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void mpMetadataRoundTripsAndReadsRawJson() {
        AttrCodec.MpMetadata m = AttrCodec.decodeMpMetadata(AttrCodec.encodeMpMetadata("id-1", new long[] {5, 12}));
        assertNotNull(m);
        assertEquals("id-1", m.uploadId());
        assertArrayEquals(new long[] {5, 12}, m.partEnds());
        AttrCodec.MpMetadata legacy =
                AttrCodec.decodeMpMetadata("{\"uploadId\":\"z\",\"parts\":[1]}".getBytes(StandardCharsets.UTF_8));
        assertEquals("z", legacy.uploadId());
        assertEquals(null, AttrCodec.decodeMpMetadata("not json".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void uploadIdsAreCanonicalVersion7Uuids() {
        String a = UploadIds.next();
        assertTrue(UploadIds.isValid(a));
        assertNotNull(UploadIds.initiated(a));
        assertFalse(UploadIds.isValid("../../etc"));
        assertFalse(UploadIds.isValid(a.toUpperCase()));
        assertTrue(Math.abs(UploadIds.initiated(a).toEpochMilli() - System.currentTimeMillis()) < 60_000);
    }

    @Test
    void directorySyncServesManyConcurrentCallers() throws Exception {
        Path dir = Files.createTempDirectory("dsync");
        DirectorySync sync = new DirectorySync();
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                Path d = i % 4 == 0 ? dir : Files.createDirectories(dir.resolve("s" + (i % 3)));
                fs.add(pool.submit(() -> {
                    sync.sync(d);
                    return null;
                }));
            }
            for (Future<?> f : fs) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        sync.sync(dir.resolve("gone")); // a vanished directory has nothing to flush
    }

    @Test
    void directorySyncCoalescesAndAlwaysSyncsAfterTheCall() throws Exception {
        Path dir = Files.createTempDirectory("dsync2");
        java.util.concurrent.atomic.AtomicInteger flushes = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.ConcurrentLinkedQueue<long[]> syncs = new java.util.concurrent.ConcurrentLinkedQueue<>();
        DirectorySync sync = new DirectorySync(d -> {
            long start = System.nanoTime();
            flushes.incrementAndGet();
            try {
                Thread.sleep(30);
            } catch (InterruptedException e) {
                throw new java.io.InterruptedIOException();
            }
            syncs.add(new long[] {start, System.nanoTime()});
        });
        int callers = 40;
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            List<Future<long[]>> fs = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                fs.add(pool.submit(() -> {
                    long arrived = System.nanoTime();
                    sync.sync(dir);
                    return new long[] {arrived, System.nanoTime()};
                }));
            }
            for (Future<long[]> f : fs) {
                long[] call = f.get();
                // some sync started after this call arrived and ended before it returned
                boolean covered = syncs.stream().anyMatch(s -> s[0] >= call[0] && s[1] <= call[1]);
                assertTrue(covered);
            }
        } finally {
            pool.shutdown();
        }
        assertTrue(flushes.get() < callers, "syncs were not coalesced: " + flushes.get());
    }
}
