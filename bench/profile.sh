#!/usr/bin/env bash
# Profiles posixgw under the bench's mixed load and counts its syscalls per request:
#
#   bench/profile.sh              # 60 s of mixed load, 500 PUTs / GETs under strace
#
# Starts posixgw (gateway-server/target/posixgw.jar, --quiet, --fsync on unless
# PROFILE_FSYNC=off) on a temporary directory on 127.0.0.1, then:
#   1. JFR (settings=profile) over the mixed load -> mixed.jfr, `jfr summary`, and
#      jfr-hotspots.md (CPU by method, allocation sites, native frames, I/O events);
#   2. async-profiler (the tools.profiler:async-profiler jar from Maven Central,
#      loaded with jcmd JVMTI.agent_load) over the same load, CPU with kernel frames
#      -> async-cpu.txt (flat profile and top traces), async-cpu.html (flame graph),
#      async-cpu.collapsed and async-hotspots.md (by syscall, by posixgw method);
#   3. strace -c -f over 500 sequential 64 KiB PUTs, then GETs, then an idle baseline
#      of the same length -> strace-*.txt, and the syscalls of 3 PUTs in sequence;
#   4. time per syscall, per request type: for each of PUT (fresh key
#      `executions-data/<uuid>/out.bin`), GET, STAT (HEAD) and DELETE, PROFILE_TIME_COUNT
#      (default 300) sequential requests of PROFILE_TIME_SIZE bytes (default 4096) under
#      `strace -f -c -w` (-w: wall-clock time from entry to exit of each call, so an fsync
#      counts what it waited for the disk, not only its CPU) -> syscall-time-<op>.txt,
#      and syscall-time.md: per syscall the calls per request, the mean us per call and
#      the us per request, the total without the thread wake-ups and JVM housekeeping
#      (futex, epoll, mmap..., marked ~, as bench/syscalls.sh does). strace stops the
#      server at every call, which inflates the cheap ones by a few us each: compare
#      rows with each other, not with the latency suite. When `perf trace -s` works here
#      (it needs the raw_syscalls tracepoints; `perf stat -e instructions` does not, in a
#      VM without PMU), the same loops also run under `perf trace -s -p PID`, much
#      cheaper than ptrace -> perf-trace-<op>.txt (per thread: calls, total, min, avg,
#      max ms per syscall). PROFILE_SKIP=jfr,async,strace leaves out steps 1 to 3
#      (any of them), for a quick look at step 4 alone.
# Output in bench/results/<date>/profile/ (or $PROFILE_OUT). Stops what it started, by PID.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
cd "$repo"
export LC_ALL=C.UTF-8
seconds="${PROFILE_SECONDS:-60}"
ap_version="${ASYNC_PROFILER_VERSION:-4.6}"

need=()
command -v strace >/dev/null || need+=(strace)
command -v curl >/dev/null || need+=(curl)
command -v unzip >/dev/null || need+=(unzip)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -q >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" >&2
fi
server_jar="$repo/gateway-server/target/posixgw.jar"
bench_jar="$repo/bench/target/posixgw-bench.jar"
if [ ! -f "$server_jar" ] || [ ! -f "$bench_jar" ]; then
  ./mvnw -B -q -DskipTests package >&2
fi
java_home="$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")"
jcmd="$java_home/bin/jcmd"; [ -x "$jcmd" ] || jcmd=jcmd
jfr="$java_home/bin/jfr"; [ -x "$jfr" ] || jfr=jfr

out="${PROFILE_OUT:-$repo/bench/results/$(date -u +%F)/profile}"
mkdir -p "$out"
. "$here/processes.sh" profile

# Private copies: a build in the work tree during the run must not swap the jars under running JVMs.
cp "$server_jar" "$work/posixgw.jar"; server_jar="$work/posixgw.jar"
cp "$bench_jar" "$work/posixgw-bench.jar"; bench_jar="$work/posixgw-bench.jar"

port=17170
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
access=bench secret="bench-$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
endpoint="http://127.0.0.1:$port"
java ${PROFILE_SERVER_JAVA_OPTS:-} -jar "$server_jar" --quiet --fsync "${PROFILE_FSYNC:-on}" \
  --port "127.0.0.1:$port" --access "$access" --secret "$secret" "$work/data" >"$out/posixgw.log" 2>&1 &
pid=$!; pids+=("$pid")
for i in $(seq 1 120); do curl -s -o /dev/null "$endpoint/_/health" && break; sleep 0.5; done

