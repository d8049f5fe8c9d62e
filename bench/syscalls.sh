#!/usr/bin/env bash
# Syscalls per request, the contention-independent measure of server work:
#
#   bench/syscalls.sh                      # this tree's gateway-server/target/posixgw.jar
#   bench/syscalls.sh A.jar B.jar          # two server builds, same table (before/after)
#
# For each jar: starts posixgw (--quiet, --fsync on unless SYSCALLS_FSYNC=off) on a
# fresh temporary directory on 127.0.0.1, then for each of PUT (fresh key
# `executions-data/<uuid>/out.bin`), GET, STAT and DELETE (of such keys, which takes their
# directory along) runs SYSCALLS_COUNT (default 300) sequential requests of
# SYSCALLS_SIZE bytes (default 4096) with `strace -c -f` attached to the server (after
# SYSCALLS_WARMUP untraced requests of each kind, default 1000, for the JIT), and
# prints the calls per request by syscall. Rows marked ~ (futex, epoll, JIT/GC
# threads' calls) are thread wake-ups and JVM housekeeping, timing-dependent: shown,
# but left out of the total.
# With SYSCALLS_VERSIONING=1 the servers keep versions (--versioning-dir, a directory of the same
# disk): the bucket stays unversioned, so a PUT shows what keeping versions costs a bucket without them.
# With SYSCALLS_FLOORS=1, two more columns: the same requests done by the bench's file
# floors (`posixgw-bench floor-loop`: posixgw's file calls, floor-chosen, and the fewest
# calls Java 17 allows, floor-minimal, in a JVM without HTTP, on a directory of the same
# disk), traced the same way: what the server does beyond its file calls, and beyond
# the fewest. A third, floor-native (FFM calls on fds, run on Temurin 25 or $JAVA25), when
# the bench jar was built by a JDK 22+ (JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 ./mvnw
# -q package -DskipTests -pl bench -am).
# Stops what it started, by PID.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
export LC_ALL=C.UTF-8
count="${SYSCALLS_COUNT:-300}"
size="${SYSCALLS_SIZE:-4096}"
ops="${SYSCALLS_OPS:-put get stat delete}"
command -v strace >/dev/null || { apt-get update -q >&2; DEBIAN_FRONTEND=noninteractive apt-get install -y -q strace >&2; }
jars=("$@")
[ ${#jars[@]} -gt 0 ] || jars=("$repo/gateway-server/target/posixgw.jar")
bench_jar="$repo/bench/target/posixgw-bench.jar"
[ -f "$bench_jar" ] || (cd "$repo" && ./mvnw -B -q -DskipTests package >&2)

. "$here/processes.sh" syscalls
cp "$bench_jar" "$work/bench.jar"

access=bench secret="bench-$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
n=0
for jar in "${jars[@]}"; do
  n=$((n + 1))
  cp "$jar" "$work/server-$n.jar"
  port=17270
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
  extra=()
  if [ "${SYSCALLS_VERSIONING:-0}" = 1 ]; then
    mkdir -p "$work/versions-$n"; extra=(--versioning-dir "$work/versions-$n")
  fi
  java -jar "$work/server-$n.jar" --quiet --fsync "${SYSCALLS_FSYNC:-on}" --port "127.0.0.1:$port" --access "$access" \
    --secret "$secret" "${extra[@]}" "$work/data-$n" >"$work/server-$n.log" 2>&1 &
  pid=$!; pids+=("$pid")
  for i in $(seq 1 120); do curl -s -o /dev/null "http://127.0.0.1:$port/_/health" && break; sleep 0.5; done
  # JIT warm-up, untraced: the first requests load classes and compile (JIT threads' calls are noise).
  for op in $ops; do
    java -jar "$work/bench.jar" op-loop --endpoint "http://127.0.0.1:$port" --access "$access" --secret "$secret" \
      --op "$op" --count "${SYSCALLS_WARMUP:-1000}" --size "$size" >/dev/null 2>&1
  done
  for op in $ops; do
    fifo="$work/ready-$n-$op"; mkfifo "$fifo"
    java -jar "$work/bench.jar" op-loop --endpoint "http://127.0.0.1:$port" --access "$access" --secret "$secret" \
      --op "$op" --count "$count" --size "$size" --ready-delay 2 >"$fifo" 2>&1 &
    loop=$!; pids+=("$loop")
    st=""
    while read -r line; do
      if [ "$line" = ready ] && [ -z "$st" ]; then
        strace -c -f -p "$pid" -o "$work/strace-$n-$op.txt" 2>/dev/null &
        st=$!; pids+=("$st")
      else
        echo "$line" >"$work/loop-$n-$op.txt"
      fi
    done <"$fifo"
    wait "$loop" || true
    kill -INT "$st" 2>/dev/null || true
    wait "$st" 2>/dev/null || true
  done
done

labels=()
for jar in "${jars[@]}"; do labels+=("$(basename "$jar")"); done
if [ "${SYSCALLS_FLOORS:-0}" = 1 ]; then
  floors="chosen minimal"
  # floor-native (FFM calls on fds) when the bench was built by a JDK 22+ and one is here to run it.
  j25="${JAVA25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}"
  # (grep -c, not -q: under pipefail an early grep exit would fail the pipe through unzip's SIGPIPE)
  if [ -x "$j25" ] && [ "$(unzip -l "$work/bench.jar" 2>/dev/null | grep -c 'io/posixgw/bench/NativeFloor.class')" -gt 0 ]; then
    floors="$floors native"
  fi
  for fl in $floors; do
    fjava=(java); [ "$fl" = native ] && fjava=("$j25" --enable-native-access=ALL-UNNAMED)
    n=$((n + 1)); labels+=("floor-$fl")
    for op in $ops; do
      fifo="$work/ready-$n-$op"; mkfifo "$fifo"
      "${fjava[@]}" -jar "$work/bench.jar" floor-loop --dir "$work/floor-$fl" --floor "$fl" --op "$op" --count "$count" \
        --size "$size" --warmup "${SYSCALLS_FLOOR_WARMUP:-300}" --ready-delay 2 >"$fifo" 2>&1 &
      loop=$!; pids+=("$loop")
      st=""
      while read -r line; do
        if [ "$line" = ready ] && [ -z "$st" ]; then
          strace -c -f -p "$loop" -o "$work/strace-$n-$op.txt" 2>/dev/null &
          st=$!; pids+=("$st")
        else
          echo "$line" >"$work/loop-$n-$op.txt"
        fi
      done <"$fifo"
      wait "$loop" || true
      kill -INT "$st" 2>/dev/null || true
      wait "$st" 2>/dev/null || true
    done
  done
fi

# One table per op: syscall, then calls (errors) per request for each jar. The total
# leaves out what the JVM does on its own (JIT and GC threads) and the wake-ups.
noise="futex epoll_pwait epoll_pwait2 epoll_wait epoll_ctl restart_syscall gettid getrusage sysinfo mmap munmap mprotect madvise sched_yield sched_getaffinity clock_nanosleep rt_sigreturn rt_sigprocmask"
for op in $ops; do
  echo
  echo "### $op, $count requests of $size bytes, calls per request (errors in parentheses)"
  echo
  header="| syscall |"; rule="|---|"
  for i in $(seq 1 $n); do header="$header ${labels[$((i - 1))]} ($i) |"; rule="$rule---|"; done
  echo "$header"; echo "$rule"
  for i in $(seq 1 $n); do
    awk -v c="$count" -v j="$i" 'NF >= 5 && $1 ~ /^[0-9.]+$/ && $NF != "total" {
        name = $NF; calls = $4; errs = (NF == 6) ? $5 : 0
        printf "%s %d %.2f %.2f\n", name, j, calls / c, errs / c }' "$work/strace-$i-$op.txt"
  done | awk -v n="$n" -v noise="$noise" '
    BEGIN { split(noise, a, " "); for (k in a) isnoise[a[k]] = 1 }
    { v[$1, $2] = ($4 > 0) ? sprintf("%.2f (%.2f)", $3, $4) : sprintf("%.2f", $3); names[$1] = 1
      if ($1 in isnoise) wake[$2] += $3; else tot[$2] += $3 }
    END { for (s in names) { line = ((s in isnoise) ? "| ~ " : "| ") s " |"
                             for (i = 1; i <= n; i++) line = line " " ((s, i) in v ? v[s, i] : "-") " |"; print line }
          line = "| **total without ~** |"; for (i = 1; i <= n; i++) line = line " " sprintf("%.2f", tot[i]) " |"; print line
          line = "| ~ (wake-ups, JVM threads) |"; for (i = 1; i <= n; i++) line = line " " sprintf("%.2f", wake[i]) " |"; print line }' \
    | sort
  for i in $(seq 1 $n); do echo; echo "($i) $(cat "$work/loop-$i-$op.txt" 2>/dev/null)"; done
done
