package io.posixgw.testkit.memory;

import io.posixgw.core.listing.KeyOrder;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/** A bucket's state; guarded by the backend's lock. Identity matters: a bucket made again is another one. */
final class MemoryBucket {
    /** The Object Lock configuration, null for none. */
    io.posixgw.core.lock.LockConfiguration objectLock;

    final String name;
    final String owner;
    final Instant created;
    final TreeMap<String, Stored> objects = new TreeMap<>(KeyOrder.COMPARATOR);
    final Map<String, Upload> uploads = new HashMap<>();
    Map<String, String> tags = Map.of();
    /** Configuration documents as stored; a new bucket's Public Access Block blocks everything, as on S3. */
    final Map<io.posixgw.core.backend.BucketConfig, byte[]> configs =
            new java.util.EnumMap<>(io.posixgw.core.backend.BucketConfig.class);

    /**
     * Object ACLs by the stored version's bytes (identity): a tag change keeps the bytes and so the
     * ACL, a new write of the key has new bytes and starts without one, as on disk.
     */
    final Map<byte[], byte[]> objectAcls = new java.util.IdentityHashMap<>();

    MemoryBucket(String name, String owner, Instant created) {
        this.name = name;
        this.owner = owner;
        this.created = created;
        configs.put(
                io.posixgw.core.backend.BucketConfig.PUBLIC_ACCESS_BLOCK,
                io.posixgw.core.policy.PublicAccessBlock.ALL.toJson());
        configs.put(
                io.posixgw.core.backend.BucketConfig.OWNERSHIP,
                io.posixgw.core.acl.ObjectOwnership.BUCKET_OWNER_ENFORCED
                        .wire()
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
