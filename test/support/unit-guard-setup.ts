/**
 * Setup of the `unit` project (vitest.config.ts): a unit test starts nothing. Spawning a process,
 * listening on a port and opening a connection throw here, naming what was asked, so a file filed
 * under `unit` that starts a server, the CLI, esbuild or Chromium fails loudly instead of quietly
 * making the contributor's inner loop slow. Such a file belongs to another project: name it in
 * test/support/projects.ts.
 */
import childProcess from 'node:child_process'
import { syncBuiltinESMExports } from 'node:module'
import net from 'node:net'

function refuse(what: string): () => never {
  return () => {
    throw new Error(`${what} in a unit test: unit tests start nothing. File this test under doors, cli or browser in test/support/projects.ts`)
  }
}

const spawners = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const
for (const name of spawners) {
  Object.assign(childProcess, { [name]: refuse(`child_process.${name}()`) })
}
net.Server.prototype.listen = refuse('listen() on a port')
net.Socket.prototype.connect = refuse('a socket connection')
// ESM importers of node:child_process (`import { spawn } from …`) see the refusals too.
syncBuiltinESMExports()
