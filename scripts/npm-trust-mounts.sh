#!/usr/bin/env bash
# For container builds on a machine whose npm trusts a CA bundle of its own (`npm config get
# cafile`, or else Node's NODE_EXTRA_CA_CERTS, which the host's npm also trusts; e.g. behind a
# TLS-inspecting proxy): writes DIR/npmrc naming that bundle and prints
# the two read-only mounts that give npm in a build's RUN steps the same trust, one a line as
# `podman build --volume` and containers.conf's `volumes` take them: the bundle at its own path,
# and the npmrc as npm's global config in a node image (/usr/local/etc/npmrc). Mounted, not
# copied, so nothing of it reaches the image. Prints nothing when there is no such bundle.
#   bash scripts/npm-trust-mounts.sh DIR
set -euo pipefail
dir="${1:?usage: npm-trust-mounts.sh DIR}"
ca="$(npm config get cafile 2>/dev/null || true)"
# A Node from the registry (scripts/install-node.sh) has no global npmrc: its npm reads no cafile
# and trusts the proxy through NODE_EXTRA_CA_CERTS, which a build's RUN steps do not inherit.
if [ -z "$ca" ] || [ "$ca" = null ] || [ ! -r "$ca" ]; then
  ca="${NODE_EXTRA_CA_CERTS:-}"
fi
if [ -z "$ca" ] || [ ! -r "$ca" ]; then
  exit 0
fi
printf 'cafile=%s\n' "$ca" >"$dir/npmrc"
chmod a+r "$dir/npmrc"
echo "$ca:$ca:ro"
echo "$dir/npmrc:/usr/local/etc/npmrc:ro"
