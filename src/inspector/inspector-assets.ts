/**
 * The inspector's built files (scripts/bundle-inspector.mjs writes them to `dist/inspector-page/`),
 * read once into memory: three small files. Found relative to this module, so the same lookup
 * works from `dist/inspector/` (tsc), from the CLI bundle in `dist/bin/` and, in development and
 * tests, from `src/inspector/` (then the build output in `../../dist`).
 */
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { extname } from 'node:path'
import { fileURLToPath } from 'node:url'

export interface InspectorFile {
  readonly type: string
  readonly body: Buffer
  /** A strong validator, for If-None-Match. */
  readonly etag: string
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
}

const CANDIDATES = ['../inspector-page/', '../../dist/inspector-page/']

function readDirectory(url: URL): Map<string, InspectorFile> | null {
  let names: string[]
  try {
    names = readdirSync(fileURLToPath(url))
  } catch {
    return null
  }
  const files = new Map<string, InspectorFile>()
  for (const name of names) {
    const type = TYPES[extname(name)]
    if (type === undefined) continue
    const body = readFileSync(fileURLToPath(new URL(name, url)))
    files.set(name, { type, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` })
  }
  return files.has('index.html') ? files : null
}

let loaded: Map<string, InspectorFile> | null = null

/** The built files by name (`index.html`, `inspector.js`…), or null when the inspector was not built (looked for again next time). */
export function inspectorFiles(): Map<string, InspectorFile> | null {
  for (const candidate of CANDIDATES) {
    if (loaded !== null) break
    loaded = readDirectory(new URL(candidate, import.meta.url))
  }
  return loaded
}
