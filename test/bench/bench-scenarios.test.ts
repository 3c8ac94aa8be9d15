/**
 * The benchmark's scenarios load: `npm run bench` (and CI's quick run) starts the CLI on them, and
 * a scenario the loader refuses (a limit tightened, a key renamed) would only fail there, late.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { formatScenarioError, parseScenario } from '../../src/scenario/load.js'

const dir = new URL('../../bench/scenarios/', import.meta.url)

it.each(readdirSync(dir).filter((file) => file.endsWith('.yaml')))('bench/scenarios/%s loads', (file) => {
  const result = parseScenario(readFileSync(new URL(file, dir), 'utf8'), `bench/scenarios/${file}`)
  expect(result.ok ? [] : result.errors.map(formatScenarioError)).toEqual([])
})
