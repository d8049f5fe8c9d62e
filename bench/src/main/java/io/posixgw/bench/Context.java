package io.posixgw.bench;

import io.minio.BucketExistsArgs;
import io.minio.MakeBucketArgs;
import io.minio.MinioClient;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What every section shares: the plan, payloads, and one long-lived client per target. */
final class Context implements AutoCloseable {
    final Plan plan;
    final Clients clients;
    final Payloads payloads;
    final List<Target> targets;
    private final Map<String, MinioClient> shared = new HashMap<>();
    private final Map<String, FileFloor> floors = new HashMap<>();

    Context(Plan plan, Clients clients, Payloads payloads, List<Target> targets) {
        this.plan = plan;
        this.clients = clients;
        this.payloads = payloads;
        this.targets = List.copyOf(targets);
    }

    /** The client shared by all threads of this process against {@code target}. */
    synchronized MinioClient client(Target target) {
        return shared.computeIfAbsent(
                target.name(), n -> clients.shared(target, Math.max(plan.mixedClients(), ParallelPutGet.THREADS)));
    }

    /** The file operations of a file-system floor target, over its directory and the run's bucket. */
    synchronized FileFloor floor(Target target) {
        return floors.computeIfAbsent(
                target.name(),
                n -> FileFloor.of(
                        target.role() == Target.Role.FILES_CHOSEN ? FileFloor.Kind.CHOSEN : FileFloor.Kind.MINIMAL,
                        target.root(),
                        bucket()));
    }

    Plan plan() {
        return plan;
    }

    String bucket() {
        return plan.bucket();
    }

    /** The first S3 target: the one whose data root the floor (nginx) serves. */
    Target primary() {
        return targets.stream()
                .filter(t -> t.role() == Target.Role.S3)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no S3 target"));
    }

    void ensureBucket(Target target) throws Exception {
        MinioClient mc = client(target);
        if (!mc.bucketExists(BucketExistsArgs.builder().bucket(bucket()).build())) {
            mc.makeBucket(MakeBucketArgs.builder().bucket(bucket()).build());
        }
    }

    @Override
    public synchronized void close() {
        for (MinioClient mc : shared.values()) {
            try {
                mc.close();
            } catch (Exception ignored) {
                // closing is best effort
            }
        }
        shared.clear();
        for (FileFloor f : floors.values()) {
            try {
                f.close();
            } catch (Exception ignored) {
                // closing is best effort
            }
        }
        floors.clear();
    }
}
