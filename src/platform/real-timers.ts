/**
 * The platform's timers as they were when the fake was loaded. The fake's own waits (a fault's
 * delay, a media stream's turn between chunks, a server settling before it closes) use these, so a
 * test that fakes timers (`vi.useFakeTimers()`, Jest's modern timers: setTimeout, setImmediate,
 * Date, performance and, on Node 26, `Temporal.Now`) neither freezes the fake nor moves its clock.
 * The fake's time is its own clock, moved by `clock.advance`. Web-standard globals only: the browser
 * entry uses it too.
 */
const timeout = globalThis.setTimeout
const cancel = globalThis.clearTimeout
const immediate = globalThis.setImmediate as ((run: () => void) => unknown) | undefined
const wallNow = Date.now

/**
 * Calls `run` after `ms` of real time; the returned function cancels it. `unref`: the timer alone
 * does not keep Node running (where timers have `unref`).
 */
export function realTimeout(run: () => void, ms: number, options: { unref?: boolean } = {}): () => void {
  const id = timeout(run, ms)
  if (options.unref === true) (id as { unref?: () => void }).unref?.()
  return () => cancel(id)
}

/** Calls `run` after the event loop's pending I/O (Node's setImmediate; a 0 ms timeout where there is none). */
export function realImmediate(run: () => void): void {
  if (immediate === undefined) void timeout(run, 0)
  else immediate(run)
}

/** Resolves after `ms` of real time. */
export const realSleep = (ms: number): Promise<void> => new Promise<void>((resolve) => void timeout(resolve, ms))

/** Real time in ms since the epoch, whatever a test did to `Date`. */
export const realNow = (): number => wallNow()
