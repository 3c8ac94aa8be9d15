#!/usr/bin/env bash
# CI step (issue 36): docs/ci.md's `docker` lines, with the docker client, and its Node
# Testcontainers recipe, in a fresh project, against podman's Docker-compatible API (no Docker
# engine here): `podman system service` on a socket of its own, given by DOCKER_HOST
# (test/cli/container-engine.test.ts). The service runs its containers as .ci/container-check.mjs
# does (runc, cgroupfs, explicit ulimits: containers.conf below), and mounts into them what
# scripts/build-image.sh mounts into its build, so npm in the Dockerfile's RUN steps trusts this
# machine's CA bundle (scripts/npm-trust-mounts.sh). Ryuk, Testcontainers' reaper, is an image
# from Docker Hub, which is not reachable: TESTCONTAINERS_RYUK_DISABLED=true; the test removes
# what it made.
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
mounts="$(bash scripts/npm-trust-mounts.sh "$work" | sed 's/.*/"&"/' | paste -sd, -)"
cat >"$work/containers.conf" <<CONF
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=1000:1000"]
volumes = [$mounts]

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
CONF
socket="$work/podman.sock"
# Its log (podman's complaints that no systemd runs its health check timers, among others) is
# shown only when the step fails.
CONTAINERS_CONF="$work/containers.conf" bash scripts/podman.sh system service --time=0 "unix://$socket" 2>"$work/service.log" &
service=$!
trap 'status=$?; kill "$service" 2>/dev/null; wait "$service" 2>/dev/null; [ "$status" -eq 0 ] || tail -40 "$work/service.log" >&2; rm -rf "$work"' EXIT
for _ in $(seq 100); do
  [ -S "$socket" ] && break
  sleep 0.1
done
DOCKER_HOST="unix://$socket" docker version --format 'docker client {{.Client.Version}} against {{.Server.Version}}'
AUDIO_TASK_MOCK_DOCKER_HOST="unix://$socket" TESTCONTAINERS_RYUK_DISABLED=true \
  npx vitest run test/cli/container-engine.test.ts
