/**
 * Every relative link in every Markdown file of the repository resolves: to a file or folder that
 * exists and, for `#anchor` links into Markdown, to a heading of that file (GitHub's anchors).
 * Links to other sites are not followed (no network in tests); links inside code are not links.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.tools', '.tmp', 'coverage'])

function markdownFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : markdownFiles(join(dir, entry.name))
    return entry.name.endsWith('.md') ? [join(dir, entry.name)] : []
  })
}

/** The text without fenced code blocks, line count kept. */
const withoutFences = (text: string): string => text.replace(/^( {0,3})(```|~~~)[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '))

/** The text without fenced code blocks and inline code, line count kept. */
const withoutCode = (text: string): string => withoutFences(text).replace(/(`+)[^`\n]*?\1/g, (span) => ' '.repeat(span.length))

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[*_`~]/g, (mark) => (mark === '_' ? '_' : ''))
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

const anchorCache = new Map<string, Set<string>>()
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file)
  if (anchors !== undefined) return anchors
  anchors = new Set()
  const seen = new Map<string, number>()
  for (const line of withoutFences(readFileSync(file, 'utf8')).split('\n')) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (heading !== null) {
      const base = slug(heading[1]!)
      const count = seen.get(base) ?? 0
      seen.set(base, count + 1)
      anchors.add(count === 0 ? base : `${base}-${count}`)
    }
    for (const named of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(named[1]!)
  }
  anchorCache.set(file, anchors)
  return anchors
}

interface Link {
  line: number
  target: string
}

/** Inline links and images `[text](target "title")`, and reference definitions `[name]: target`. */
function linksOf(text: string): Link[] {
  const links: Link[] = []
  withoutCode(text)
    .split('\n')
    .forEach((line, index) => {
      for (const match of line.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ line: index + 1, target: match[1]! })
      const reference = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(line)
      if (reference !== null) links.push({ line: index + 1, target: reference[1]! })
    })
  return links
}

/** What is wrong with one link, or null when it resolves (or is not relative). */
function problem(file: string, target: string): string | null {
  if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return null
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined]
  const path = decodeURIComponent(pathPart)
  const resolved = path === '' ? file : path.startsWith('/') ? join(ROOT, path) : join(dirname(file), path)
  if (!existsSync(resolved)) return `no file ${relative(ROOT, resolved)}`
  if (anchor !== undefined && anchor !== '' && resolved.endsWith('.md') && !anchorsOf(resolved).has(decodeURIComponent(anchor))) {
    return `no heading #${anchor} in ${relative(ROOT, resolved)}`
  }
  return null
}

const files = markdownFiles()

describe('Markdown links', () => {
  it('finds the Markdown files', () => {
    const names = files.map((file) => relative(ROOT, file).split(sep).join('/'))
    expect(names).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'bench/RESULTS.md']))
  })

  it('makes anchors as GitHub does', () => {
    expect(slug('Release checklist')).toBe('release-checklist')
    expect(slug('Generated outputs (decision 039)')).toBe('generated-outputs-decision-039')
    expect(slug('`npm test` time, in `CI`')).toBe('npm-test-time-in-ci')
    expect(slug('[Links](x.md) & more: a_b')).toBe('links--more-a_b')
  })

  it('resolves every relative link to a file, and every anchor to a heading', () => {
    const broken = files.flatMap((file) =>
      linksOf(readFileSync(file, 'utf8')).flatMap(({ line, target }) => {
        const wrong = problem(file, target)
        return wrong === null ? [] : [`${relative(ROOT, file)}:${line}: (${target}) ${wrong}`]
      }),
    )
    expect(broken).toEqual([])
  })
})
