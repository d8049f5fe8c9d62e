#!/usr/bin/env bash
# A GlusterFS test bed on this machine, as root and without systemd (issue 19): one glusterd
# with its own volfile and state, a replica-2 volume with both bricks here, the bricks
# started by this script on ports of the caller's choosing, and FUSE mounts of the volume.
# Everything lives under DIR and is stopped by the PIDs recorded there.
#
#   gluster-bed.sh check                       # exit 0 when glusterd, glusterfsd, glusterfs and /dev/fuse are here
#   gluster-bed.sh start DIR PORT0 PORT1 PORT2 # glusterd on PORT0 (only while creating), bricks on PORT1, PORT2
#   gluster-bed.sh mount DIR PROFILE MNT       # PROFILE: default (FUSE caching as users get it) or coherent (caches off)
#   gluster-bed.sh stop DIR                    # unmount every mount, kill the bricks (and glusterd if still up)
#
# The installs it needs (Debian): glusterfs-server glusterfs-client attr.
set -euo pipefail
export LC_ALL=C.UTF-8
VOL=pgw

pid_alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }

case "${1:-}" in
check)
  for b in glusterd glusterfsd glusterfs gluster; do
    command -v "$b" >/dev/null || [ -x "/usr/sbin/$b" ] || { echo "missing $b" >&2; exit 1; }
  done
  [ -c /dev/fuse ] && [ -r /dev/fuse ] && [ -w /dev/fuse ] || { echo "missing /dev/fuse (or not usable here)" >&2; exit 1; }
  [ "$(id -u)" -eq 0 ] || { echo "not root" >&2; exit 1; }
  ;;
start)
  dir="$2"; p0="$3"; p1="$4"; p2="$5"
  PATH="$PATH:/usr/sbin"
  host="$(hostname)"   # glusterd refuses 127.0.0.1 and localhost as brick hosts; the hostname resolves to loopback
  mkdir -p "$dir/state" "$dir/run" "$dir/log" "$dir/bricks/b1" "$dir/bricks/b2" "$dir/pids"
  cat > "$dir/glusterd.vol" <<VOLF
volume management
    type mgmt/glusterd
    option working-directory $dir/state
    option transport-type socket
    option transport.socket.listen-port $p0
    option transport.socket.bind-address 127.0.0.1
    option glusterd-sockfile $dir/run/glusterd.sock
    option run-directory $dir/run
    option ping-timeout 0
    option event-threads 1
end-volume
VOLF
  glusterd -N -f "$dir/glusterd.vol" -l "$dir/log/glusterd.log" --pid-file="$dir/run/glusterd.pid" >"$dir/log/glusterd.out" 2>&1 &
  echo $! > "$dir/pids/glusterd"
  cli=(gluster --glusterd-sock="$dir/run/glusterd.sock" --mode=script --log-file="$dir/log/cli.log")
  for _ in $(seq 100); do "${cli[@]}" volume list >/dev/null 2>&1 && break; sleep 0.1; done
  "${cli[@]}" volume create "$VOL" replica 2 "$host:$dir/bricks/b1" "$host:$dir/bricks/b2" force >"$dir/log/create.out"
  # The volfiles are written now; the bricks and mounts use them without glusterd, on our ports.
  kill "$(cat "$dir/pids/glusterd")"; wait "$(cat "$dir/pids/glusterd")" 2>/dev/null || true
  rm -f "$dir/pids/glusterd"
  vols="$dir/state/vols/$VOL"
  i=0
  for p in "$p1" "$p2"; do
    i=$((i+1))
    f="$(ls "$vols"/"$VOL".*bricks-b$i.vol)"
    glusterfsd -N -f "$f" --xlator-option "$VOL-server.transport.socket.listen-port=$p" \
      -l "$dir/log/brick$i.log" >"$dir/log/brick$i.out" 2>&1 &
    echo $! > "$dir/pids/brick$i"
  done
  for p in "$p1" "$p2"; do
    for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null && break; sleep 0.1; done
  done
  echo "$p1 $p2" > "$dir/ports"
  ;;
mount)
  dir="$2"; profile="$3"; mnt="$4"
  PATH="$PATH:/usr/sbin"
  read -r p1 p2 < "$dir/ports"
  opts=(--xlator-option "$VOL-client-0.remote-port=$p1" --xlator-option "$VOL-client-1.remote-port=$p2")
  case "$profile" in
    default) ;;
    coherent) opts+=(--entry-timeout=0 --attribute-timeout=0 --negative-timeout=0
                     --xlator-option "$VOL-md-cache.md-cache-timeout=0") ;;
    *) echo "unknown profile $profile" >&2; exit 2 ;;
  esac
  mkdir -p "$mnt"
  name="mount-$(echo "$mnt" | tr / _)"
  glusterfs -N -f "$dir/state/vols/$VOL/$VOL.tcp-fuse.vol" "${opts[@]}" \
    -l "$dir/log/$name.log" "$mnt" >"$dir/log/$name.out" 2>&1 &
  echo $! > "$dir/pids/$name"
  echo "$mnt" >> "$dir/mounts"
  for _ in $(seq 100); do mountpoint -q "$mnt" && stat "$mnt" >/dev/null 2>&1 && exit 0; sleep 0.1; done
  echo "mount of $mnt did not come up (see $dir/log/$name.log)" >&2
  exit 1
  ;;
stop)
  dir="$2"
  if [ -f "$dir/mounts" ]; then
    while read -r m; do umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true; done < "$dir/mounts"
  fi
  for f in "$dir"/pids/*; do
    [ -f "$f" ] || continue
    p="$(cat "$f")"
    pid_alive "$p" && kill "$p" 2>/dev/null || true
  done
  sleep 0.3
  for f in "$dir"/pids/*; do
    [ -f "$f" ] || continue
    p="$(cat "$f")"
    pid_alive "$p" && kill -9 "$p" 2>/dev/null || true
    rm -f "$f"
  done
  rm -f "$dir/mounts"
  ;;
*)
  sed -n '2,12p' "$0" >&2; exit 2 ;;
esac
