/**
 * The finder of the programs some tests need (test/support/system-tools.ts) on machines described
 * by hand, and the tags that turn a missing one into a named skip: every test file that uses a
 * tool carries its tag, so `npm test` runs on a machine without it.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findTool, toolTags, toolsLine, TOOL_NAMES, type Machine } from '../support/system-tools.js'

const machine = (env: NodeJS.ProcessEnv, executables: string[]): Machine => ({ env, isExecutable: (path) => executables.includes(path) })

describe('findTool', () => {
  it('takes the variable first, then PATH in order, then the usual places', () => {
    const all = ['/opt/c/chromium', '/usr/local/bin/chromium', '/usr/bin/chromium']
    expect(findTool('chromium', machine({ AUDIO_TASK_MOCK_CHROMIUM: '/opt/c/chromium', PATH: '/usr/local/bin' }, all))).toEqual({
      ok: true,
      path: '/opt/c/chromium',
    })
    expect(findTool('chromium', machine({ PATH: '/nowhere:/usr/local/bin' }, all))).toEqual({ ok: true, path: '/usr/local/bin/chromium' })
    expect(findTool('chromium', machine({ PATH: '/nowhere' }, all))).toEqual({ ok: true, path: '/usr/bin/chromium' })
  })

  it("finds nginx in Debian's sbin, which a normal user's PATH lacks", () => {
    expect(findTool('nginx', machine({ PATH: '/usr/local/bin:/usr/bin:/bin' }, ['/usr/sbin/nginx']))).toEqual({ ok: true, path: '/usr/sbin/nginx' })
  })

  it('finds another name on PATH (Homebrew, Ubuntu, Google Chrome)', () => {
    expect(findTool('chromium', machine({ PATH: '/opt/homebrew/bin' }, ['/opt/homebrew/bin/google-chrome']))).toEqual({
      ok: true,
      path: '/opt/homebrew/bin/google-chrome',
    })
    expect(findTool('pytest', machine({ PATH: '/usr/bin' }, ['/usr/bin/pytest-3']))).toEqual({ ok: true, path: '/usr/bin/pytest-3' })
  })

  it('says why a tool is missing: none anywhere, a variable that names nothing, or none asked for', () => {
    expect(findTool('podman', machine({ PATH: '/usr/bin' }, []))).toEqual({
      ok: false,
      why: 'not on PATH nor in /usr/bin/podman, /opt/homebrew/bin/podman, /usr/local/bin/podman',
      brief: 'not found',
    })
    // A variable is the whole answer: the usual places are not searched behind it.
    expect(findTool('nginx', machine({ AUDIO_TASK_MOCK_NGINX: '/nope' }, ['/usr/sbin/nginx']))).toMatchObject({
      ok: false,
      why: 'AUDIO_TASK_MOCK_NGINX=/nope is not an executable file',
    })
    expect(findTool('chromium', machine({ AUDIO_TASK_MOCK_CHROMIUM: 'none' }, ['/usr/bin/chromium']))).toMatchObject({
      ok: false,
      why: 'AUDIO_TASK_MOCK_CHROMIUM=none',
    })
  })
})

describe('the tags and the line', () => {
  it('skips the tests of a missing tool, except under CI=true', () => {
    const bare = machine({ PATH: '/usr/bin' }, ['/usr/bin/python3'])
    expect(toolTags(bare).map(({ name, skip }) => [name, skip])).toEqual(TOOL_NAMES.map((name) => [name, name !== 'python3']))
    expect(toolTags(machine({ PATH: '/usr/bin', CI: 'true' }, [])).every(({ skip }) => !skip)).toBe(true)
  })

  it('names each tool, its tests, why and how to get it, on one line', () => {
    const bare = machine({ PATH: '/usr/bin', AUDIO_TASK_MOCK_CHROMIUM: 'none' }, [])
    const line = toolsLine(
      [
        { name: 'chromium', tests: 40 },
        { name: 'nginx', tests: 1 },
      ],
      false,
      bare,
    )
    expect(line).not.toContain('\n')
    expect(line).toMatch(/^Skipped 41 tests that need tools this machine lacks: chromium \(40 tests; AUDIO_TASK_MOCK_CHROMIUM=none; apt-get install chromium/)
    expect(line).toContain('nginx (1 test; not found; apt-get install nginx-light')
    expect(line).toContain('set AUDIO_TASK_MOCK_NGINX=/path/to/nginx')
    expect(toolsLine([{ name: 'nginx', tests: 2 }], true, bare)).toMatch(/^CI=true skips nothing, so 2 tests failed for tools this machine lacks: nginx/)
  })
})

const ROOT = join(import.meta.dirname, '../..')
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.tools', '.tmp'])
function testFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : testFiles(join(dir, entry.name))
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, join(dir, entry.name)).split(sep).join('/')] : []
  })
}

it('tags every test file that uses a tool (Chromium through launchChromium or the browser door)', () => {
  const untagged: string[] = []
  for (const file of testFiles()) {
    const code = readFileSync(join(ROOT, file), 'utf8')
    const used = new Set([...code.matchAll(/toolPath\('(\w+)'\)/g)].map((match) => match[1]!))
    if (/launchChromium\(|browserDoor\(/.test(code)) used.add('chromium')
    for (const tool of used) {
      const tagged =
        code.includes(`@module-tag ${tool}`) ||
        code.includes(`tags: ['${tool}']`) ||
        (tool === 'chromium' && /describeDoors\(\[[^\]]*browserDoor\(\)/.test(code))
      if (!tagged) untagged.push(`${file}: uses ${tool} without its tag (@module-tag ${tool})`)
    }
  }
  expect(untagged).toEqual([])
})
