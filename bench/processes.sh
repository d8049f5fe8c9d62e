# Sourced by the bench scripts: a work directory and the processes a script starts,
# all stopped (TERM, then KILL after 15 s) and the directory removed when it exits.
#
#   . "$here/processes.sh" NAME    # sets $work (/tmp/posixgw-NAME.XXXXXX); append PIDs to pids
# A script that defines a function on_stop has it called after its processes are gone and
# before $work is removed (bench/durability.sh unmounts its file system there).
work="$(mktemp -d "/tmp/posixgw-$1.XXXXXX")"
pids=()
stop_all() {
  local pid i
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for i in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  if declare -F on_stop >/dev/null; then on_stop || true; fi
  rm -rf "$work"
}
trap stop_all EXIT
trap 'exit 130' INT TERM
