/**
 * Launched by npm (`npx audio-task-mock`, `npm start`, `npm exec`), the fake runs under `sh -c`.
 * npm hands its own SIGTERM (a CI job's `kill $!`) to that shell, and Debian's dash dies without
 * passing it on: the server would stay behind, without a parent, holding its port. So, when npm
 * launched it, the fake also stops when its parent process goes away. Started any other way
 * (directly, under nohup, by a supervisor) it keeps running whatever happens to its parent.
 */

/** Calls `onOrphaned` once when the parent process changes; returns a function that stops watching. */
export function watchForOrphaning(onOrphaned: () => void, options: { env: NodeJS.ProcessEnv; parent?: () => number; intervalMs?: number }): () => void {
  if (options.env['npm_command'] === undefined) return () => {}
  const parent = options.parent ?? (() => process.ppid)
  const first = parent()
  const timer = setInterval(() => {
    if (parent() === first) return
    clearInterval(timer)
    onOrphaned()
  }, options.intervalMs ?? 250)
  timer.unref()
  return () => clearInterval(timer)
}
