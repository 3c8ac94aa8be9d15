#!/usr/bin/env bash
# Builds the container image from the Dockerfile and prints its tag (default
# audio-task-mock:VERSION, VERSION from package.json).
# - With podman (Debian's, run as root): the base image is made here when the store lacks it
#   (scripts/container-base.sh: no image registry needs to be reachable), the build never pulls,
#   and when this machine's npm trusts a CA bundle of its own (a TLS-inspecting proxy), npm in
#   the build trusts it too (scripts/npm-trust-mounts.sh: mounted, never in the image). Podman
#   runs as scripts/podman.sh runs it (runc, cgroupfs; PODMAN=COMMAND changes that).
# - Else with docker, when a Docker engine answers: a plain `docker build` (it pulls the base).
# CONTAINER_ENGINE=podman|docker picks one.
#   bash scripts/build-image.sh [--tag TAG]
set -euo pipefail
cd "$(dirname "$0")/.."
tag="audio-task-mock:$(node -p 'require("./package.json").version')"
while [ $# -gt 0 ]; do
  case "$1" in
    --tag) tag="${2:?build-image: --tag needs a value}" && shift 2 ;;
    --tag=*) tag="${1#--tag=}" && shift ;;
    *)
      echo "build-image: unknown argument '$1'; usage: build-image.sh [--tag TAG]" >&2
      exit 2
      ;;
  esac
done

engine="${CONTAINER_ENGINE:-}"
if [ -z "$engine" ]; then
  if command -v "${AUDIO_TASK_MOCK_PODMAN:-podman}" >/dev/null; then
    engine=podman
  elif docker info >/dev/null 2>&1; then
    engine=docker
  else
    echo "build-image: neither podman nor a Docker engine is here (Debian: apt-get install podman runc)" >&2
    exit 1
  fi
fi

case "$engine" in
  podman)
    bash scripts/container-base.sh
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    trust=()
    while read -r mount; do trust+=(--volume "$mount"); done < <(bash scripts/npm-trust-mounts.sh "$work")
    bash scripts/podman.sh build --pull=never --format docker "${trust[@]}" --tag "$tag" . >&2
    ;;
  docker) docker build --tag "$tag" . >&2 ;;
  *)
    echo "build-image: CONTAINER_ENGINE must be podman or docker, not '$engine'" >&2
    exit 2
    ;;
esac
echo "$tag"
