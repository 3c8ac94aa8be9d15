/**
 * clients/python/README.md names each bundled scenario's API keys (issue 37: `demo-key` with
 * `AUDIO_TASK_MOCK_SCENARIO=happy-path` answers 401): its table has one row per file of
 * scenarios/, with exactly the keys of that file's accounts, in their order.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { parse } from 'yaml'

const ROOT = new URL('../../', import.meta.url)
const readme = readFileSync(new URL('clients/python/README.md', ROOT), 'utf8')

function scenarioKeys(): Record<string, string[]> {
  const names = readdirSync(new URL('scenarios/', ROOT)).filter((file) => file.endsWith('.yaml'))
  return Object.fromEntries(
    names.map((file) => {
      const scenario = parse(readFileSync(new URL(`scenarios/${file}`, ROOT), 'utf8')) as { accounts?: Array<{ api_key: string }> }
      return [file.replace(/\.yaml$/, ''), (scenario.accounts ?? []).map((account) => account.api_key)]
    }),
  )
}

/** The README's `| \`NAME\` | \`key\`, \`key\` |` rows. */
function readmeKeys(): Record<string, string[]> {
  const rows = [...readme.matchAll(/^\| `([\w-]+)` \| ((?:`[\w-]+`(?:, )?)+) \|$/gm)]
  return Object.fromEntries(rows.map((row) => [row[1]!, [...row[2]!.matchAll(/`([\w-]+)`/g)].map((key) => key[1]!)]))
}

it("names every bundled scenario's keys, as its file has them", () => {
  const expected = scenarioKeys()
  expect(Object.keys(expected).length).toBeGreaterThan(5)
  expect(readmeKeys()).toEqual(expected)
})
