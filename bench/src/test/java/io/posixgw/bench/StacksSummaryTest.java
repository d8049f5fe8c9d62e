package io.posixgw.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class StacksSummaryTest {
    @Test
    void tiesKernelTimeToTheOwnMethodThatEnteredIt() {
        StacksSummary s = new StacksSummary();
        s.file = Path.of("cpu.collapsed");
        s.top = 5;
        s.ownPackage = "io.posixgw.";
        s.read(List.of(
                "java/lang/Thread.run;io/posixgw/posix/StagedFile.create;__GI___libc_open;__x64_sys_openat_[k];"
                        + "__ext4_new_inode_[k];recently_deleted_[k] 30",
                "java.lang.Thread.run;io.posixgw.posix.Committer.publish;__x64_sys_fsync_[k];finish_task_switch_[k] 10",
                "java.lang.Thread.run;io.netty.channel.epoll.Native.epollWait0 60"));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        s.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String md = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(md.contains("| 30.0 | 30 | `openat from io.posixgw.posix.StagedFile.create` |"), md);
        assertTrue(md.contains("| 30.0 | 30 | `recently_deleted [kernel]` |"), md);
        assertTrue(md.contains("| 10.0 | 10 | `fsync` |"), md);
        assertTrue(md.contains("| 60.0 | 60 | `(no io.posixgw. frame)` |"), md);
    }
}
