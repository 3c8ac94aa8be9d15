#!/usr/bin/env bash
# CI step for the container (issue 36), with Debian's podman (no Docker engine here): builds the
# image from the Dockerfile (scripts/build-image.sh, which makes the base first when the store
# lacks it: scripts/container-base.sh), checks it (.ci/container-check.mjs: non-root, health
# check, the HTTP contract suite, --state on a volume, its size), then runs docs/ci.md's docker
# and Testcontainers lines against podman's Docker-compatible socket (.ci/container-docs.sh).
# Prints the time of each part.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
tag=audio-task-mock:ci
bash scripts/build-image.sh --tag "$tag" >/dev/null
built=$SECONDS
node .ci/container-check.mjs "$tag"
checked=$SECONDS
bash .ci/container-docs.sh
# The build stages' images, kept as the layer cache of this run's builds: the next run's context differs.
bash scripts/podman.sh image prune --force >/dev/null
echo "container step: build $((built - started)) s, checks $((checked - built)) s, docs' lines $((SECONDS - checked)) s"
