// Writes the Python wheel of one platform (scripts/release/wheel.mjs says what is in it) from
// clients/python (its pyproject.toml, read by Python's own tomllib; the module; its README) and a
// standalone executable. The zip is written by fflate (a dependency already), every entry with the
// same time, so the same inputs give the same bytes.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { zipSync } from 'fflate'
import { glibcFloor } from '../exe/inspect-binary.mjs'
import { platformTag, wheelFiles, wheelName } from './wheel.mjs'

const CLIENT = 'clients/python'

/** The [project] table of clients/python/pyproject.toml, as the wheel's metadata needs it. */
export function pythonProject(python = 'python3') {
  const read = 'import json, sys, tomllib; print(json.dumps(tomllib.load(open(sys.argv[1], "rb"))["project"]))'
  const project = JSON.parse(execFileSync(python, ['-c', read, join(CLIENT, 'pyproject.toml')], { encoding: 'utf8' }))
  return {
    name: project.name,
    version: project.version,
    summary: project.description,
    license: project.license.text,
    requiresPython: project['requires-python'],
    dependencies: project.dependencies,
    entryPoints: project['entry-points'],
  }
}

/**
 * Writes the wheel for `arch` holding `executable` into `outDir`; returns its path. `licenses`:
 * file name → path of the license texts that go into `.dist-info/` (ours, and Node's for the executable).
 */
export function buildWheel({ executable, arch, outDir, version, mtime, licenses, python }) {
  const project = pythonProject(python)
  if (project.version !== version)
    throw new Error(`wheel: ${CLIENT}/pyproject.toml has version ${project.version}, package.json ${version}: bump both (CONTRIBUTING.md, release checklist)`)
  const bytes = readFileSync(executable)
  const floor = glibcFloor(bytes)
  if (!floor.ok) throw new Error(`wheel: ${executable} ${floor.error}`)
  const platform = platformTag(arch, floor.value)
  const moduleName = 'audio_task_mock_pytest.py'
  const files = wheelFiles(project, {
    platform,
    module: { name: moduleName, bytes: readFileSync(join(CLIENT, moduleName)) },
    executable: bytes,
    readme: readFileSync(join(CLIENT, 'README.md'), 'utf8'),
    licenses: Object.fromEntries(Object.entries(licenses).map(([name, path]) => [name, readFileSync(path)])),
  })
  // Unix mode bits (with the regular-file type, which pip reads to keep a script executable).
  const entries = Object.fromEntries(files.map(({ path, bytes, mode }) => [path, [bytes, { level: 6, mtime, os: 3, attrs: (0o100000 | mode) * 0x10000 }]]))
  const out = join(outDir, wheelName(project, platform))
  writeFileSync(out, zipSync(entries))
  return out
}
