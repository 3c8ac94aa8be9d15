#!/usr/bin/env bash
# The compatibility matrix (issue 26), for `.ci/run` in one line: `bash .ci/matrix.sh`.
#   lowest: the machine's Node 20, msw at the lowest of the peer range, vitest 4, TypeScript 5.9
#   latest: Node 24 (scripts/install-node.sh), msw 3, vitest 5, TypeScript 7, @types/node 24
# In each cell the packed package in fresh consumer projects (test/package/: vitest, express 5,
# run -- CMD, a typed client, strict tsc, Jest 30, a Vite 8 production build in Chromium), then
# the repository's own contract suite under Node 24 with msw 3 (.ci/matrix/contract.sh).
# Needs the npm registry (or a warm npm cache: --prefer-offline) and the repository's node_modules.
# `bash .ci/matrix.sh lowest` (or latest, or contract) runs one step.
set -euo pipefail
cd "$(dirname "$0")/.."
steps=("${@:-lowest latest contract}")
read -r -a steps <<<"${steps[*]}"

node24() {
  bash scripts/install-node.sh 24
}

# Every step runs even when one fails, so one run shows the whole matrix; the exit code says if any failed.
failed=()
step() {
  case "$1" in
    lowest)
      echo "== matrix: lowest cell (Node $(node --version), msw lowest of the peer range)"
      AUDIO_TASK_MOCK_CELL=lowest npx vitest run --config vitest.package.config.ts
      ;;
    latest)
      bin="$(node24)"
      echo "== matrix: latest cell (Node $("$bin/node" --version), msw 3, vitest 5, TypeScript 7)"
      PATH="$bin:$PATH" AUDIO_TASK_MOCK_CELL=latest npx vitest run --config vitest.package.config.ts
      ;;
    contract)
      bin="$(node24)"
      echo "== matrix: the contract suite under Node $("$bin/node" --version) with msw 3"
      PATH="$bin:$PATH" bash .ci/matrix/contract.sh
      ;;
  esac
}

for name in "${steps[@]}"; do
  case "$name" in
    lowest | latest | contract) ;;
    *)
      echo ".ci/matrix.sh: unknown step '$name' (lowest, latest or contract)" >&2
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
