#!/usr/bin/env bash
# Scale-out races and latency on a shared file system (issue 19), in one command:
#
#   bench/scaleout.sh                 # about 10 s per scenario, 4 combinations: roughly 10 minutes on 2 cores
#   SCALEOUT_MILLIS=3000 bench/scaleout.sh   # shorter scenarios
#   SCALEOUT_SCENARIOS=latency bench/scaleout.sh   # latency only (or a list: overwrite-read,conditional,...)
#
# Installs glusterfs-server, glusterfs-client and attr (Debian) when missing, then runs
# GlusterScaleOutIT in bench mode: bench/gluster-bed.sh starts glusterd, a replica-2 volume with
# both bricks on this machine and four FUSE mounts of it (two with default caching, two with
# caching off), two gateways per profile and metadata mode (one per mount), the RaceHarness
# races between them (anomalies counted by kind, nothing asserted), and PUT/GET/HEAD/DELETE
# latency at 4 KiB and 1 MiB on GlusterFS and on local ext4. Prints the Markdown tables and
# writes them to bench/results/<date>/scaleout.md (or $BENCH_OUT/scaleout.md). Everything it
# started is stopped by PID, also on failure. Root only (FUSE mounts, glusterd).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
cd "$repo"
export LC_ALL=C.UTF-8

need=()
[ -x /usr/sbin/glusterd ] || need+=(glusterfs-server)
[ -x /usr/sbin/glusterfs ] || need+=(glusterfs-client)
[ -x /usr/bin/getfattr ] || need+=(attr)
if [ ${#need[@]} -gt 0 ]; then
  echo "scaleout: installing ${need[*]}" >&2
  apt-get update -q >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" >&2
fi
bash "$here/gluster-bed.sh" check

out="${BENCH_OUT:-$repo/bench/results/$(date -u +%Y-%m-%d)}"
mkdir -p "$out"
./mvnw -B -q test -pl gateway-server -am -Dtest=GlusterScaleOutIT -Dsurefire.failIfNoSpecifiedTests=false \
  -Dposixgw.scaleout.bench=true -Dposixgw.scaleout.millis="${SCALEOUT_MILLIS:-10000}" \
  ${SCALEOUT_SCENARIOS:+-Dposixgw.scaleout.scenarios="$SCALEOUT_SCENARIOS"} -Dposixgw.scaleout.out="$out/scaleout.md"
cat "$out/scaleout.md"
