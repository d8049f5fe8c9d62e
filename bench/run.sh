#!/usr/bin/env bash
# The side-by-side benchmark of issue 8 in one command:
#
#   bench/run.sh            # the full run (about 15 minutes on 2 cores)
#   bench/run.sh --quick    # about a tenth of the iterations, for a smoke run
#   bench/run.sh --listing-scale [options]   # prefix listings among 100,000 keys (issue 3), about 3 minutes
#
# It installs nginx, wrk, curl and unzip (Debian packages) when missing, builds the jars
# when missing or older than the sources, then starts on 127.0.0.1 only, each over
# its own directory under one temporary directory (so all on the same disk):
#   - posixgw (gateway-server/target/posixgw.jar, --quiet, default --fsync on, --versioning-dir for the
#     versioning section),
#   - posixgw again with --fsync off (for the 8-client PUT comparison only),
#   - s3proxy with the jclouds filesystem backend (bench/s3proxy.sh),
#   - nginx serving the first posixgw's data directory (the floor for presigned GET),
# and gives the bench $work/floor (same disk) for the file floors: the latency suite's
# put/stat/get/delete done in the bench JVM on files, as posixgw's file calls
# (floor-chosen) and as the fewest calls (floor-minimal), reported next to the servers
# with "server − floor" per operation and size;
# runs the bench (any argument is passed to `posixgw-bench run`), writes
# bench/results/<date>/report.md and report.json (or $BENCH_OUT/), and stops what it
# started, by PID. posixgw runs with its jvm.options, as ./posixgw and the image run it; s3proxy with
# the JVM's defaults. BENCH_SERVER_JAVA_OPTS adds JVM flags to all three servers.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
cd "$repo"
export LC_ALL=C.UTF-8

