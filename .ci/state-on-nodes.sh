#!/usr/bin/env bash
# Runs the --state tests on the engines floor (Node 22.13.0, the first with node:sqlite without a
# flag) and on Node 26, after `npm test` has run them on CI's Node 24 (decision 050); libsql, the
# other binding, is run on every Node by the tests that ask for it (decision 036). Node versions
# come from the npm registry (scripts/install-node.sh). Expects a built dist/.
#   bash .ci/state-on-nodes.sh          -> Node 22.13.0 and 26
#   bash .ci/state-on-nodes.sh 24       -> Node 24 only (a major or an exact version)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
majors=("$@")
[ ${#majors[@]} -eq 0 ] && majors=("$(node -p "require('./package.json').engines.node.replace(/^>=/, '')")" 26)
for major in "${majors[@]}"; do
  bin="$(bash scripts/install-node.sh "$major")"
  echo "test-state-on-nodes: Node $("$bin/node" --version)"
  PATH="$bin:$PATH" npx vitest run test/state test/cli/state.test.ts test/cli/state-persist.test.ts test/cli/state-durable.test.ts \
    test/cli/state-refusals.test.ts test/cli/state-full-disk.test.ts test/cli/state-worlds.test.ts test/cli/state-damaged-rows.test.ts \
    test/cli/persistence-docs.test.ts test/cli/persistence-refusals-docs.test.ts
done
