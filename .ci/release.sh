#!/usr/bin/env bash
# CI step for the release (issue 36), from this commit as a release is made from its tag:
#  1. a bare clone of HEAD tagged vVERSION (GitHub's repository stand-in), and a clone at that tag;
#  2. the release workflow's run: lines in that clone, in order, up to `npm publish --dry-run`
#     (test/release/workflow.test.ts): every artifact of `npm run release`, image included;
#  3. each artifact installed as a user would, in fresh places (test/release/): npm from the
#     tarball's URL and from git at the tag (with the machine's npm and with npm 12), the wheel into
#     a fresh venv with no Node on PATH, the executables (arm64 under qemu-user), and the Action
#     from a fresh checkout at the tag, which builds itself.
# Commit first: the clone takes HEAD. Needs the npm registry and Debian's packages (podman, qemu).
#   bash .ci/release.sh [--no-image]   (--no-image: a machine without podman; the image is left out)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
no_image=0
[ "${1:-}" = "--no-image" ] && no_image=1
# The arm64 executable runs under emulation with Debian's qemu-user and arm64 C libraries.
if [ "$(id -u)" = 0 ] && ! [ -x /usr/bin/qemu-aarch64 ]; then
  apt-get update -qq
  apt-get install -y --no-install-recommends qemu-user libc6-arm64-cross libstdc++6-arm64-cross libgcc-s1-arm64-cross >/dev/null
fi
version="$(node -p 'require("./package.json").version')"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone --quiet --bare . "$work/bare.git"
git -C "$work/bare.git" tag --force "v$version" HEAD >/dev/null
git clone --quiet --branch "v$version" "$work/bare.git" "$work/checkout" 2>/dev/null
# npm 12 (which allows URL and git sources only when told), run by Node 24.
npm install --silent --prefix "$work/npm12" --no-audit --no-fund npm@12
mkdir "$work/npm12-bin"
ln -s "$work/npm12/node_modules/npm/bin/npm-cli.js" "$work/npm12-bin/npm"
ln -s "$work/npm12/node_modules/npm/bin/npx-cli.js" "$work/npm12-bin/npx"
npm12_path="$work/npm12-bin:$(bash scripts/install-node.sh 24)"

AUDIO_TASK_MOCK_RELEASE_CHECKOUT="$work/checkout" AUDIO_TASK_MOCK_RELEASE_NO_IMAGE="$no_image" \
  npx vitest run test/release/workflow.test.ts
AUDIO_TASK_MOCK_RELEASE="$work/checkout/release" AUDIO_TASK_MOCK_RELEASE_GIT="$work/bare.git" AUDIO_TASK_MOCK_NPM12_PATH="$npm12_path" \
  npx vitest run test/release/
du -b "$work/checkout/release/"* | sed "s#$work/checkout/##"
