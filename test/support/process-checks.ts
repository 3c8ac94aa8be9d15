/** Checks that what a test started is gone: a port no longer answering, a process no longer there. */
import { setTimeout as wait } from 'node:timers/promises'

/** True once `url` refuses connections, polling every 50 ms for at most `withinMs`. */
export async function portClosed(url: string, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs
  for (;;) {
    try {
      await fetch(`${url}/__admin/health`, { signal: AbortSignal.timeout(1_000) })
    } catch {
      return true
    }
    if (Date.now() > deadline) return false
    await wait(50)
  }
}

/** True when no process has this pid (signal 0 only checks). */
export function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}
