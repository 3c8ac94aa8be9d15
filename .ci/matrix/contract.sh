#!/usr/bin/env bash
# The repository's own contract suite (test/contract) under the Node first on PATH with msw 3, in
# a temporary copy of the tracked files (`git ls-files`: what a fresh clone has). On the way it
# checks docs/getting-started.md's `npm ci && npm pack` there: `npm ci` builds dist/ through
# `prepare`, and `npm pack` then makes the tarball. Then msw@^3 is installed without saving (dist/
# does not depend on the msw major) and `npx vitest run test/contract` runs.
# Called by .ci/matrix.sh with Node 26 first on PATH. The copy is removed at the end.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
copy="$(mktemp -d "${TMPDIR:-/tmp}/atm-contract-XXXXXX")"
trap 'rm -rf "$copy"' EXIT
cd "$root"
git ls-files -z | xargs -0 cp --parents -t "$copy"
cd "$copy"
echo "contract: Node $(node --version) in $copy"
npm ci --prefer-offline --no-audit --no-fund
npm pack --pack-destination "$copy" --loglevel=warn --no-audit --no-fund >/dev/null
test -s "$copy/audio-task-mock-$(node -p "require('./package.json').version").tgz"
echo "contract: npm ci && npm pack made the tarball"
# --legacy-peer-deps: msw 3 names vite >=6 as an optional peer, and the newest vite 8 wants
# esbuild ^0.27 or ^0.28 where this repository pins ^0.25 (vite is vitest's; esbuild our build's).
npm install --no-save --legacy-peer-deps --prefer-offline --no-audit --no-fund --ignore-scripts 'msw@^3'
echo "contract: msw $(node -p "JSON.parse(require('fs').readFileSync('node_modules/msw/package.json', 'utf8')).version")"
npx vitest run test/contract
