#!/usr/bin/env bash
# posixgw's footprint, measured the way issue 6 states its targets:
#
#   bench/footprint.sh                 # through ./posixgw, with its JVM options (jvm.options) and archive
#   POSIXGW_JAVA_OPTS="-Xmx64m" bench/footprint.sh    # the same with options added
#   FOOTPRINT_RUNS=5 bench/footprint.sh                # start-up measured 5 times (median reported)
#   FOOTPRINT_SERVER_ARGS="--metrics-path /_/metrics" bench/footprint.sh   # with server flags
#
# 1. start-up: from the exec of ./posixgw to the first 200 on /_/health (curl polling every 5 ms),
#    and to the first answered signed S3 request (CreateBucket with curl --aws-sigv4);
# 2. idle RSS: VmRSS of the server 12 s after that request (two of the JVM's native heap trims);
# 3. RSS under load: the bench's 8-thread section (8 threads sharing one MinIO client, 64 KiB
#    PUTs then GETs, 20 s of warm-up then 2 rounds), VmRSS sampled every 100 ms and VmHWM at the end;
# 4. idle RSS again 10 s after the load.
# Everything on 127.0.0.1, in a temporary directory; the server is stopped by PID.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
cd "$repo"
export LC_ALL=C.UTF-8

bench_jar="$repo/bench/target/posixgw-bench.jar"
if [ ! -f "$bench_jar" ]; then
  echo "footprint: building the jars..." >&2
  ./mvnw -B -q -DskipTests package >&2
fi
# The launcher builds the server jar and records its class-data archive when they are stale: not timed.
"$repo/posixgw" --version >/dev/null

work="$(mktemp -d /tmp/posixgw-footprint.XXXXXX)"
pid=""
sampler=""
stop() {
  [ -n "$sampler" ] && kill "$sampler" 2>/dev/null || true
  if [ -n "$pid" ]; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap stop EXIT
trap 'exit 130' INT TERM

port=17170
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
access="footprint"
secret="footprint-$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
url="http://127.0.0.1:$port"
s3() { # METHOD PATH: a signed request with curl; prints the status
  curl -s -o /dev/null -w '%{http_code}' -X "$1" --aws-sigv4 "aws:amz:us-east-1:s3" --user "$access:$secret" \
    -H "x-amz-content-sha256: UNSIGNED-PAYLOAD" "$url$2"
}
rss() { awk '/^VmRSS:/ {printf "%.1f", $2 / 1024}' "/proc/$1/status"; }
hwm() { awk '/^VmHWM:/ {printf "%.1f", $2 / 1024}' "/proc/$1/status"; }
now_ms() { date +%s%3N; }

# --- start-up, FOOTPRINT_RUNS times (the last server stays up for the rest) -------------------
runs=${FOOTPRINT_RUNS:-3}
health_ms=(); first_ms=(); cpu_ms=()
for run in $(seq 1 "$runs"); do
  rm -rf "$work/data"
  t0=$(now_ms)
  # shellcheck disable=SC2086 # FOOTPRINT_SERVER_ARGS is a list of words
  "$repo/posixgw" --quiet --port "127.0.0.1:$port" --access "$access" --secret "$secret" ${FOOTPRINT_SERVER_ARGS:-} "$work/data" \
    >"$work/server.log" 2>&1 &
  pid=$!
  until curl -s -o /dev/null --max-time 1 "$url/_/health"; do
    kill -0 "$pid" 2>/dev/null || { echo "footprint: the server exited:" >&2; cat "$work/server.log" >&2; exit 1; }
    sleep 0.005
  done
  t1=$(now_ms)
  cpu_ms+=($(awk -v hz="$(getconf CLK_TCK)" '{print int(($14 + $15) * 1000 / hz)}' "/proc/$pid/stat"))
  status=$(s3 PUT /footprint)
  t2=$(now_ms)
  [ "$status" = 200 ] || { echo "footprint: CreateBucket answered $status" >&2; exit 1; }
  health_ms+=($((t1 - t0))); first_ms+=($((t2 - t0)))
  if [ "$run" -lt "$runs" ]; then
    kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; pid=""
  fi
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

sleep 12
idle_rss=$(rss "$pid")

# --- under load ------------------------------------------------------------------------------
( peak=0
  while kill -0 "$pid" 2>/dev/null; do
    r=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
    [ "${r:-0}" -gt "$peak" ] && peak=$r && echo "$peak" >"$work/peak"
    sleep 0.1
  done ) &
sampler=$!
java -jar "$bench_jar" run --target "posixgw=$url@$pid" --sections parallel --rounds 2 --warmup-seconds 20 \
  --access "$access" --secret "$secret" --out "$work/report" --data-dir "$work" >"$work/bench.log" 2>&1 \
  || { echo "footprint: the load failed:" >&2; tail -n 30 "$work/bench.log" >&2; exit 1; }
kill "$sampler" 2>/dev/null || true; sampler=""
load_peak=$(awk '{printf "%.1f", $1 / 1024}' "$work/peak")
load_hwm=$(hwm "$pid")
sleep 10
after_rss=$(rss "$pid")

cat <<REPORT
posixgw footprint ($(nproc) cores, $(java -version 2>&1 | head -1))
JVM options: jvm.options + class-data archive${POSIXGW_JAVA_OPTS:+ + $POSIXGW_JAVA_OPTS}; server flags: --quiet ${FOOTPRINT_SERVER_ARGS:-}
load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)
start to first /_/health 200 (ms, $runs runs): ${health_ms[*]} (median $(median "${health_ms[@]}"))
start to first signed S3 answer (ms, $runs runs): ${first_ms[*]} (median $(median "${first_ms[@]}"))
CPU time of the server until its first /_/health answer (ms): ${cpu_ms[*]} (median $(median "${cpu_ms[@]}"))
idle RSS 12 s after start and one request: $idle_rss MiB
RSS under the 8-thread 64 KiB PUT/GET load: peak sampled $load_peak MiB, VmHWM $load_hwm MiB
idle RSS 10 s after the load: $after_rss MiB
the load's throughput (bench report):
$(grep '^| 8 threads' "$work/report/report.md" || true)
REPORT
