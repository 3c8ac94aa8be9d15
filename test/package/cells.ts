/**
 * The compatibility matrix (issues 26 and 37): the tool versions of a consumer project, per cell.
 * `AUDIO_TASK_MOCK_CELL=lowest` (the default) is the oldest a user can have: the Node of the
 * package's `engines` floor (22.13.0, decision 050), the lowest msw of the peer range, this
 * repository's vitest and TypeScript. `node24` and `latest` are what `npm install` gives a new
 * project today, on each Node LTS users run: msw 3, vitest 5, TypeScript 7 (its `tsc` is a Node
 * wrapper that execs the native compiler), under Node 24 and Node 26 (.ci/matrix.sh puts it first
 * on PATH; Node 26 has `Temporal`, which vitest 5's fake timers fake too). Ranges, not pins, in
 * those two: they follow the registry, with `--prefer-offline`.
 */
import { readFileSync } from 'node:fs'

export type CellName = 'lowest' | 'node24' | 'latest'

export const CELL_NAMES: readonly CellName[] = ['lowest', 'node24', 'latest']

export interface Cell {
  readonly name: CellName
  /** The Node the cell runs under: a major (`26`) or an exact version (`22.13.0`); a cell run under another Node fails. */
  readonly node: string
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

/** `>=22.13.0` → `22.13.0`: the lowest Node the package claims (package.json `engines.node`). */
export function nodeFloor(engines: string): string {
  const match = /^>=(\d+\.\d+\.\d+)$/.exec(engines)
  if (match === null) throw new Error(`expected engines.node like >=22.13.0, got ${JSON.stringify(engines)}`)
  return match[1]!
}

/** What `npm install` gives a new project today, under Node `node`. */
function today(name: CellName, node: string): Cell {
  return {
    name,
    node,
    mswMajor: 3,
    dependencies: { msw: '^3.0.0', express: '^5.0.0' },
    devDependencies: { typescript: '^7.0.0', vitest: '^5.0.0', '@types/node': `^${node}.0.0`, '@types/express': '^5.0.0', [CLIENT]: '^0.17.0' },
    openapiTypescript: ['--yes', `--package=${GENERATOR}`, '--', 'openapi-typescript'],
  }
}

/** This repository's `engines.node` (package.json). */
function ownEngines(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } }).engines.node
}

/** The cell `value` names (lowest by default); `dev` reads this repository's devDependencies, `engines` its `engines.node`. */
export function cellFrom(value: string | undefined, dev: (name: string) => string, engines: string = ownEngines()): Cell {
  const name = value === undefined || value === '' ? 'lowest' : value
  if (name === 'lowest')
    return {
      name,
      node: nodeFloor(engines),
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
  if (name === 'node24') return today(name, '24')
  if (name === 'latest') return today(name, '26')
  throw new Error(`AUDIO_TASK_MOCK_CELL must be one of ${CELL_NAMES.join(', ')}, got ${JSON.stringify(value)}`)
}
