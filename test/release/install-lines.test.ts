/**
 * Every install line a reader can copy (README.md, docs/, clients/python/README.md, in a block or
 * in backticks) is one that CI runs: a line of docs/install.md's blocks (test/release/ runs them
 * as a user would) or of docs/ci.md's `run` recipe (test/package/ci-docs.test.ts). So no page
 * shows an install that fails today, such as one by a name no registry has.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { blockOf, blocks, commandLines, readPage, REPO } from '../support/doc-blocks.js'

const PAGES = [
  'README.md',
  'clients/python/README.md',
  ...readdirSync(join(REPO, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]
const INSTALL = /\b(npm (install|i|add)|pip3? install|pipx install)\b[^\n]*\b(audio-task-mock|audio_task_mock)/

/** The install lines of a page: block lines and backticked text that install this project. */
function installLines(page: string): string[] {
  const text = readPage(page)
  const inBlocks = blocks(text).flatMap((block) => block.text.split('\n'))
  const inline = [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!)
  return [...inBlocks, ...inline].map((line) => line.trim().replace(/^- run: /, '')).filter((line) => INSTALL.test(line))
}

const RUN: Set<string> = new Set([
  ...blocks(readPage('docs/install.md')).flatMap((block) => block.text.split('\n').map((line) => line.trim().replace(/^- run: /, ''))),
  ...commandLines(blockOf('docs/ci.md', 'sh', 'npx audio-task-mock run -- npm test')),
])

it('every page’s install lines are lines that CI runs', () => {
  const stray = PAGES.flatMap((page) =>
    installLines(page)
      .filter((line) => !RUN.has(line))
      .map((line) => `${page}: ${line}`),
  )
  expect(stray).toEqual([])
  expect(installLines('docs/install.md').length).toBeGreaterThan(3)
})

it('no page installs by a name that no registry has yet', () => {
  const byName = /\b(npm (install|i|add)( --save-dev| -D)?|pip3? install) +(audio-task-mock|audio-task-mock-pytest)(@\S+)?( |$)/
  const found = PAGES.flatMap((page) =>
    readPage(page)
      .split('\n')
      .filter((line) => byName.test(line))
      .map((line) => `${page}: ${line.trim()}`),
  )
  expect(found).toEqual([])
})

it('every download URL and the wheel’s version are package.json’s version (a bump changes them all)', () => {
  const { version } = JSON.parse(readPage('package.json')) as { version: string }
  const urls = PAGES.flatMap((page) =>
    [...readPage(page).matchAll(/releases\/download\/v([^/\s]+)\/(\S+?)(?=[\s`)]|$)/gm)].map((match) => ({ page, tag: match[1]!, file: match[2]! })),
  )
  expect(urls.length).toBeGreaterThan(5)
  const stale = urls
    .filter(({ tag, file }) => tag !== version || (file !== 'SHA256SUMS' && !file.includes(`-${version}`)))
    .map(({ page, tag, file }) => `${page}: v${tag}/${file}`)
  expect(stale).toEqual([])
  expect(/^version = "(.+)"$/m.exec(readPage('clients/python/pyproject.toml'))?.[1]).toBe(version)
})
