#!/usr/bin/env bash
# Makes, without pulling from any registry, the two images docker/Dockerfile's FROM
# lines name, so that `podman build --pull=never -f docker/Dockerfile .` works on a
# machine that cannot reach Docker Hub (a build machine without registry access):
#
#   debian:bookworm-slim    Debian 12 minbase made with debootstrap from the machine's
#                           own Debian mirror, docs/man/locales/apt lists removed
#   eclipse-temurin:17-jdk  that base plus this machine's JDK 17+ at /opt/java/openjdk
#                           (the build stage only runs jdeps and jlink with it)
#
# Needs root, podman and debootstrap. Takes about 75 s (debootstrap). Skips an image
# that already exists unless --force. With Docker and registry access none of this is
# needed: the Dockerfile's FROM images are the public ones.
set -euo pipefail

force=false
[ "${1:-}" = "--force" ] && force=true

if [ -z "${CONTAINERS_CONF:-}" ]; then
  # runc instead of crun (hybrid cgroups) and explicit ulimits (setrlimit fails otherwise)
  export CONTAINERS_CONF=/tmp/posixgw-containers.conf
  cat > "$CONTAINERS_CONF" <<'EOF'
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=4096:4096"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
EOF
fi

BASE=docker.io/library/debian:bookworm-slim
JDK_IMAGE=docker.io/library/eclipse-temurin:17-jdk

exists() { podman image exists "$1"; }

if $force || ! exists "$BASE"; then
  mirror="${DEBIAN_MIRROR:-}"
  if [ -z "$mirror" ] && [ -f /etc/apt/sources.list.d/debian.sources ]; then
    mirror=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources)
  fi
  if [ -z "$mirror" ] && [ -f /etc/apt/sources.list ]; then
    mirror=$(awk '/^deb /{print $2; exit}' /etc/apt/sources.list)
  fi
  mirror="${mirror:-http://deb.debian.org/debian}"
  rootfs=$(mktemp -d /tmp/posixgw-rootfs.XXXXXX)
  trap 'rm -rf "$rootfs"' EXIT
  echo "build-local-base: debootstrap bookworm from $mirror" >&2
  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >/tmp/posixgw-debootstrap.log 2>&1 \
    || { tail -20 /tmp/posixgw-debootstrap.log >&2; exit 1; }
  # what debian:bookworm-slim leaves out as well
  rm -rf "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* \
         "$rootfs"/usr/share/locale/* "$rootfs"/var/cache/apt/* "$rootfs"/var/lib/apt/lists/* \
         "$rootfs"/var/log/*.log "$rootfs"/debootstrap
  tar -C "$rootfs" -c . | podman import -q --change 'CMD ["bash"]' - "$BASE" >/dev/null
  rm -rf "$rootfs"
  trap - EXIT
fi

if $force || ! exists "$JDK_IMAGE"; then
  jdk="${JDK_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac || command -v java)")")")}"
  [ -d "$jdk/jmods" ] && [ -x "$jdk/bin/jlink" ] || { echo "build-local-base: $jdk has no jmods/jlink" >&2; exit 1; }
  ctx=$(mktemp -d /tmp/posixgw-jdk.XXXXXX)
  trap 'rm -rf "$ctx"' EXIT
  mkdir -p "$ctx/openjdk"
  # -h: dereference Debian's symlinks into /etc so that the copy stands alone
  tar -C "$jdk" -ch --exclude=src.zip bin conf jmods lib release | tar -C "$ctx/openjdk" -x
  cat > "$ctx/Containerfile" <<EOF
FROM $BASE
COPY openjdk /opt/java/openjdk
ENV JAVA_HOME=/opt/java/openjdk PATH=/opt/java/openjdk/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
EOF
  podman build -q --pull=never -t "$JDK_IMAGE" -f "$ctx/Containerfile" "$ctx" >/dev/null
  rm -rf "$ctx"
  trap - EXIT
fi

podman images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E 'debian:bookworm-slim|eclipse-temurin:17-jdk' >&2
