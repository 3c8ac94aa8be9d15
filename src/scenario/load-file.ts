/** Reading a scenario file (Node only: the browser entry leaves this module out of its graph). */
import { open, stat } from 'node:fs/promises'
import type { Stats } from 'node:fs'
import { parseScenario, type ScenarioResult } from './load.js'
import type { WarnOptions } from './never-fires.js'

/** The most bytes a scenario file may have: far over any written or recorded one, far under what would exhaust memory. */
export const SCENARIO_FILE_LIMIT = 16 * 1024 * 1024

function kindOf(info: Stats): string {
  if (info.isFIFO()) return 'a FIFO'
  if (info.isCharacterDevice()) return 'a character device'
  if (info.isBlockDevice()) return 'a block device'
  if (info.isSocket()) return 'a socket'
  return 'not a file'
}

const tooLarge = (size: number): string => `it is ${size} bytes, over the ${SCENARIO_FILE_LIMIT} (16 MiB) a scenario file may have`

/**
 * A scenario file's text, or why it cannot be read. Only a regular file is read (a device such as
 * /dev/zero never ends, a FIFO nobody writes to never opens), and at most SCENARIO_FILE_LIMIT bytes
 * of it: a file growing while it is read is cut there and refused.
 */
export async function readScenarioText(path: string): Promise<{ ok: true; text: string } | { ok: false; reason: string }> {
  try {
    const info = await stat(path)
    if (info.isDirectory()) return { ok: false, reason: 'it is a directory' }
    if (!info.isFile()) return { ok: false, reason: `it is ${kindOf(info)}, not a regular file; write the scenario to a file first` }
    if (info.size > SCENARIO_FILE_LIMIT) return { ok: false, reason: tooLarge(info.size) }
    const handle = await open(path, 'r')
    try {
      const buffer = Buffer.alloc(Math.min(info.size, SCENARIO_FILE_LIMIT) + 1)
      let length = 0
      for (let read = 1; read > 0 && length < buffer.length; length += read)
        ({ bytesRead: read } = await handle.read(buffer, length, buffer.length - length, length))
      if (length > SCENARIO_FILE_LIMIT) return { ok: false, reason: tooLarge(length) }
      if (length > info.size) return { ok: false, reason: 'it changed while it was read; try again once it is written' }
      return { ok: true, text: buffer.toString('utf8', 0, length) }
    } finally {
      await handle.close()
    }
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException
    return { ok: false, reason: code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : message }
  }
}

/** Reads and parses a scenario file; a file that cannot be read is one error at 1:1. */
export async function loadScenarioFile(path: string, options: WarnOptions = {}): Promise<ScenarioResult> {
  const read = await readScenarioText(path)
  if (!read.ok) return { ok: false, errors: [{ file: path, line: 1, col: 1, path: '', message: `cannot read the scenario file: ${read.reason}` }] }
  return parseScenario(read.text, path, options)
}
