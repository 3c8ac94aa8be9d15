#!/bin/sh
# Builds the container image's contents into DEST, from the source tree in the current folder:
# the package packed from a clean install, installed into DEST with its production dependencies
# (msw, its peer, included), plus the health check script. The Dockerfile's build stage runs it
# (scripts/build-image.sh builds the image; .ci/container.sh builds and checks it in CI).
#   sh scripts/container-build.sh /opt/audio-task-mock
set -eu
dest="${1:?usage: container-build.sh DEST}"
npm ci --no-audit --no-fund
pack="$(mktemp -d)"
npm pack --silent --pack-destination "$pack" >/dev/null
mkdir -p "$dest"
cp scripts/container-healthcheck.mjs "$dest/healthcheck.mjs"
cd "$dest"
printf '{ "name": "audio-task-mock-image", "private": true }\n' >package.json
npm install --omit=dev --no-audit --no-fund --no-package-lock "$pack"/audio-task-mock-*.tgz
rm -rf "$pack"
npm cache clean --force 2>/dev/null || true
