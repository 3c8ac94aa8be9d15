/**
 * Every serve flag can also be given as an environment variable (containers, CI service
 * containers): `--state-interval` as `AUDIO_TASK_MOCK_STATE_INTERVAL`. A flag given on the command
 * line wins over its variable. An empty variable counts as unset. Booleans take 1/true/yes or
 * 0/false/no; `--cors-origin`, which may be repeated, takes a comma-separated list.
 */
/** The flags that have a variable (all the serve flags but --help and --version). */
export const ENV_FLAGS = [
  'scenario',
  'port',
  'host',
  'seed',
  'admin-token',
  'cors-origin',
  'report',
  'state',
  'state-mode',
  'state-interval',
  'state-any-scenario',
  'watch',
] as const

export type EnvFlag = (typeof ENV_FLAGS)[number]

/** `state-interval` → `AUDIO_TASK_MOCK_STATE_INTERVAL`. */
export const envNameOf = (flag: EnvFlag): string => `AUDIO_TASK_MOCK_${flag.toUpperCase().replaceAll('-', '_')}`

const BOOLEANS: ReadonlySet<EnvFlag> = new Set(['report', 'state-any-scenario', 'watch'])
const TRUE = new Set(['1', 'true', 'yes'])
const FALSE = new Set(['0', 'false', 'no'])

export interface ServeValues {
  [flag: string]: string | boolean | string[] | undefined
}

export type Merged = { ok: true; values: ServeValues; source: (flag: EnvFlag) => string } | { ok: false; message: string }

/**
 * The flags' values with each flag the command line left out taken from its variable; `source`
 * names where a value came from (`--port` or `AUDIO_TASK_MOCK_PORT`), for messages.
 */
export function withEnv(values: ServeValues, env: NodeJS.ProcessEnv | undefined): Merged {
  const merged: ServeValues = { ...values }
  const fromEnv = new Set<EnvFlag>()
  for (const flag of ENV_FLAGS) {
    const name = envNameOf(flag)
    const text = env?.[name]
    if (values[flag] !== undefined || text === undefined || text === '') continue
    fromEnv.add(flag)
    if (BOOLEANS.has(flag)) {
      const word = text.trim().toLowerCase()
      if (!TRUE.has(word) && !FALSE.has(word)) return { ok: false, message: `${name} expects 1, true, yes, 0, false or no, got ${JSON.stringify(text)}` }
      merged[flag] = TRUE.has(word)
    } else if (flag === 'cors-origin') {
      merged[flag] = text
        .split(',')
        .map((origin) => origin.trim())
        .filter((origin) => origin !== '')
    } else {
      merged[flag] = text
    }
  }
  return { ok: true, values: merged, source: (flag) => (fromEnv.has(flag) ? envNameOf(flag) : `--${flag}`) }
}

/** The help's paragraph on the variables, one line per flag. */
export function envHelp(): string {
  const lines = ENV_FLAGS.map((flag) => `  ${envNameOf(flag).padEnd(32)} --${flag}${flag === 'cors-origin' ? ' (comma-separated)' : ''}`)
  return `Environment: each option can also be given as a variable (a flag wins over its variable,
an empty variable counts as unset, booleans take 1/true/yes or 0/false/no):
${lines.join('\n')}
`
}
