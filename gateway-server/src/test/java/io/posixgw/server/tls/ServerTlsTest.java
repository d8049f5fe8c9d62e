package io.posixgw.server.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.posixgw.server.tls.TestCertificates.Issued;
import io.posixgw.server.tls.TestCertificates.KeyFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reloading: changed files are taken, unchanged or broken ones leave the certificate served. */
class ServerTlsTest {
    @TempDir
    Path dir;

    @Test
    void reloadIfChangedTakesNewFilesOnlyOnceAndKeepsTheOldOnesOnFailure() throws Exception {
        Path cert = dir.resolve("tls.crt");
        Path key = dir.resolve("tls.key");
        Issued first = TestCertificates.issue(1, KeyFormat.PKCS8_EC);
        first.writeTo(cert, key);
        ServerTls tls = ServerTls.load(cert, key);
        assertEquals(first.serial(), tls.certificate().getSerialNumber());
        assertFalse(tls.reloadIfChanged(), "nothing changed");

        Issued second = TestCertificates.issue(2, KeyFormat.PKCS1_RSA);
        second.writeTo(cert, key);
        assertTrue(tls.reloadIfChanged());
        assertEquals(second.serial(), tls.certificate().getSerialNumber());
        assertFalse(tls.reloadIfChanged(), "taken once");

        // a renewal written file by file: the new certificate with the old key fails, and is not retried until a file
        // changes
        Issued third = TestCertificates.issue(3, KeyFormat.SEC1_EC);
        Files.writeString(cert, TestCertificates.pem(third.certificate()));
        assertFalse(tls.reloadIfChanged());
        assertEquals(second.serial(), tls.certificate().getSerialNumber(), "the served certificate stays");
        assertFalse(tls.reloadIfChanged());
        third.writeTo(cert, key);
        assertTrue(tls.reloadIfChanged());
        assertEquals(third.serial(), tls.certificate().getSerialNumber());

        Files.delete(key);
        assertFalse(tls.reloadIfChanged(), "a vanished file is not a reason to drop the certificate");
        assertFalse(tls.reload());
        assertEquals(third.serial(), tls.certificate().getSerialNumber());
    }
}
