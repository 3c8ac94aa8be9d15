#!/usr/bin/env bash
# CI step for the container (issue 30), with no Docker engine: copies the source tree as the
# Dockerfile's `COPY . .` would (less .dockerignore), runs the Dockerfile's only build command
# (scripts/container-build.sh) there, and starts the result as the image would
# (.ci/container-check.mjs). The image itself is not built.
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src"
tar -c --exclude-from=.dockerignore . | tar -x -C "$work/src"
(cd "$work/src" && sh scripts/container-build.sh "$work/opt/audio-task-mock")
chmod -R a+rX "$work"
node .ci/container-check.mjs "$work/opt/audio-task-mock"
du -sh "$work/opt/audio-task-mock"
