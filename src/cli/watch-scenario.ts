/**
 * `--watch`: reloads the scenario file when it changes. A valid edit restarts the world from it
 * (accounts, tasks, counters and clock, as `POST /__admin/reset` with a scenario does) and says
 * `audio-task-mock: reloaded FILE`; an invalid one prints every FILE:LINE:COL mistake and the
 * previous scenario keeps serving, its world untouched.
 *
 * The directory is watched, not the file: editors save by writing a new file and renaming it
 * over the old one, which ends a watch on the file itself. Events come in bursts (a write can
 * fire several), so a change is acted on once the file has been quiet for a moment, and only if
 * its text differs from the last text read.
 */
import { readFileSync, watch, type FSWatcher } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'
import { formatScenarioError, parseScenario } from '../scenario/index.js'
import { readScenarioText } from '../scenario/load-file.js'
import type { RunningServer } from '../server/start-server.js'
import type { Log } from './log.js'

export interface ScenarioWatcher {
  close(): void
}

/** How long the file must stay quiet before it is read. */
export const SETTLE_MS = 100

export function watchScenario(file: string, running: Pick<RunningServer, 'reset'>, log: Log): ScenarioWatcher {
  const path = resolve(file)
  const name = basename(path)
  let timer: NodeJS.Timeout | undefined
  let closed = false
  // The text the server started from: an event that leaves it unchanged is no reload.
  let lastText: string | null = readOrNull(path)

  const reload = async (): Promise<void> => {
    const read = await readScenarioText(path)
    if (!read.ok) {
      // Mid-rename, or deleted: the next event (the new file appearing) triggers a reload.
      if (read.reason !== 'no such file') log.error(`audio-task-mock: cannot read ${file}: ${read.reason}; still serving the previous scenario`)
      return
    }
    const { text } = read
    if (closed || text === lastText) return
    lastText = text
    const parsed = parseScenario(text, file)
    if (!parsed.ok) {
      log.error(parsed.errors.map(formatScenarioError).join('\n'))
      log.error(`audio-task-mock: ${file} has mistakes; still serving the previous scenario`)
      return
    }
    running.reset(parsed.scenario)
    log.info(`audio-task-mock: reloaded ${file} (scenario ${JSON.stringify(parsed.scenario.name)}, world restarted)`)
  }

  let watcher: FSWatcher
  try {
    watcher = watch(dirname(path), { persistent: false }, (_event, changed) => {
      if (changed !== null && changed !== name) return
      clearTimeout(timer)
      timer = setTimeout(() => void reload(), SETTLE_MS)
    })
  } catch (error) {
    log.error(`audio-task-mock: cannot watch ${file}: ${(error as Error).message}`)
    return { close: () => undefined }
  }
  watcher.on('error', (error) => log.error(`audio-task-mock: stopped watching ${file}: ${error.message}`))
  return {
    close() {
      closed = true
      clearTimeout(timer)
      watcher.close()
    },
  }
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}
