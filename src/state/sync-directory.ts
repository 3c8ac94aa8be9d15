/** Flushes the directory holding `path`, so a file just created or renamed there survives a crash. */
import { open } from 'node:fs/promises'
import { dirname } from 'node:path'

export async function syncDirectory(path: string): Promise<void> {
  const handle = await open(dirname(path), 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
