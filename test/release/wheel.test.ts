/**
 * The Python wheel's files as the binary distribution format wants them (scripts/release/wheel.mjs,
 * pure): its name and platform tag, the executable under `.data/scripts/` with its mode, METADATA,
 * WHEEL, entry_points.txt, and a RECORD that lists every other file with its urlsafe-base64
 * SHA-256 (no padding) and size, and itself last. .ci/release.sh installs the real wheel with pip.
 */
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'

interface File {
  path: string
  bytes: Buffer
  mode: number
}
type Project = {
  name: string
  version: string
  summary: string
  license: string
  requiresPython: string
  dependencies: string[]
  entryPoints: Record<string, Record<string, string>>
}
type Wheel = {
  EXECUTABLE: string
  platformTag(arch: string, glibc: [number, number]): string
  escapeName(name: string): string
  wheelName(project: { name: string; version: string }, platform: string): string
  metadata(project: Project, readme: string): string
  entryPoints(groups: Project['entryPoints']): string
  recordHash(bytes: Buffer): string
  record(files: File[], recordPath: string): string
  wheelFiles(
    project: Project,
    parts: { platform: string; module: { name: string; bytes: Buffer }; executable: Buffer; readme: string; licenses: Record<string, Buffer> },
  ): File[]
}

const MODULE = '../../scripts/release/wheel.mjs' // a variable: TypeScript leaves the plain-JavaScript module untyped
const wheel = (await import(MODULE)) as Wheel

const project: Project = {
  name: 'audio-task-mock-pytest',
  version: '1.2.3',
  summary: 'pytest fixture',
  license: 'MIT',
  requiresPython: '>=3.9',
  dependencies: ['pytest>=7'],
  entryPoints: { pytest11: { audio_task_mock: 'audio_task_mock_pytest' } },
}

describe('the wheel’s name and tags', () => {
  it('tags each architecture as manylinux with the glibc its executable needs', () => {
    expect(wheel.platformTag('x64', [2, 28])).toBe('manylinux_2_28_x86_64')
    expect(wheel.platformTag('arm64', [2, 17])).toBe('manylinux_2_17_aarch64')
    expect(() => wheel.platformTag('ia32', [2, 28])).toThrow('no platform tag for architecture "ia32"')
  })

  it('escapes the distribution name in the file name', () => {
    expect(wheel.escapeName('Audio-Task..Mock_pytest')).toBe('audio_task_mock_pytest')
    expect(wheel.wheelName(project, 'manylinux_2_28_x86_64')).toBe('audio_task_mock_pytest-1.2.3-py3-none-manylinux_2_28_x86_64.whl')
  })
})

describe('RECORD', () => {
  it('writes sha256 as urlsafe base64 without padding', () => {
    // sha256("") = e3b0c442…b855
    expect(wheel.recordHash(Buffer.alloc(0))).toBe('sha256=47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU')
    const bytes = Buffer.from([0xfb, 0xff])
    const hash = wheel.recordHash(bytes).slice('sha256='.length)
    expect(hash).not.toMatch(/[+/=]/)
    expect(Buffer.from(hash, 'base64url')).toEqual(createHash('sha256').update(bytes).digest())
  })

  it('lists path, hash and size per file, itself last with neither, and quotes a path CSV must quote', () => {
    const text = wheel.record(
      [
        { path: 'a.py', bytes: Buffer.from('x'), mode: 0o644 },
        { path: 'odd,name "q".txt', bytes: Buffer.alloc(0), mode: 0o644 },
      ],
      'd-1.dist-info/RECORD',
    )
    expect(text).toBe(
      `a.py,${wheel.recordHash(Buffer.from('x'))},1\n"odd,name ""q"".txt",sha256=47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU,0\nd-1.dist-info/RECORD,,\n`,
    )
  })
})

describe('the wheel’s files', () => {
  const executable = Buffer.from('\x7fELF pretend')
  const files = wheel.wheelFiles(project, {
    platform: 'manylinux_2_28_x86_64',
    module: { name: 'audio_task_mock_pytest.py', bytes: Buffer.from('import pytest\n') },
    executable,
    readme: '# readme\n',
    licenses: { LICENSE: Buffer.from('MIT'), 'NODE-LICENSE': Buffer.from('Node') },
  })
  const byPath = new Map(files.map((file) => [file.path, file]))
  const text = (path: string): string => byPath.get(path)!.bytes.toString('utf8')
  const info = 'audio_task_mock_pytest-1.2.3.dist-info'

  it('puts the executable under .data/scripts/, executable, and the module at the root', () => {
    expect(files[0]).toMatchObject({ path: 'audio_task_mock_pytest.py', mode: 0o644 })
    expect(byPath.get(`audio_task_mock_pytest-1.2.3.data/scripts/${wheel.EXECUTABLE}`)).toEqual({
      path: 'audio_task_mock_pytest-1.2.3.data/scripts/audio-task-mock',
      bytes: executable,
      mode: 0o755,
    })
  })

  it('says in WHEEL that it is a platform wheel with its one tag', () => {
    expect(text(`${info}/WHEEL`)).toBe(
      'Wheel-Version: 1.0\nGenerator: audio-task-mock scripts/release (1.2.3)\nRoot-Is-Purelib: false\nTag: py3-none-manylinux_2_28_x86_64\n',
    )
  })

  it('writes METADATA’s headers, then the README as its body', () => {
    expect(text(`${info}/METADATA`)).toBe(
      'Metadata-Version: 2.1\nName: audio-task-mock-pytest\nVersion: 1.2.3\nSummary: pytest fixture\nLicense: MIT\nRequires-Python: >=3.9\nRequires-Dist: pytest>=7\nDescription-Content-Type: text/markdown\n\n# readme\n',
    )
  })

  it('registers the plugin with pytest through entry_points.txt', () => {
    expect(text(`${info}/entry_points.txt`)).toBe('[pytest11]\naudio_task_mock = audio_task_mock_pytest\n')
  })

  it('ends with a RECORD that lists every other file with its own hash and size', () => {
    const last = files.at(-1)!
    expect(last.path).toBe(`${info}/RECORD`)
    const lines = last.bytes.toString('utf8').trimEnd().split('\n')
    expect(lines.at(-1)).toBe(`${info}/RECORD,,`)
    const listed = lines.slice(0, -1).map((line) => line.split(','))
    expect(listed.map(([path]) => path)).toEqual(files.slice(0, -1).map((file) => file.path))
    for (const [path, hash, size] of listed) {
      const bytes = byPath.get(path!)!.bytes
      expect(hash).toBe(`sha256=${createHash('sha256').update(bytes).digest('base64url')}`)
      expect(Number(size)).toBe(bytes.length)
    }
  })
})
