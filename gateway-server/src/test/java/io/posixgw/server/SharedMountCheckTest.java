package io.posixgw.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SharedMountCheckTest {
    private static final List<String> MOUNTS = List.of(
            "/dev/sda1 / ext4 rw,relatime 0 0",
            "gl:/pgw /data fuse.glusterfs rw,relatime,user_id=0,group_id=0,default_permissions,allow_other,max_read=131072 0 0",
            "srv:/x /nfs nfs4 rw,relatime,vers=4.2,hard,proto=tcp,acregmin=3,acregmax=60 0 0",
            "srv:/y /nfs/safe nfs4 rw,vers=4.2,hard,acregmin=0,acregmax=0,acdirmin=0,acdirmax=0,lookupcache=none 0 0",
            "srv:/z /with\\040space nfs rw,nolock,soft 0 0");

    private static SharedMountCheck.Mount mount(String root) {
        return SharedMountCheck.mountOf(Path.of(root), MOUNTS).orElseThrow();
    }

    @Test
    void theLongestMountPointHoldsTheRoot() {
        assertEquals("/", mount("/tmp/x").point());
        assertEquals("/nfs/safe", mount("/nfs/safe/data").point());
        assertEquals("/with space", mount("/with space/d").point());
        assertEquals("/", mount("/nfsx").point(), "a prefix of the name is not a parent");
    }

    @Test
    void localFileSystemsAndSafeMountsAreNotWarnedAbout() {
        assertEquals(List.of(), SharedMountCheck.warnings(mount("/tmp"), Optional.empty()));
        assertEquals(List.of(), SharedMountCheck.warnings(mount("/nfs/safe/d"), Optional.empty()));
        assertEquals(
                List.of(),
                SharedMountCheck.warnings(
                        mount("/data"),
                        Optional.of(
                                "glusterfs -N --entry-timeout=0 --attribute-timeout=0 --negative-timeout=0 -f v.vol /data")));
    }

    @Test
    void cachingOnLocalLocksAndSoftMountsAreWarnedAbout() {
        assertTrue(SharedMountCheck.warnings(mount("/data"), Optional.of("glusterfs -f v.vol /data"))
                .get(0)
                .contains("caching on"));
        assertTrue(SharedMountCheck.warnings(mount("/data"), Optional.empty())
                .get(0)
                .contains("cannot see"));
        assertEquals(
                1, SharedMountCheck.warnings(mount("/nfs/d"), Optional.empty()).size());
        List<String> bad = SharedMountCheck.warnings(mount("/with space/d"), Optional.empty());
        assertEquals(3, bad.size(), bad.toString());
        assertTrue(bad.get(0).contains("local locks"));
    }
}
