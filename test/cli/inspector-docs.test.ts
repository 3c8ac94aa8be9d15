/**
 * docs/inspector.md's command line, step 1 of its session, run as written (bash, in a fresh
 * folder, the built CLI as `audio-task-mock`) on a my.yaml of each kind the step names: a mistake
 * (exit 2), a rule on a key no account has (a warning: exit 1 under --strict), and that key passed
 * as `--runtime-key KEY` as the step says (exit 0). The page's `#token=` address is opened by
 * test/inspector/qa-session.test.ts.
 */
import { copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { readPage, REPO } from '../support/doc-blocks.js'
import { pathWithCli, runLine } from '../support/doc-shell.js'

const page = readPage('docs/inspector.md')
const step = /`(audio-task-mock check [^`]*my\.yaml)` reports mistakes\s+\(exit (\d)\) and warns \(exit (\d) with `--strict`\)/.exec(page)
const [line, mistakeCode, warningCode] = [step?.[1], Number(step?.[2]), Number(step?.[3])]
const runtimeKey = /pass `(--runtime-key) KEY` for accounts your tests add at run time/.exec(page)?.[1]

async function checkAs(fixture: string, extra = ''): Promise<{ code: number | null; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'atm-inspector-doc-'))
  copyFileSync(join(REPO, fixture), join(dir, 'my.yaml'))
  return runLine(`${line}${extra}`, dir, { PATH: pathWithCli() })
}

it('step 1’s check: exit 2 for a mistake, 1 for a warning under --strict, 0 once the key is given as added at run time', async () => {
  expect(line, 'docs/inspector.md names the check command and its exit codes').toBeDefined()
  expect(runtimeKey, 'docs/inspector.md names --runtime-key KEY').toBeDefined()
  const mistake = await checkAs('test/scenario/broken/bad-duration.yaml')
  expect(mistake.code, mistake.output).toBe(mistakeCode)
  const warned = await checkAs('test/scenario/never-fires/unknown-key-fault.yaml')
  expect(warned.code, warned.output).toBe(warningCode)
  expect(warned.output).toContain('my.yaml:5:40: faults.0.match.api_key: warning: no account has api_key "demo-kye"')
  const added = await checkAs('test/scenario/never-fires/unknown-key-fault.yaml', ` ${runtimeKey} demo-kye`)
  expect(added.code, added.output).toBe(0)
})
