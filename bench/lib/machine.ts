/** The machine the figures come from: they mean little without it. */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { cpus, loadavg, release, totalmem, type } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './paths.js'

export interface Machine {
  cpu: string
  cores: number
  memoryGb: number
  os: string
  node: string
  autocannon: string
  commit: string
  loadAverage: string
  date: string
}

function version(pkg: string): string {
  try {
    return (JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version
  } catch {
    return 'unknown'
  }
}

function commit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).trim() !== ''
    return dirty ? `${head} (with uncommitted changes)` : head
  } catch {
    return 'unknown'
  }
}

export function machine(): Machine {
  const list = cpus()
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    os: `${type()} ${release()}`,
    node: process.version,
    autocannon: version('autocannon'),
    commit: commit(),
    loadAverage: loadavg()
      .map((value) => value.toFixed(2))
      .join(' '),
    date: new Date().toISOString(),
  }
}
