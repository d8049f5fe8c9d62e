#!/bin/sh
# Entrypoint of the posixgw image. Takes the same flags and environment as the binary
# (POSIXGW_*, versitygw's VGW_*, MinIO's MINIO_ROOT_USER/MINIO_ROOT_PASSWORD,
# ROOT_ACCESS_KEY_ID/ROOT_SECRET_ACCESS_KEY, ...) and adds the image's defaults only where
# nothing is set: listen on all interfaces, port 7070; data in /data/s3 (so that lost+found
# on the volume's root is never a bucket). The defaults go in as environment variables, so
# any flag still wins.
#
#   IMAGE [FLAGS] [ROOT]     the server
#   IMAGE migrate ...        posixgw migrate (the data root defaults to /data/s3 as well), from
#                            posixgw-migrate.jar with posixgw.jar on the class path
#   IMAGE sh                 any other program
#
# JVM options: JAVA_OPTS_DEFAULT (the image's: @/opt/posixgw/jvm.options, the launcher's file), the
# application class-data archive when the image has one, then POSIXGW_JAVA_OPTS (yours; later
# options win; -Xshare:off turns the archive off).
set -eu

# Kubernetes injects <SERVICE>_PORT=tcp://IP:PORT for every Service in the namespace: with a Service
# named posixgw that is POSIXGW_PORT, which is no listen address. Such a value counts as unset here:
# one warning, and the image's port (the server itself passes over such values in any variable of its
# own, with a warning naming it).
case "${POSIXGW_PORT:-}" in
  tcp://*:*|udp://*:*|sctp://*:*)
    echo "posixgw: warning: POSIXGW_PORT='$POSIXGW_PORT' is a Kubernetes service link (a Service named posixgw), not a listen address: ignored" >&2
    unset POSIXGW_PORT
    ;;
esac
case "${VGW_PORT:-}" in
  tcp://*:*|udp://*:*|sctp://*:*) vgw_port="" ;;
  *) vgw_port="${VGW_PORT:-}" ;;
esac
if [ -z "${POSIXGW_PORT:-}" ] && [ -z "$vgw_port" ]; then
  export POSIXGW_PORT=":7070"
fi
if [ -z "${POSIXGW_ROOT:-}" ] && [ -z "${VGW_BACKEND_ARG:-}" ]; then
  export POSIXGW_ROOT="/data/s3"
fi

# A program (sh, ...) runs as such; anything else (flags, a data root, migrate) goes to posixgw.
if [ "$#" -gt 0 ] && [ "$1" != "migrate" ] && [ "${1#-}" = "$1" ]; then
  program="$(command -v "$1" 2>/dev/null || true)"
  if [ -n "$program" ] && [ -f "$program" ] && [ -x "$program" ]; then
    exec "$@"
  fi
fi
cds=""
if [ -f /opt/posixgw/posixgw.jsa ]; then
  cds="-XX:SharedArchiveFile=/opt/posixgw/posixgw.jsa"
fi
if [ "${1:-}" = "migrate" ]; then
  shift
  # shellcheck disable=SC2086 # the option lists are meant to be split into words
  exec java ${JAVA_OPTS_DEFAULT:-} $cds ${POSIXGW_JAVA_OPTS:-} \
    -cp /opt/posixgw/posixgw.jar:/opt/posixgw/posixgw-migrate.jar io.posixgw.migrate.Main "$@"
fi
# shellcheck disable=SC2086 # the option lists are meant to be split into words
exec java ${JAVA_OPTS_DEFAULT:-} $cds ${POSIXGW_JAVA_OPTS:-} -jar /opt/posixgw/posixgw.jar "$@"
