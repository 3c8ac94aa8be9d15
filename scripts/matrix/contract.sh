#!/usr/bin/env bash
# The repository's own contract suite (test/contract) under the Node first on PATH with msw 3:
# a temporary copy of the tracked files (`git ls-files`, so what a clean clone has), `npm ci`
# there, msw@^3 installed without saving, the build, then `npx vitest run test/contract`.
# Called by scripts/matrix.sh with Node 24 first on PATH. The copy is removed at the end.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
copy="$(mktemp -d "${TMPDIR:-/tmp}/atm-contract-XXXXXX")"
trap 'rm -rf "$copy"' EXIT
cd "$root"
git ls-files -z | xargs -0 cp --parents -t "$copy"
cd "$copy"
echo "contract: Node $(node --version) in $copy"
npm ci --prefer-offline --no-audit --no-fund --ignore-scripts
# --legacy-peer-deps: msw 3 names vite >=6 as an optional peer, and the newest vite 8 wants
# esbuild ^0.27 or ^0.28 where this repository pins ^0.25 (vite is vitest's; esbuild our build's).
npm install --no-save --legacy-peer-deps --prefer-offline --no-audit --no-fund --ignore-scripts 'msw@^3'
echo "contract: msw $(node -p "JSON.parse(require('fs').readFileSync('node_modules/msw/package.json', 'utf8')).version")"
npm run -s build
npx vitest run test/contract
