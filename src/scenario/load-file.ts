/** Reading a scenario file (Node only: the browser entry leaves this module out of its graph). */
import { readFile } from 'node:fs/promises'
import { parseScenario, type ScenarioResult } from './load.js'
import type { WarnOptions } from './never-fires.js'

/** Reads and parses a scenario file; a file that cannot be read is one error at 1:1. */
export async function loadScenarioFile(path: string, options: WarnOptions = {}): Promise<ScenarioResult> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : message
    const errors = [{ file: path, line: 1, col: 1, path: '', message: `cannot read the scenario file: ${reason}` }]
    return { ok: false, errors }
  }
  return parseScenario(text, path, options)
}
