#!/usr/bin/env bash
# The compatibility matrix (issues 26 and 37), for `.ci/run` in one line: `bash .ci/matrix.sh`.
#   lowest: the Node of package.json's engines floor (22.13.0), msw at the lowest of the peer
#           range, this repository's vitest 4 and TypeScript 5.9
#   node24: Node 24, msw 3, vitest 5, TypeScript 7, @types/node 24
#   latest: Node 26 (Temporal on), msw 3, vitest 5, TypeScript 7, @types/node 26
# Each Node comes from the npm registry (scripts/install-node.sh). In each cell the packed package
# in fresh consumer projects (test/package/: vitest, express 5, run -- CMD, a typed client, strict
# tsc over the consumer files and every README and guide example, fake timers, Jest 30, a Vite 8
# production build in Chromium), then the repository's own contract suite under Node 26 with
# msw 3 (.ci/matrix/contract.sh).
# Needs the npm registry (or a warm npm cache: --prefer-offline) and the repository's node_modules.
# `bash .ci/matrix.sh lowest` (or node24, latest, contract) runs one step.
set -euo pipefail
cd "$(dirname "$0")/.."
steps=("${@:-lowest node24 latest contract}")
read -r -a steps <<<"${steps[*]}"

# The Node of a step: the engines floor, or a major.
node_of() {
  case "$1" in
    lowest) node -p "require('./package.json').engines.node.replace(/^>=/, '')" ;;
    node24) echo 24 ;;
    latest | contract) echo 26 ;;
  esac
}

# Every step runs even when one fails, so one run shows the whole matrix; the exit code says if any failed.
failed=()
step() {
  local bin
  bin="$(bash scripts/install-node.sh "$(node_of "$1")")"
  case "$1" in
    lowest | node24 | latest)
      echo "== matrix: $1 cell (Node $("$bin/node" --version))"
      PATH="$bin:$PATH" AUDIO_TASK_MOCK_CELL="$1" npx vitest run --config vitest.package.config.ts
      ;;
    contract)
      echo "== matrix: the contract suite under Node $("$bin/node" --version) with msw 3"
      PATH="$bin:$PATH" bash .ci/matrix/contract.sh
      ;;
  esac
}

for name in "${steps[@]}"; do
  case "$name" in
    lowest | node24 | latest | contract) ;;
    *)
      echo ".ci/matrix.sh: unknown step '$name' (lowest, node24, latest or contract)" >&2
      exit 2
      ;;
  esac
done
for name in "${steps[@]}"; do
  started=$SECONDS
  if step "$name"; then outcome=passed; else
    outcome=FAILED
    failed+=("$name")
  fi
  echo "== matrix: $name $outcome in $((SECONDS - started)) s"
done
if ((${#failed[@]} > 0)); then
  echo "== matrix: failed: ${failed[*]}" >&2
  exit 1
fi
echo "== matrix: all passed"
