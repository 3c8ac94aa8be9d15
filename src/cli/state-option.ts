/**
 * `--state FILE`: restore the world from FILE right after the server starts listening (before
 * the ready line, in the same tick, so no request sees the fresh world), then keep FILE up to
 * date at intervals and on shutdown.
 */
import { restoreWorld } from '../state/snapshot.js'
import { keepState, readState } from '../state/state-file.js'
import type { RunningServer } from '../server/start-server.js'

export type StateKeeper = ReturnType<typeof keepState>

/** Restores `value` (from `readState`) into the running fake and starts saving; a message when refused. */
export function adoptState(
  running: RunningServer,
  path: string,
  value: unknown,
  intervalMs: number,
): { ok: true; keeper: StateKeeper; summary: string } | { ok: false; message: string } {
  let summary = `no state in ${path} yet: starting from the scenario`
  if (value !== null) {
    const restored = restoreWorld(running.mock.world, { set: (ms) => void running.mock.clock.set(ms) }, value)
    if (!restored.ok) return { ok: false, message: `${path}: refused: ${restored.message}` }
    summary = `restored ${restored.accounts} accounts and ${restored.tasks} tasks from ${path}`
  }
  const keeper = keepState(path, () => running.mock.world, intervalMs, (error) => {
    process.stderr.write(`audio-task-mock: cannot save the state to ${path}: ${error.message}\n`)
  })
  return { ok: true, keeper, summary }
}

export { readState }
