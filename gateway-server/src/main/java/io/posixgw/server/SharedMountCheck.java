package io.posixgw.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the start can tell of a data root on a shared (network or cluster) file system, for
 * a warning: several gateways over such a root are correct only with the client's attribute
 * and lookup caches off (docs/DEPLOY-SCALE-OUT.md, "Mount options"). It reads
 * {@code /proc/self/mounts} (the root's mount: its type and, for NFS, its options) and, for
 * GlusterFS's FUSE client, that client's command line (its cache timeouts are not mount
 * options). It never refuses: one gateway on such a mount is fine, and what it cannot see
 * it says so.
 */
final class SharedMountCheck {
    /** A mount from /proc/self/mounts. */
    record Mount(String point, String type, List<String> options) {}

    private SharedMountCheck() {}

    /** File systems on a disk of this machine (or in its memory), where a file call never waits for a network. */
    private static final java.util.Set<String> LOCAL = java.util.Set.of(
            "ext2", "ext3", "ext4", "xfs", "btrfs", "zfs", "f2fs", "bcachefs", "jfs", "tmpfs", "ramfs", "overlay");

    /**
     * Whether {@code root} is on a local file system ({@link #LOCAL}); false on network and FUSE file
     * systems and when the mounts cannot be read. Decides {@code --inline-reads auto}.
     */
    static boolean isLocal(Path root) {
        try {
            return mountOf(root.toAbsolutePath().normalize(), Files.readAllLines(Path.of("/proc/self/mounts")))
                    .map(m -> LOCAL.contains(m.type()))
                    .orElse(false);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The warnings for a data root at {@code root}; empty on a local file system. */
    static List<String> warnings(Path root) {
        try {
            Optional<Mount> m =
                    mountOf(root.toAbsolutePath().normalize(), Files.readAllLines(Path.of("/proc/self/mounts")));
            return m.isEmpty()
                    ? List.of()
                    : warnings(m.get(), glusterClientArgs(m.get().point()));
        } catch (IOException | RuntimeException e) {
            return List.of(); // not Linux, or /proc unreadable: nothing to tell
        }
    }

    static List<String> warnings(Mount m, Optional<String> glusterArgs) {
        List<String> out = new ArrayList<>();
        String t = m.type();
        if (t.equals("fuse.glusterfs")) {
            String args = glusterArgs.orElse("");
            boolean off = args.contains("--entry-timeout=0")
                    && args.contains("--attribute-timeout=0")
                    && args.contains("--negative-timeout=0");
            if (glusterArgs.isEmpty()) {
                out.add("the data root is on GlusterFS (" + m.point()
                        + "), whose client's cache settings posixgw cannot see: with "
                        + "several gateways, mount with entry-timeout=0,attribute-timeout=0,negative-timeout=0 and "
                        + "performance.md-cache-timeout 0 (docs/DEPLOY-SCALE-OUT.md)");
            } else if (!off) {
                out.add(
                        "the data root is on GlusterFS (" + m.point()
                                + ") with the FUSE client's entry, attribute or negative "
                                + "caching on: several gateways over it can serve stale objects, and with --sidecar objects "
                                + "without their attributes; mount with entry-timeout=0,"
                                + "attribute-timeout=0,negative-timeout=0 and performance.md-cache-timeout 0 (docs/DEPLOY-SCALE-OUT.md)");
            }
        } else if (t.startsWith("nfs")) {
            List<String> o = m.options();
            if (o.contains("nolock")
                    || o.stream().anyMatch(x -> x.startsWith("local_lock=") && !x.equals("local_lock=none"))) {
                out.add("the data root is on NFS (" + m.point()
                        + ") with local locks (nolock or local_lock): record locks do "
                        + "not exclude other gateways, several gateways over it are not safe");
            }
            if (!o.contains("lookupcache=none")
                    || !(o.contains("actimeo=0") || (o.contains("acregmax=0") && o.contains("acdirmax=0")))) {
                out.add("the data root is on NFS (" + m.point()
                        + ") with attribute or lookup caching on: with several gateways, "
                        + "mount with actimeo=0,lookupcache=none (docs/DEPLOY-SCALE-OUT.md)");
            }
            if (o.contains("soft")) {
                out.add("the data root is on NFS (" + m.point()
                        + ") mounted soft: a timeout fails an object midway; mount hard");
            }
        }
        return out;
    }

    /** The mount holding {@code root}: the longest mount point that is a prefix of it. */
    static Optional<Mount> mountOf(Path root, List<String> mountsLines) {
        Mount best = null;
        for (String line : mountsLines) {
            String[] f = line.split(" ");
            if (f.length < 4) {
                continue;
            }
            String point = unescape(f[1]);
            if (root.startsWith(Path.of(point))
                    && (best == null || point.length() > best.point().length())) {
                best = new Mount(point, f[2], List.of(f[3].split(",")));
            }
        }
        return Optional.ofNullable(best);
    }

    /** The command line of the glusterfs process serving the mount at {@code point}, if this user can see it. */
    private static Optional<String> glusterClientArgs(String point) throws IOException {
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(
                Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path p : procs) {
                String cmd;
                try {
                    cmd = new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8)
                            .replace('\0', ' ')
                            .trim();
                } catch (IOException gone) {
                    continue;
                }
                if (cmd.contains("glusterfs") && (cmd.endsWith(" " + point) || cmd.contains(" " + point + " "))) {
                    return Optional.of(cmd);
                }
            }
        }
        return Optional.empty();
    }

    private static String unescape(String s) {
        return s.replace("\\040", " ")
                .replace("\\011", "\t")
                .replace("\\012", "\n")
                .replace("\\134", "\\");
    }
}
