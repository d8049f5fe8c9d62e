package io.posixgw.posix;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Fs#removeIfEmpty} only ever removes a directory: a pruned prefix that became a file
 * meanwhile (a key unfolded by another gateway) must stay. Before, it unlinked the file.
 */
class FsRemoveIfEmptyTest {
    @TempDir
    Path tmp;

    @Test
    void aFileIsNeverRemoved() throws Exception {
        Path f = Files.writeString(tmp.resolve("p"), "an object");
        assertFalse(Fs.removeIfEmpty(f));
        assertTrue(Files.isRegularFile(f), "the file stays");
    }

    @Test
    void anEmptyDirectoryIsRemovedAndAFullOneKept() throws Exception {
        Path d = Files.createDirectory(tmp.resolve("d"));
        Files.writeString(d.resolve("x"), "x");
        assertFalse(Fs.removeIfEmpty(d));
        Files.delete(d.resolve("x"));
        assertTrue(Fs.removeIfEmpty(d));
        assertFalse(Files.exists(d));
        assertFalse(Fs.removeIfEmpty(d), "gone");
    }

    @Test
    void aSymlinkIsNeverRemoved() throws Exception {
        Path target = Files.createDirectory(tmp.resolve("t"));
        Path link = Files.createSymbolicLink(tmp.resolve("l"), target);
        assertFalse(Fs.removeIfEmpty(link));
        assertTrue(Files.isSymbolicLink(link));
    }
}
