/**
 * The compatibility matrix (issue 26): the tool versions of a consumer project, per cell.
 * `AUDIO_TASK_MOCK_CELL=lowest` (the default) is the oldest a user can have: the machine's Node 20,
 * the lowest msw of the peer range, this repository's vitest and TypeScript. `latest` is what
 * `npm install` gives a new project today: msw 3, vitest 5, TypeScript 7 (its `tsc` is a Node
 * wrapper that execs the native compiler), run under Node 24 (.ci/matrix.sh puts it first on
 * PATH). Ranges, not pins, in `latest`: the cell follows the registry, with `--prefer-offline`.
 */
export type CellName = 'lowest' | 'latest'

export interface Cell {
  readonly name: CellName
  /** The Node major the cell runs under (checked: a cell run under another Node fails). */
  readonly node: number
  /** The msw major the cell installs. */
  readonly mswMajor: 2 | 3
  /** The consumer's dependencies; `msw: 'lowest'` stands for the lowest version of the peer range. */
  readonly dependencies: Record<string, string>
  readonly devDependencies: Record<string, string>
  /**
   * How the consumer runs openapi-typescript: installed (`--no-install`), or through `npm exec
   * --package` when the project's TypeScript is one openapi-typescript cannot use (TypeScript 7
   * has no JavaScript compiler API, and openapi-typescript's peer range is ^5).
   */
  readonly openapiTypescript: string[]
}

const CLIENT = 'openapi-fetch'
const GENERATOR = 'openapi-typescript@^7.13.0'

export function cellFrom(value: string | undefined, dev: (name: string) => string): Cell {
  const name = value === undefined || value === '' ? 'lowest' : value
  if (name === 'lowest')
    return {
      name,
      node: 20,
      mswMajor: 2,
      dependencies: { msw: 'lowest', express: '^5.0.0' },
      devDependencies: {
        typescript: dev('typescript'),
        vitest: dev('vitest'),
        '@types/node': dev('@types/node'),
        '@types/express': '^5.0.0',
        'openapi-typescript': '^7.13.0',
        [CLIENT]: '^0.17.0',
      },
      openapiTypescript: ['--no-install', 'openapi-typescript'],
    }
  if (name === 'latest')
    return {
      name,
      node: 24,
      mswMajor: 3,
      dependencies: { msw: '^3.0.0', express: '^5.0.0' },
      devDependencies: { typescript: '^7.0.0', vitest: '^5.0.0', '@types/node': '^24.0.0', '@types/express': '^5.0.0', [CLIENT]: '^0.17.0' },
      openapiTypescript: ['--yes', `--package=${GENERATOR}`, '--', 'openapi-typescript'],
    }
  throw new Error(`AUDIO_TASK_MOCK_CELL must be lowest or latest, got ${JSON.stringify(value)}`)
}
