# Sourced by .ci/run before the README's test command: the container engine, the image and
# the Docker API the image tests (deploy-tests, ContainerImageIT) use. CI machines have no
# Docker and no registry access, so (../shared/ENVIRONMENT.md):
#   1. podman (+ runc, debootstrap) from Debian, with runc and explicit ulimits;
#   2. podman's Docker-compatible API on /tmp/podman.sock, stopped by PID when .ci/run exits;
#   3. the base images docker/Dockerfile names, made locally (docker/build-local-base.sh,
#      debootstrap, in the background while the server jar builds);
#   4. the image, built with `podman build --pull=never` and passed to the tests as POSIXGW_IMAGE.
# If the engine cannot be set up (1-3), nothing is exported and the container tests skip; a
# failing image build (4) fails the run: that is a broken Dockerfile, not a missing engine.
# Nothing is cached between runs.

posixgw_ci_containers() {
  local pkgs=() p
  for p in podman runc debootstrap slirp4netns uidmap buildah; do
    dpkg -s "$p" >/dev/null 2>&1 || pkgs+=("$p")
  done
  if [ ${#pkgs[@]} -gt 0 ]; then
    if ! { DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${pkgs[@]}" \
           || { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${pkgs[@]}"; }; } \
         >/tmp/posixgw-ci-podman-apt.log 2>&1; then
      tail -5 /tmp/posixgw-ci-podman-apt.log >&2
      echo "ci: podman could not be installed: the container tests will be skipped" >&2
      return 0
    fi
  fi
  export CONTAINERS_CONF=/tmp/posixgw-containers.conf
  cat > "$CONTAINERS_CONF" <<'EOF'
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=4096:4096"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
EOF
  if ! podman info >/tmp/posixgw-ci-podman-info.log 2>&1; then
    tail -5 /tmp/posixgw-ci-podman-info.log >&2
    echo "ci: podman does not work here: the container tests will be skipped" >&2
    return 0
  fi

  local started=$SECONDS
  docker/build-local-base.sh >/tmp/posixgw-ci-base.log 2>&1 &
  local base_pid=$!
  # The image copies the server and migrate jars; the test command below then finds the classes up to date.
  ./mvnw -B -q -DskipTests install -pl gateway-server,gateway-migrate -am
  if ! wait "$base_pid"; then
    tail -20 /tmp/posixgw-ci-base.log >&2
    echo "ci: the local base images could not be made: the container tests will be skipped" >&2
    return 0
  fi
  podman build -q --pull=never -f docker/Dockerfile -t localhost/posixgw:ci . >/tmp/posixgw-ci-image.log 2>&1 \
    || { cat /tmp/posixgw-ci-image.log >&2; echo "ci: docker/Dockerfile does not build" >&2; return 1; }
  echo "ci: image localhost/posixgw:ci, $(podman image inspect --format '{{.Size}}' localhost/posixgw:ci) bytes," \
       "built in $((SECONDS - started)) s (base images, jar and image)" >&2

  rm -f /tmp/podman.sock
  podman system service --time=0 unix:///tmp/podman.sock >/tmp/posixgw-ci-podman-service.log 2>&1 &
  POSIXGW_PODMAN_PID=$!
  trap 'kill "$POSIXGW_PODMAN_PID" 2>/dev/null || true' EXIT
  local i
  for i in $(seq 100); do
    curl -sf --unix-socket /tmp/podman.sock http://d/_ping >/dev/null 2>&1 && break
    sleep 0.2
  done
  if ! curl -sf --unix-socket /tmp/podman.sock http://d/_ping >/dev/null 2>&1; then
    echo "ci: podman's Docker API does not answer: the container tests will be skipped" >&2
    kill "$POSIXGW_PODMAN_PID" 2>/dev/null || true
    return 0
  fi
  export DOCKER_HOST=unix:///tmp/podman.sock TESTCONTAINERS_RYUK_DISABLED=true TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1
  export POSIXGW_IMAGE=localhost/posixgw:ci
}

posixgw_ci_containers
