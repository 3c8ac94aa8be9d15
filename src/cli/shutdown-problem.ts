/**
 * What a failed save on shutdown tells the user (the command then exits non-zero). Kept apart from
 * the state code, which a start without `--state` never loads: the keeper's WalNotFolded is told
 * by its name.
 */
export const shutdownProblem = (error: Error): string =>
  error.name === 'WalNotFolded' ? `the state was saved, but ${error.message}` : `the state was not saved on shutdown: ${error.message}`
