#!/usr/bin/env bash
# What durability costs where fsync costs something (issue 15, deliverable 4): posixgw
# --fsync on against --fsync off on a journalled ext4, under 1 and 8 clients.
#
#   bench/durability.sh                  # this tree's gateway-server/target/posixgw.jar
#   bench/durability.sh A.jar [B.jar]    # A --fsync on and off, then each further jar --fsync on (A/B)
#
# As root: makes a file-backed ext4 with a journal in the work directory
# (truncate -s 2G, mkfs.ext4 -F, mount -o loop,data=ordered), starts each server on
# 127.0.0.1 (--quiet, with jvm.options as ./posixgw runs it) over its own directory on that
# file system, and runs `posixgw-bench put-load`: PUTs of fresh keys
# executions-data/<uuid>/out.bin by 1 and 8 clients for a fixed time, every target in turn
# in each round (A, B, A, B), with posixgw's own file calls done in the bench JVM on the
# same file system as one more row (floor-chosen, fsync included: the floor of a durable
# PUT there). Prints a Markdown table (ops/s, p50, p95, ratios to the first target) and
# the machine's load before and after. Unmounts and removes the file system, and stops
# what it started, by PID.
#
# DURABILITY_SIZE (4096), DURABILITY_SECONDS (10), DURABILITY_ROUNDS (3),
# DURABILITY_CLIENTS (1,8), DURABILITY_WARMUP (10 s per target), DURABILITY_MOUNT_OPTS
# (loop,data=ordered).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
export LC_ALL=C.UTF-8
[ "$(id -u)" = 0 ] || { echo "durability: mounting a loop file system needs root" >&2; exit 2; }
jars=("$@")
[ ${#jars[@]} -gt 0 ] || jars=("$repo/gateway-server/target/posixgw.jar")
bench_jar="$repo/bench/target/posixgw-bench.jar"
[ -f "$bench_jar" ] && [ -f "${jars[0]}" ] || (cd "$repo" && ./mvnw -B -q -DskipTests package >&2)

. "$here/processes.sh" durability
mnt="$work/mnt"
on_stop() {
  if mountpoint -q "$mnt"; then umount "$mnt" || umount -l "$mnt"; fi
}
cp "$bench_jar" "$work/bench.jar"
truncate -s 2G "$work/ext4.img"
mkfs.ext4 -F -q "$work/ext4.img"
mkdir -p "$mnt"
mount -o "${DURABILITY_MOUNT_OPTS:-loop,data=ordered}" "$work/ext4.img" "$mnt"
features="$(dumpe2fs -h "$work/ext4.img" 2>/dev/null | sed -n 's/^Filesystem features: *//p')"
case " $features " in *" has_journal "*) ;; *) echo "durability: the file system has no journal" >&2; exit 1 ;; esac

access=bench secret="bench-$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
targets=()
start() { # jar label fsync
  local port=17370 i pid
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
  java "@$repo/jvm.options" -jar "$1" --quiet --fsync "$3" --port "127.0.0.1:$port" --access "$access" \
    --secret "$secret" "$mnt/$2" >"$work/$2.log" 2>&1 &
  pid=$!; pids+=("$pid")
  for i in $(seq 1 120); do curl -s -o /dev/null "http://127.0.0.1:$port/_/health" && break; sleep 0.5; done
  curl -s -o /dev/null "http://127.0.0.1:$port/_/health" || { echo "durability: $2 did not start" >&2; tail "$work/$2.log" >&2; exit 1; }
  targets+=(--target "$2=http://127.0.0.1:$port")
}
n=0
for jar in "${jars[@]}"; do
  n=$((n + 1))
  cp "$jar" "$work/server-$n.jar"
  label="$(basename "$jar" .jar)"
  [ ${#jars[@]} -gt 1 ] || label=posixgw
  start "$work/server-$n.jar" "$label-fsync-on" on
  if [ "$n" = 1 ]; then start "$work/server-$n.jar" "$label-fsync-off" off; fi
done

echo "durability: $(uptime)" >&2
load_before="$(uptime)"
# In the background, waited for: a TERM to this script then stops it at once (bash runs traps
# only after a foreground child ends).
java -jar "$work/bench.jar" put-load "${targets[@]}" --file-floor "floor-chosen=$mnt/floor" \
  --access "$access" --secret "$secret" --size "${DURABILITY_SIZE:-4096}" --seconds "${DURABILITY_SECONDS:-10}" \
  --rounds "${DURABILITY_ROUNDS:-3}" --clients "${DURABILITY_CLIENTS:-1,8}" \
  --warmup-seconds "${DURABILITY_WARMUP:-10}" >"$work/table.md" &
loadpid=$!; pids+=("$loadpid")
wait "$loadpid"
load_after="$(uptime)"
echo
echo "File system: ext4 in a 2 GiB file on $(df -h --output=source,fstype "$work" | tail -1 | tr -s ' '), mounted ${DURABILITY_MOUNT_OPTS:-loop,data=ordered}; features: $features"
echo "Kernel $(uname -r), $(nproc) cores; $(java -version 2>&1 | head -1)"
echo "Load before: $load_before"
echo "Load after:  $load_after"
echo
cat "$work/table.md"