# --- tools -------------------------------------------------------------------
need=()
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx)
command -v wrk >/dev/null || need+=(wrk)
command -v curl >/dev/null || need+=(curl)
command -v unzip >/dev/null || need+=(unzip)
command -v java >/dev/null || need+=(openjdk-17-jdk-headless)
if [ ${#need[@]} -gt 0 ]; then
  echo "bench: installing ${need[*]}" >&2
  apt-get update -q >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" >&2
fi
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"

# --- build -------------------------------------------------------------------
server_jar="$repo/gateway-server/target/posixgw.jar"
bench_jar="$repo/bench/target/posixgw-bench.jar"
stale() {
  [ ! -f "$1" ] || [ -n "$(find "$repo" -path "$repo/*/src/main/*" -newer "$1" -print -quit)" ] \
    || [ -n "$(find "$repo" -maxdepth 2 -name pom.xml -newer "$1" -print -quit)" ]
}
if stale "$server_jar" || stale "$bench_jar"; then
  echo "bench: building the jars..." >&2
  ./mvnw -B -q -DskipTests package >&2
fi

# --- processes we start, stopped by PID on any exit --------------------------
. "$here/processes.sh" bench

free_port() {
  local p=$1
  while (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; do
    p=$((p + 1))
  done
  echo "$p"
}
wait_http() { # URL NAME LOG
  local url=$1 name=$2 i
  for i in $(seq 1 120); do
    if curl -s -o /dev/null --max-time 2 "$url"; then
      return 0
    fi
    sleep 0.5
  done
  echo "bench: $name did not answer on $url; the last lines of its log:" >&2
  tail -n 20 "$work/$3.log" >&2 || true
  exit 1
}

# Private copies: a build in the work tree during the run must not swap the jars under running JVMs.
# A copy taken while another build rewrites a jar is not runnable: build once more and copy again.
runnable() { unzip -p "$1" META-INF/MANIFEST.MF 2>/dev/null | grep -q '^Main-Class:'; }
cp "$server_jar" "$work/posixgw.jar"; cp "$bench_jar" "$work/posixgw-bench.jar"
if ! runnable "$work/posixgw.jar" || ! runnable "$work/posixgw-bench.jar"; then
  echo "bench: a jar was being rebuilt; building again..." >&2
  ./mvnw -B -q -DskipTests package >&2
  cp "$server_jar" "$work/posixgw.jar"; cp "$bench_jar" "$work/posixgw-bench.jar"
fi
server_jar="$work/posixgw.jar"; bench_jar="$work/posixgw-bench.jar"

access="bench"
secret="bench-$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
server_opts=${BENCH_SERVER_JAVA_OPTS:-}
# posixgw as shipped: the JVM options of the launcher and the container image
posixgw_opts="@$repo/jvm.options $server_opts"

# --- listing-scale mode: one posixgw, two buckets (100,000 keys and the 1,000 listed) --------
# --fsync off only makes filling the big bucket faster: a listing syncs nothing, and the files,
# directories and xattrs it reads are the same in both modes.
if [ "${1:-}" = "--listing-scale" ]; then
  shift
  p_ls=$(free_port 17070)
  # shellcheck disable=SC2086
  java $posixgw_opts -jar "$server_jar" --quiet --fsync off --port "127.0.0.1:$p_ls" --access "$access" --secret "$secret" \
    "$work/posixgw" >"$work/posixgw.log" 2>&1 &
  pid_ls=$!; pids+=("$pid_ls")
  wait_http "http://127.0.0.1:$p_ls/_/health" posixgw posixgw
  out="${BENCH_OUT:-$repo/bench/results/$(date -u +%F)/listing-scale}"
  mkdir -p "$out"
  java -jar "$bench_jar" listing-scale --endpoint "http://127.0.0.1:$p_ls" --pid "$pid_ls" --access "$access" --secret "$secret" \
    --data-dir "$work" --out "$out" --command "bench/run.sh --listing-scale${*:+ $*}" \
    --note "server=posixgw --fsync off (only to fill faster; listings sync nothing)" \
    --note "server JVM=$(java -version 2>&1 | head -1)" \
    --note "disk of the data dir=$(df -h --output=source,fstype,size "$work" | tail -1 | tr -s ' ')" \
    "$@"
  echo "bench: report in $out/listing-scale.md" >&2
  exit 0
fi

p_on=$(free_port 17070)
# shellcheck disable=SC2086
# --versioning-dir: for the versioning section's versioned bucket (the other buckets stay unversioned)
mkdir -p "$work/posixgw-versions"
java $posixgw_opts -jar "$server_jar" --quiet --port "127.0.0.1:$p_on" --access "$access" --secret "$secret" \
  --versioning-dir "$work/posixgw-versions" "$work/posixgw" >"$work/posixgw.log" 2>&1 &
pid_on=$!; pids+=("$pid_on")
wait_http "http://127.0.0.1:$p_on/_/health" posixgw posixgw

p_off=$(free_port $((p_on + 1)))
# shellcheck disable=SC2086
java $posixgw_opts -jar "$server_jar" --quiet --fsync off --port "127.0.0.1:$p_off" --access "$access" --secret "$secret" \
  "$work/posixgw-fsync-off" >"$work/posixgw-fsync-off.log" 2>&1 &
pid_off=$!; pids+=("$pid_off")
wait_http "http://127.0.0.1:$p_off/_/health" "posixgw --fsync off" posixgw-fsync-off

p_s3p=$(free_port $((p_off + 1)))
S3PROXY_JAVA_OPTS="$server_opts" "$here/s3proxy.sh" --port "$p_s3p" --dir "$work/s3proxy" --access "$access" \
  --secret "$secret" >"$work/s3proxy.log" 2>&1 &
pid_s3p=$!; pids+=("$pid_s3p")
wait_http "http://127.0.0.1:$p_s3p/" s3proxy s3proxy

# nginx: the same files posixgw stored, from the same disk; sendfile like posixgw's zero-copy GET.
p_ngx=$(free_port $((p_s3p + 1)))
mkdir -p "$work/nginx"
cat >"$work/nginx/nginx.conf" <<CONF
daemon off;
user root;
worker_processes auto;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  default_type application/octet-stream;
  client_body_temp_path $work/nginx/body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  server {
    listen 127.0.0.1:$p_ngx;
    root $work/posixgw;
    location = / { return 204; }
  }
}
CONF
"$nginx_bin" -p "$work/nginx" -c "$work/nginx/nginx.conf" >"$work/nginx.log" 2>&1 &
pid_ngx=$!; pids+=("$pid_ngx")
wait_http "http://127.0.0.1:$p_ngx/" nginx nginx

# --- the run ---------------------------------------------------------------------
out="${BENCH_OUT:-$repo/bench/results/$(date -u +%F)}"
mkdir -p "$out"
shown="bench/run.sh${*:+ $*}"
java -jar "$bench_jar" run \
  --target "posixgw=http://127.0.0.1:$p_on@$pid_on" \
  --target "s3proxy=http://127.0.0.1:$p_s3p@$pid_s3p" \
  --fsync-off "posixgw-fsync-off=http://127.0.0.1:$p_off@$pid_off" \
  --floor "nginx=http://127.0.0.1:$p_ngx" \
  --file-floor "$work/floor" \
  --access "$access" --secret "$secret" \
  --data-dir "$work" --out "$out" --command "$shown" \
  --note "server JVM=$(java -version 2>&1 | head -1)" \
  --note "server JVM options=posixgw: jvm.options${server_opts:+ $server_opts}; s3proxy: ${server_opts:-(defaults)}" \
  --note "disk of the data dirs=$(df -h --output=source,fstype,size "$work" | tail -1 | tr -s ' ')" \
  --note "s3proxy=${S3PROXY_VERSION:-4.1.0}, jclouds filesystem backend" \
  --note "nginx=$("$nginx_bin" -v 2>&1 | sed 's/.*: //'), sendfile on, access_log off" \
  --note "wrk=$(wrk --version 2>&1 | head -1 | cut -d' ' -f1-2)" \
  "$@"
mkdir -p "$out/logs"
cp "$work"/*.log "$out/logs/" 2>/dev/null || true
cp "$work/nginx/error.log" "$out/logs/nginx-error.log" 2>/dev/null || true
echo "bench: report in $out/report.md" >&2
