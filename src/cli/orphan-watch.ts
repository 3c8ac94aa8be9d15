/**
 * Launched by npm (`npx audio-task-mock`, `npm start`, `npm exec`), the fake runs under `sh -c`.
 * npm hands its own SIGTERM (a CI job's `kill $!`) to that shell, and Debian's dash dies without
 * passing it on: the server would stay behind, without a parent, holding its port. So, when npm
 * launched it, the fake also stops when its parent process goes away. Started any other way
 * (directly, under nohup, by a supervisor) it keeps running whatever happens to its parent.
 */

/**
 * The parent this process started under, read when the CLI loads. Watching starts only once the
 * fake is listening, and a launcher that dies in between (right after the ready line) must still
 * count as gone: compared with the parent read then, it would already be init.
 */
export const launcherAtStart = process.ppid

/**
 * Calls `onOrphaned` once when the parent process is no longer `first` (default: the parent now);
 * returns a function that stops watching.
 */
export function watchForOrphaning(
  onOrphaned: () => void,
  options: { env: NodeJS.ProcessEnv; parent?: () => number; first?: number; intervalMs?: number },
): () => void {
  if (options.env['npm_command'] === undefined) return () => {}
  const parent = options.parent ?? (() => process.ppid)
  const first = options.first ?? parent()
  const timer = setInterval(() => {
    // A launcher that died before even `launcherAtStart` was read leaves init (pid 1) as the parent
    // from the start; npm never runs the fake directly under init, so that counts as gone too.
    const now = parent()
    if (now === first && now !== 1) return
    clearInterval(timer)
    onOrphaned()
  }, options.intervalMs ?? 250)
  timer.unref()
  return () => clearInterval(timer)
}
