#!/usr/bin/env bash
# Runs the --state tests on Node 22 and 24 (node:sqlite there) after the machine's Node has run
# them with libsql: the state database must work with both bindings (decision 036). Node
# versions come from the npm registry (scripts/install-node.sh). Expects a built dist/.
#   bash .ci/state-on-nodes.sh          -> Node 22 and 24
#   bash .ci/state-on-nodes.sh 24       -> Node 24 only
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
majors=("$@")
[ ${#majors[@]} -eq 0 ] && majors=(22 24)
for major in "${majors[@]}"; do
  bin="$(bash scripts/install-node.sh "$major")"
  echo "test-state-on-nodes: Node $("$bin/node" --version)"
  PATH="$bin:$PATH" npx vitest run test/state test/cli/state.test.ts test/cli/state-persist.test.ts test/cli/state-durable.test.ts \
    test/cli/state-refusals.test.ts test/cli/state-full-disk.test.ts test/cli/state-worlds.test.ts test/cli/state-damaged-rows.test.ts \
    test/cli/persistence-docs.test.ts test/cli/persistence-refusals-docs.test.ts
done
