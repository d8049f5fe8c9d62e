package io.posixgw.migrate;

import io.posixgw.core.S3Error;
import io.posixgw.core.S3Exception;
import io.posixgw.core.listing.KeyOrder;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The migration itself: scan the source (totals for the ETA), then list it again and
 * hand each object to a pool of workers that skip what the destination already holds,
 * copy the rest and verify each copy; finally, with {@code --delete-extra}, remove what
 * the destination holds beyond the source. Interruptible at any point ({@link #cancel()}
 * or an interrupt of the running thread): objects in flight are abandoned unpublished,
 * and a new run resumes by skipping what was done.
 */
final class Copier {
    /**
     * @param attempts   tries per object for failures that may pass (network, 5xx, a changed source)
     * @param retryDelay pause before the second try, doubled for each further one
     */
    /** @param recopy copy every object, also those whose bytes the destination holds (to bring metadata and tags over) */
    record Options(
            int concurrency, boolean dryRun, boolean deleteExtra, int attempts, Duration retryDelay, boolean recopy) {}

    private final S3Source source;
    private final Destination destination;
    private final Options options;
    private final Progress progress;
    private final List<String> failures = Collections.synchronizedList(new ArrayList<>());
    private volatile boolean cancelled;

    Copier(S3Source source, Destination destination, Options options, Progress progress) {
        this.source = source;
        this.destination = destination;
        this.options = options;
        this.progress = progress;
    }

    /** Stops the run: no new objects, objects in flight abandoned before they are published. */
    void cancel() {
        cancelled = true;
    }

    boolean cancelled() {
        return cancelled;
    }

    Summary run(List<String> buckets) {
        Set<String> complete = new LinkedHashSet<>(buckets);
        progress.phase("scanning");
        for (String bucket : buckets) {
            if (!scan(bucket)) {
                complete.remove(bucket);
            }
        }
        progress.phase(options.dryRun() ? "checking" : "copying");
        ExecutorService pool = Executors.newFixedThreadPool(options.concurrency(), daemonThreads());
        Semaphore slots = new Semaphore(options.concurrency() * 4);
        try {
            for (String bucket : buckets) {
                if (cancelled || !complete.contains(bucket)) {
                    continue;
                }
                if (!copyBucket(bucket, pool, slots)) {
                    complete.remove(bucket);
                }
            }
        } catch (InterruptedException e) {
            cancel();
        } finally {
            pool.shutdown();
            awaitQuietly(pool);
        }
        if (options.deleteExtra()) {
            progress.phase(options.dryRun() ? "checking extra" : "deleting extra");
            for (String bucket : complete) {
                if (!cancelled) {
                    deleteExtra(bucket);
                }
            }
        }
        if (Thread.currentThread().isInterrupted()) {
            cancel();
        }
        return new Summary(
                source.endpoint,
                destination.describe(),
                buckets,
                options.dryRun(),
                progress.totalObjects.get(),
                progress.copied.get(),
                progress.copiedBytes.get(),
                progress.skipped.get(),
                progress.deleted.get(),
                List.copyOf(failures),
                cancelled,
                progress.elapsed());
    }

    /** Counts the objects and bytes of a bucket; false when it cannot be listed. */
    private boolean scan(String bucket) {
        try {
            Iterator<SourceObject> it = source.list(bucket);
            while (it.hasNext()) {
                if (cancelled || Thread.currentThread().isInterrupted()) {
                    cancel();
                    return false;
                }
                SourceObject o = it.next();
                progress.totalObjects.incrementAndGet();
                progress.totalBytes.addAndGet(o.size());
            }
            return true;
        } catch (S3Source.ListingFailure e) {
            failures.add(bucket + ": " + e.getMessage());
            return false;
        }
    }

    /** Lists the bucket and queues every object; false when the listing broke off. */
    private boolean copyBucket(String bucket, ExecutorService pool, Semaphore slots) throws InterruptedException {
        try {
            destination.checkName(bucket, null);
            if (!options.dryRun() && !destination.bucketExists(bucket)) {
                destination.createBucket(bucket);
            }
        } catch (IOException | RuntimeException e) {
            failures.add(bucket + ": cannot create the bucket: " + message(e));
            return false;
        }
        try {
            Iterator<SourceObject> it = source.list(bucket);
            while (it.hasNext()) {
                if (cancelled || Thread.currentThread().isInterrupted()) {
                    cancel();
                    return false;
                }
                SourceObject o = it.next();
                slots.acquire();
                try {
                    pool.execute(() -> {
                        try {
                            handle(o);
                        } finally {
                            slots.release();
                        }
                    });
                } catch (RuntimeException e) {
                    slots.release();
                    throw e;
                }
            }
            return true;
        } catch (S3Source.ListingFailure e) {
            failures.add(bucket + ": " + e.getMessage());
            return false;
        }
    }

    /** One object: skip, copy and verify, or record why not. */
    private void handle(SourceObject o) {
        String name = o.bucket() + "/" + o.key();
        if (cancelled) {
            return;
        }
        try {
            destination.checkName(o.bucket(), o.key());
        } catch (RuntimeException e) {
            fail(name, message(e));
            return;
        }
        long delay = options.retryDelay().toMillis();
        for (int attempt = 1; ; attempt++) {
            if (cancelled) {
                return;
            }
            try {
                Existing existing = options.recopy() ? null : destination.stat(o.bucket(), o.key());
                if (ContentRules.upToDate(o, existing)) {
                    progress.skipped.incrementAndGet();
                    progress.skippedBytes.addAndGet(o.size());
                    return;
                }
                if (options.dryRun()) {
                    progress.copied.incrementAndGet();
                    progress.copiedBytes.addAndGet(o.size());
                    return;
                }
                copy(o);
                return;
            } catch (InterruptedIOException e) {
                if (cancelled) {
                    return;
                }
                if (attempt >= options.attempts()) {
                    fail(name, message(e));
                    return;
                }
            } catch (IOException | RuntimeException e) {
                if (cancelled) {
                    return;
                }
                if (!retryable(e) || attempt >= options.attempts()) {
                    fail(name, message(e));
                    return;
                }
            }
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                cancel();
                return;
            }
            delay *= 2;
        }
    }

    private void copy(SourceObject o) throws IOException {
        try (OpenedObject in = source.open(o)) {
            Written w = destination.write(o.bucket(), o.key(), in, progress.transferred::addAndGet, this::cancelled);
            String problem = ContentRules.verify(in.etag, in.size, w);
            if (problem != null) {
                destination.discard(o.bucket(), o.key());
                throw new VerificationFailure(problem);
            }
            progress.copied.incrementAndGet();
            progress.copiedBytes.addAndGet(w.size());
        }
    }

    private void fail(String name, String why) {
        progress.failed.incrementAndGet();
        failures.add(name + ": " + why);
    }

    /**
     * With the merged listings of source and destination (both in UTF-8 binary order,
     * which is checked), removes the destination keys the source does not have. The keys
     * to remove are collected first and removed only once both listings are complete.
     */
    private void deleteExtra(String bucket) {
        List<String> extra = new ArrayList<>();
        try {
            Ordered src = new Ordered(mapKeys(source.list(bucket)), "source");
            Ordered dst = new Ordered(destination.keys(bucket), "destination");
            String s = src.next();
            String d = dst.next();
            while (d != null) {
                if (cancelled) {
                    return;
                }
                int c = s == null ? -1 : KeyOrder.compare(d, s);
                if (c < 0) {
                    extra.add(d);
                    d = dst.next();
                } else if (c == 0) {
                    d = dst.next();
                    s = src.next();
                } else {
                    s = src.next();
                }
            }
        } catch (S3Source.ListingFailure | IOException | IllegalStateException e) {
            failures.add(bucket + ": extra objects not deleted: " + message(e));
            return;
        }
        for (String key : extra) {
            if (cancelled) {
                return;
            }
            if (options.dryRun()) {
                progress.deleted.incrementAndGet();
                continue;
            }
            try {
                destination.delete(bucket, key);
                progress.deleted.incrementAndGet();
            } catch (IOException | RuntimeException e) {
                failures.add(bucket + "/" + key + ": cannot delete the extra object: " + message(e));
            }
        }
    }

    private static Iterator<String> mapKeys(Iterator<SourceObject> it) {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public String next() {
                return it.next().key();
            }
        };
    }

    /** A key listing that must be strictly increasing in UTF-8 order; next() is null at the end. */
    private static final class Ordered {
        private final Iterator<String> it;
        private final String what;
        private String last;

        Ordered(Iterator<String> it, String what) {
            this.it = it;
            this.what = what;
        }

        String next() {
            if (!it.hasNext()) {
                return null;
            }
            String k = it.next();
            if (last != null && KeyOrder.compare(last, k) >= 0) {
                throw new IllegalStateException("the " + what + " listing is not in UTF-8 binary order ('" + last
                        + "' before '" + k + "'): not deleting anything");
            }
            last = k;
            return k;
        }
    }

    private static boolean retryable(Exception e) {
        if (e instanceof S3Failure f) {
            return f.retryable();
        }
        if (e instanceof S3Exception s) {
            // the local backend: only a digest mismatch (the source changed or the bytes were damaged) may pass
            return s.error() == S3Error.BAD_DIGEST;
        }
        return e instanceof IOException;
    }

    static String message(Throwable e) {
        if (e instanceof S3Exception s) {
            return s.error().code() + ": " + s.getMessage();
        }
        String m = e.getMessage();
        return m == null || m.isEmpty() ? e.getClass().getSimpleName() : m;
    }

    private void awaitQuietly(ExecutorService pool) {
        boolean interrupted = false;
        while (true) {
            try {
                if (pool.awaitTermination(1, TimeUnit.HOURS)) {
                    break;
                }
            } catch (InterruptedException e) {
                interrupted = true;
                cancel();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static java.util.concurrent.ThreadFactory daemonThreads() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "migrate-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /** A copy whose bytes do not match the source: retried, as the source may have changed meanwhile. */
    static final class VerificationFailure extends IOException {
        VerificationFailure(String message) {
            super(message);
        }
    }
}
