#!/usr/bin/env bash
# Starts s3proxy, the peer of the side-by-side benchmark: the jar-with-dependencies
# of org.gaul:s3proxy from Maven Central (fetched into the local Maven repository
# with the project's Maven wrapper when missing), with the jclouds `filesystem`
# backend on a directory, listening on loopback only, path-style, SigV4 (and V2)
# credentials. It runs in the foreground (exec), so the caller's $! is its PID.
#
#   bench/s3proxy.sh --port 17080 --dir /tmp/s3proxy --access KEY --secret SECRET
#
# S3PROXY_VERSION (default 4.1.0) picks the release; S3PROXY_JAVA_OPTS passes JVM flags.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
port=17080 dir="" access="" secret=""
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port="$2"; shift 2 ;;
    --dir) dir="$2"; shift 2 ;;
    --access) access="$2"; shift 2 ;;
    --secret) secret="$2"; shift 2 ;;
    *) echo "s3proxy.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
if [ -z "$dir" ] || [ -z "$access" ] || [ -z "$secret" ]; then
  echo "usage: s3proxy.sh --port PORT --dir DIR --access KEY --secret SECRET" >&2
  exit 2
fi
version="${S3PROXY_VERSION:-4.1.0}"
m2="${MAVEN_REPO:-$HOME/.m2/repository}"
jar="$m2/org/gaul/s3proxy/$version/s3proxy-$version-jar-with-dependencies.jar"
if [ ! -f "$jar" ]; then
  echo "s3proxy.sh: fetching org.gaul:s3proxy:$version from Maven Central..." >&2
  (cd "$repo" && ./mvnw -B -q dependency:get -Dartifact="org.gaul:s3proxy:$version:jar:jar-with-dependencies" >&2)
fi
mkdir -p "$dir/data"
props="$dir/s3proxy.properties"
umask 077
cat > "$props" <<PROPS
s3proxy.endpoint=http://127.0.0.1:$port
s3proxy.authorization=aws-v2-or-v4
s3proxy.identity=$access
s3proxy.credential=$secret
jclouds.provider=filesystem
jclouds.filesystem.basedir=$dir/data
PROPS
export LC_ALL=C.UTF-8
# shellcheck disable=SC2086
exec java ${S3PROXY_JAVA_OPTS:-} -jar "$jar" --properties "$props"
