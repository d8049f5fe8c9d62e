#!/usr/bin/env bash
# Runs the whole test suite on a machine of this project's kind (Debian, root):
# installs the real S3 clients the compatibility tests drive when they are missing
# (they fail, never skip, without them), then runs the Maven build with all tests.
# Unit tests (*Test) run in surefire, integration tests (*IT) in failsafe, both under verify;
# `./mvnw test` alone is the fast loop (unit tests only).
# Extra arguments go to Maven, e.g. ./test.sh -Dit.test=S3SemanticsIT -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false
set -euo pipefail
cd "$(dirname "$0")"
export LC_ALL=C.UTF-8

need=()
command -v java >/dev/null || need+=(openjdk-17-jdk-headless)
command -v curl >/dev/null || need+=(curl)
[ -x /usr/bin/aws ] || need+=(awscli)
/usr/bin/python3 -c 'import boto3' >/dev/null 2>&1 || need+=(python3-boto3)
[ -x /usr/bin/s3cmd ] || need+=(s3cmd)
[ -x /usr/bin/rclone ] || need+=(rclone)
[ -x /usr/bin/node ] || need+=(nodejs)
[ -x /usr/bin/npm ] || need+=(npm)
# BrowserUploadIT: a real browser (headless Chromium, driven over its DevTools protocol)
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/chromedriver ] || need+=(chromium-driver)
# the shared-file-system test bed (GlusterScaleOutIT, bench/gluster-bed.sh): glusterd, bricks and FUSE client
[ -x /usr/sbin/glusterd ] || need+=(glusterfs-server)
[ -x /usr/sbin/glusterfs ] || need+=(glusterfs-client)
[ -x /usr/bin/getfattr ] || need+=(attr)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "test.sh: missing ${need[*]}: install them (apt-get install ${need[*]}) or run as root" >&2
    exit 1
  fi
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}"
fi

exec ./mvnw -B verify "$@"