bench() { java -jar "$bench_jar" "$@"; }
mixed() {
  bench run --target "posixgw=$endpoint@$pid" --access "$access" --secret "$secret" --sections mixed --rounds 1 \
    --mixed-seconds "$1" --out "$work/report-$2" --command "bench/profile.sh ($2)" >"$out/mixed-$2.log" 2>&1
}

skip=",${PROFILE_SKIP:-},"
echo "profile: warming up (20 s of mixed load)" >&2
mixed 20 warmup

if [[ "$skip" != *,jfr,* ]]; then
echo "profile: JFR over ${seconds} s of mixed load" >&2
"$jcmd" "$pid" JFR.start name=bench settings=profile filename="$out/mixed.jfr" >/dev/null
mixed "$seconds" jfr
"$jcmd" "$pid" JFR.stop name=bench >/dev/null
cp "$work/report-jfr/report.md" "$out/mixed-under-jfr.md"
"$jfr" summary "$out/mixed.jfr" >"$out/jfr-summary.txt"
bench jfr-summary --top 20 "$out/mixed.jfr" >"$out/jfr-hotspots.md"
fi

m2="${MAVEN_REPO:-$HOME/.m2/repository}"
ap_jar="$m2/tools/profiler/async-profiler/$ap_version/async-profiler-$ap_version.jar"
if [ ! -f "$ap_jar" ]; then
  ./mvnw -B -q dependency:get -Dartifact="tools.profiler:async-profiler:$ap_version" >&2 || true
fi
if [ -f "$ap_jar" ] && [[ "$skip" != *,async,* ]]; then
  echo "profile: async-profiler over ${seconds} s of mixed load" >&2
  (cd "$work" && unzip -q -o "$ap_jar" 'linux-x64/libasyncProfiler.so')
  lib="$work/linux-x64/libasyncProfiler.so"
  # jcmd reads NAME=VALUE as its own named arguments: the agent's options go in quotes.
  "$jcmd" "$pid" JVMTI.agent_load "$lib" "\"start,event=cpu,interval=1ms\"" >"$out/async.log" 2>&1 || true
  mixed "$seconds" async
  "$jcmd" "$pid" JVMTI.agent_load "$lib" "\"stop,file=$out/async-cpu.txt,flat=30,traces=15\"" >>"$out/async.log" 2>&1 || true
  "$jcmd" "$pid" JVMTI.agent_load "$lib" "\"dump,file=$out/async-cpu.html\"" >>"$out/async.log" 2>&1 || true
  "$jcmd" "$pid" JVMTI.agent_load "$lib" "\"dump,collapsed,file=$out/async-cpu.collapsed\"" >>"$out/async.log" 2>&1 || true
  bench stacks-summary --top 20 "$out/async-cpu.collapsed" >"$out/async-hotspots.md" || true
fi

trace_loop() { # op file
  local fifo="$work/ready-$1"
  mkfifo "$fifo"
  : >"$2.loop"
  bench op-loop --endpoint "$endpoint" --access "$access" --secret "$secret" --op "$1" --count 500 --ready-delay 2 \
    >"$fifo" 2>&1 &
  local loop=$!; pids+=("$loop")
  local st="" line
  while read -r line; do
    if [ "$line" = ready ] && [ -z "$st" ]; then
      strace -c -f -p "$pid" -o "$2" 2>/dev/null &
      st=$!; pids+=("$st")
    else
      echo "$line" >>"$2.loop"
    fi
  done <"$fifo"
  wait "$loop" || true
  kill -INT "$st" 2>/dev/null || true
  wait "$st" 2>/dev/null || true
}
if [[ "$skip" != *,strace,* ]]; then
echo "profile: strace -c over 500 PUTs, 500 GETs and an idle baseline" >&2
trace_loop put "$out/strace-put.txt"
trace_loop get "$out/strace-get.txt"
loop_seconds=$(grep -o 'in [0-9.]* s' "$out/strace-put.txt.loop" | head -1 | awk '{print int($2 + 0.5)}')
strace -c -f -p "$pid" -o "$out/strace-idle.txt" 2>/dev/null &
st=$!; pids+=("$st")
sleep "${loop_seconds:-5}"
kill -INT "$st" 2>/dev/null || true
wait "$st" 2>/dev/null || true

# The syscalls of 3 PUTs in order (thread id, time, call), without the futex noise.
fifo="$work/ready-seq"; mkfifo "$fifo"
bench op-loop --endpoint "$endpoint" --access "$access" --secret "$secret" --op put --count 3 --size 4096 --ready-delay 2 \
  >"$fifo" 2>&1 &
