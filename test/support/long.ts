/**
 * How hard the property and load tests push. `npm test` runs every property with a quick count;
 * `npm run test:long` (AUDIO_TASK_MOCK_LONG=1) runs the long forms. FUZZ_RUNS (fast-check runs
 * per property) and LEDGER_OPS still set a count exactly, whichever form runs.
 */
export const LONG = process.env['AUDIO_TASK_MOCK_LONG'] === '1'

/** `quick` in `npm test`, `long` under AUDIO_TASK_MOCK_LONG=1; the environment variable `name`, when set, wins. */
export function count(quick: number, long: number, name?: string): number {
  const given = name === undefined ? undefined : process.env[name]
  if (given !== undefined && given !== '') return Number(given)
  return LONG ? long : quick
}

/** fast-check runs per property (FUZZ_RUNS overrides both). */
export function fuzzRuns(quick: number, long: number): number {
  return count(quick, long, 'FUZZ_RUNS')
}
