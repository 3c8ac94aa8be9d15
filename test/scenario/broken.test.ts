/**
 * The broken-scenario corpus: each file in broken/ (YAML or JSON) next to NAME.expected.txt,
 * the exact lines `FILE:LINE:COL: path: message` it must produce. UPDATE_EXPECTED=1 rewrites
 * the expected files from the current output (review the diff before committing).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { formatScenarioError, parseScenario } from '../../src/scenario/index.js'

const dir = fileURLToPath(new URL('./broken/', import.meta.url))
const files = readdirSync(dir)
  .filter((name) => /\.(ya?ml|json)$/.test(name))
  .sort()

function output(name: string): string {
  const result = parseScenario(readFileSync(join(dir, name), 'utf8'), name)
  return result.ok ? 'OK (the scenario is valid)\n' : `${result.errors.map(formatScenarioError).join('\n')}\n`
}

describe('broken scenarios', () => {
  test('the corpus is there', () => {
    expect(files.length).toBeGreaterThanOrEqual(13)
  })

  test.each(files)('%s', (name) => {
    const expectedFile = join(dir, name.replace(/\.(ya?ml|json)$/, '.expected.txt'))
    const actual = output(name)
    if (process.env.UPDATE_EXPECTED === '1') writeFileSync(expectedFile, actual)
    expect(existsSync(expectedFile), `${expectedFile} is missing; run with UPDATE_EXPECTED=1`).toBe(true)
    expect(actual).toBe(readFileSync(expectedFile, 'utf8'))
  })
})