loop=$!; pids+=("$loop")
st=""
while read -r line; do
  if [ "$line" = ready ] && [ -z "$st" ]; then
    strace -f -tt -e 'trace=!futex,sched_yield,clock_gettime,gettid' -p "$pid" -o "$out/strace-3-puts.txt" 2>/dev/null &
    st=$!; pids+=("$st")
    sleep 1
  fi
done <"$fifo"
wait "$loop" || true
sleep 0.5
kill -INT "$st" 2>/dev/null || true
wait "$st" 2>/dev/null || true
fi

# --- 4. time per syscall, per request type -------------------------------------------
time_count="${PROFILE_TIME_COUNT:-300}"
time_size="${PROFILE_TIME_SIZE:-4096}"
perf_ok=""
if command -v perf >/dev/null && perf trace -s true >/dev/null 2>&1; then
  perf_ok=1
fi
time_loop() { # op tracer-command... (the tracer is started with -p PID -o FILE appended by the caller's words)
  local op=$1; shift
  local fifo="$work/ready-time-$op-$RANDOM"
  mkfifo "$fifo"
  bench op-loop --endpoint "$endpoint" --access "$access" --secret "$secret" --op "$op" --count "$time_count" \
    --size "$time_size" --ready-delay 2 >"$fifo" 2>&1 &
  local loop=$!; pids+=("$loop")
  local st="" line
  while read -r line; do
    if [ "$line" = ready ] && [ -z "$st" ]; then
      "$@" 2>/dev/null &
      st=$!; pids+=("$st")
    else
      echo "$line" >>"$out/syscall-time-$op.loop"
    fi
  done <"$fifo"
  wait "$loop" || true
  kill -INT "$st" 2>/dev/null || true
  wait "$st" 2>/dev/null || true
}
echo "profile: time per syscall (strace -f -c -w${perf_ok:+, perf trace -s}), $time_count requests of each kind" >&2
for op in put get stat delete; do
  : >"$out/syscall-time-$op.loop"
  time_loop "$op" strace -f -c -w -p "$pid" -o "$out/syscall-time-$op.txt"
  if [ -n "$perf_ok" ]; then
    time_loop "$op" perf trace -s -p "$pid" -o "$out/perf-trace-$op.txt"
  fi
done
noise="futex epoll_pwait epoll_pwait2 epoll_wait epoll_ctl restart_syscall gettid getrusage sysinfo mmap munmap mprotect madvise sched_yield sched_getaffinity clock_nanosleep rt_sigreturn rt_sigprocmask"
{
  echo "# Time per syscall, per request"
  echo
  echo "\`strace -f -c -w\` attached to posixgw (--fsync ${PROFILE_FSYNC:-on}) over $time_count sequential requests of"
  echo "$time_size bytes of each kind, after the profile's mixed load (JIT warm). Wall-clock time of each call;"
  echo "~ rows (thread wake-ups, JVM housekeeping) are left out of the total. strace's stops add a few us per call."
  for op in put get stat delete; do
    echo
    echo "## $op"
    echo
    echo "| syscall | calls/request | errors/request | us per call | us per request |"
    echo "|---|---|---|---|---|"
    awk -v c="$time_count" -v noise="$noise" '
      BEGIN { split(noise, a, " "); for (k in a) isnoise[a[k]] = 1 }
      NF >= 5 && $1 ~ /^[0-9.]+$/ && $NF != "total" {
        name = $NF; sec = $2; calls = $4; errs = (NF == 6) ? $5 : 0
        per = sec * 1e6 / c; each = (calls > 0) ? sec * 1e6 / calls : 0
        wake = (name in isnoise); mark = wake ? "~ " : ""
        printf "%d| %s%s | %.2f | %.2f | %.1f | %.1f |\n", wake, mark, name, calls / c, errs / c, each, per
        if (!wake) { tc += calls / c; tt += per } }
      END { printf "2| **total without ~** | %.2f | | | %.1f |\n", tc, tt }' "$out/syscall-time-$op.txt" \
      | sort -t'|' -k1,1n -k6,6gr | cut -d'|' -f2- | sed 's/^/|/'
    echo
    echo "Loop under strace: $(head -1 "$out/syscall-time-$op.loop" 2>/dev/null)"
  done
} >"$out/syscall-time.md"
echo "profile: done, see $out" >&2
