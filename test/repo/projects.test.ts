/**
 * Every test file runs in exactly one vitest project, the one test/support/projects.ts gives it:
 * a file in no project (a new folder nobody filed) fails here instead of never running.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FILES, FOLDERS, KINDS, OWN_STEP, kindOf, projectGlobs, type Kind } from '../support/projects.js'

const ROOT = join(import.meta.dirname, '../..')
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.tools', '.tmp'])

/** Every `*.test.ts` of the repository (relative, with `/`), outside installed and built folders. */
function testFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : testFiles(join(dir, entry.name))
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, join(dir, entry.name)).split(sep).join('/')] : []
  })
}

/** The three shapes projectGlobs writes: `folder/**\/*.test.ts`, `folder/**` and an exact path. */
function matches(glob: string, file: string): boolean {
  if (glob.startsWith('**/')) return file.includes(`/${glob.slice(3, -3)}/`)
  if (glob.endsWith('**/*.test.ts')) return file.startsWith(glob.slice(0, -'**/*.test.ts'.length)) && file.endsWith('.test.ts')
  if (glob.endsWith('**')) return file.startsWith(glob.slice(0, -2))
  return glob === file
}

function projectsOf(file: string): Kind[] {
  return KINDS.filter((kind) => {
    const { include, exclude } = projectGlobs(kind)
    return include.some((glob) => matches(glob, file)) && !exclude.some((glob) => matches(glob, file))
  })
}

const files = testFiles().filter((file) => !file.startsWith(OWN_STEP))

/**
 * Imports that start something or need `dist/`, which a unit file may not have (its setup file
 * catches spawning and listening as they happen; this catches what it cannot see, such as msw's
 * interception or the built package, before a run).
 */
const NOT_UNIT = [
  /^msw\/node$/,
  /^playwright-core$/,
  /^audio-task-mock(\/|$)/,
  /^\.{1,2}\/(.*\/)?dist\//,
  /support\/(doors|fetch-door|browser|browser-door|spawn-cli|bundled|admin-drivers|raw-http)\.js$/,
]
const importsOf = (text: string): string[] => [...text.matchAll(/(?:\bfrom|\bimport\s*\(?)\s*['"]([^'"]+)['"]/g)].map((match) => match[1]!)

describe('vitest projects', () => {
  it('finds the test files', () => {
    expect(files.length).toBeGreaterThan(100)
  })

  it('gives every test file a kind', () => {
    const unfiled = files.filter((file) => kindOf(file) === undefined)
    expect(unfiled, 'test files in no project: add their folder or the file to test/support/projects.ts').toEqual([])
  })

  it('runs every test file in exactly the project of its kind', () => {
    const wrong = files.filter((file) => kindOf(file) !== undefined).filter((file) => projectsOf(file).join() !== kindOf(file))
    expect(wrong.map((file) => `${file}: ${projectsOf(file).join(', ') || 'none'}`)).toEqual([])
  })

  it('keeps unit files from importing what starts something or needs a build', () => {
    const found = files
      .filter((file) => kindOf(file) === 'unit')
      .flatMap((file) =>
        importsOf(readFileSync(join(ROOT, file), 'utf8'))
          .filter((specifier) => NOT_UNIT.some((pattern) => pattern.test(specifier)))
          .map((specifier) => `${file}: ${specifier}`),
      )
    expect(found, 'file these under doors, cli or browser in test/support/projects.ts').toEqual([])
  })

  it('names only files and folders that exist', () => {
    const gone = [...Object.keys(FILES), ...Object.keys(FOLDERS)].filter((path) => !existsSync(join(ROOT, path)))
    expect(gone, 'entries of test/support/projects.ts with nothing behind them').toEqual([])
  })

  it('files a test at the top of test/ by name, and one in an unlisted folder nowhere', () => {
    expect(kindOf('test/domain/new.test.ts')).toBe('unit')
    expect(kindOf('test/server/new.test.ts')).toBe('doors')
    expect(kindOf('test/new.test.ts')).toBeUndefined()
    expect(kindOf('test/new-folder/new.test.ts')).toBeUndefined()
  })
})
