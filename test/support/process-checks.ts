/** Checks that what a test started is gone: a port no longer answering, a process no longer there. */
import { setTimeout as wait } from 'node:timers/promises'

/**
 * True once `url` refuses connections, polling every 50 ms for at most `withinMs`. An answer that
 * is only slow (a loaded machine) is not a closed port: only a failed connection counts.
 */
export async function portClosed(url: string, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs
  for (;;) {
    try {
      await fetch(`${url}/__admin/health`, { signal: AbortSignal.timeout(1_000) })
    } catch (error) {
      if ((error as Error).name !== 'TimeoutError') return true
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

/** Resolves once the process's output (so far, or from later chunks) matches; rejects after `withinMs`. */
export function waitForOutput(
  started: { child: { stdout: NodeJS.ReadableStream | null; stderr: NodeJS.ReadableStream | null }; output: () => string },
  pattern: RegExp,
  withinMs = 10_000,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const found = pattern.exec(started.output())
      if (found === null) return false
      done()
      resolve(found[0])
      return true
    }
    const timer = setTimeout(() => {
      done()
      reject(new Error(`no output matching ${pattern} within ${withinMs} ms:\n${started.output()}`))
    }, withinMs)
    // Listeners added after startCli's own: the output already holds the chunk when they run.
    const onData = (): void => void check()
    const done = (): void => {
      clearTimeout(timer)
      started.child.stdout?.off('data', onData)
      started.child.stderr?.off('data', onData)
    }
    if (check()) return
    started.child.stdout?.on('data', onData)
    started.child.stderr?.on('data', onData)
  })
}
