#!/usr/bin/env bash
# Two posixgw builds side by side, for before/after comparisons of a change:
#
#   bench/ab.sh BEFORE.jar                 # BEFORE.jar against this tree's gateway-server/target/posixgw.jar
#   bench/ab.sh BEFORE.jar AFTER.jar run --quick --sections latency,mixed
#   bench/ab.sh BEFORE.jar AFTER.jar alternate --size 4096 --count 1000
#
# Starts both on 127.0.0.1 (each --quiet, default --fsync on, or AB_FSYNC=off), each
# over its own directory under one temporary directory, and runs a bench command with
# AFTER as the first target (ratios are after/before) and BEFORE as the second:
#   run        the bench's sections in interleaved rounds (default: run --quick); report
#              in bench/results/ab-<time>/ (or $BENCH_OUT);
#   alternate  put/stat/get/delete cycles alternating between the two at every cycle,
#              with each server's CPU time per cycle: the firmest single-client
#              comparison on a shared machine (a Markdown table on stdout).
# Stops what it started, by PID.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
export LC_ALL=C.UTF-8
before="${1:?usage: bench/ab.sh BEFORE.jar [AFTER.jar] [bench arguments]}"
shift
after="$repo/gateway-server/target/posixgw.jar"
if [ $# -gt 0 ] && [[ "$1" == *.jar ]]; then
  after="$1"
  shift
fi
command=run
if [ $# -gt 0 ] && { [ "$1" = run ] || [ "$1" = alternate ]; }; then
  command=$1
  shift
fi
[ $# -gt 0 ] || [ "$command" = alternate ] || set -- --quick
bench_jar="$repo/bench/target/posixgw-bench.jar"
[ -f "$bench_jar" ] && [ -f "$after" ] || (cd "$repo" && ./mvnw -B -q -DskipTests package >&2)

. "$here/processes.sh" ab
# Private copies: a build during the run must not swap a jar under a running JVM.
cp "$before" "$work/before.jar"; cp "$after" "$work/after.jar"; cp "$bench_jar" "$work/bench.jar"

access=bench secret="bench-$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
start() { # name -> sets port and pid
  port=17570
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
  # shellcheck disable=SC2086
  java ${BENCH_SERVER_JAVA_OPTS:-} -jar "$work/$1.jar" --quiet --fsync "${AB_FSYNC:-on}" --port "127.0.0.1:$port" \
    --access "$access" --secret "$secret" "$work/$1" >"$work/$1.log" 2>&1 &
  pid=$!; pids+=("$pid")
  local i
  for i in $(seq 1 120); do curl -s -o /dev/null "http://127.0.0.1:$port/_/health" && return 0; sleep 0.5; done
  echo "ab: $1 did not start:" >&2; tail -n 20 "$work/$1.log" >&2; exit 1
}
start after; p_after=$port; pid_after=$pid
start before; p_before=$port; pid_before=$pid

if [ "$command" = alternate ]; then
  java -jar "$work/bench.jar" alternate \
    --target "after=http://127.0.0.1:$p_after@$pid_after" \
    --target "before=http://127.0.0.1:$p_before@$pid_before" \
    --access "$access" --secret "$secret" "$@"
  exit 0
fi
out="${BENCH_OUT:-$repo/bench/results/ab-$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "$out"
java -jar "$work/bench.jar" run \
  --target "after=http://127.0.0.1:$p_after@$pid_after" \
  --target "before=http://127.0.0.1:$p_before@$pid_before" \
  --access "$access" --secret "$secret" --data-dir "$work" --out "$out" \
  --command "bench/ab.sh $(basename "$before") $(basename "$after") run $*" \
  --note "before=$before ($(sha256sum "$before" | cut -c1-12))" \
  --note "after=$after ($(sha256sum "$after" | cut -c1-12))" \
  --note "fsync=${AB_FSYNC:-on}" \
  "$@"
echo "ab: report in $out/report.md" >&2
