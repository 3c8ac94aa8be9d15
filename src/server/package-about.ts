/**
 * The package this code was installed from, as the front page (`GET /`) and `--version` tell it:
 * read once from its package.json, which sits two folders up from every built module (dist/x/,
 * the CLI's dist/bin/, the executable's unpacked dist/bin/) and from the sources (src/x/).
 */
import { readFileSync } from 'node:fs'
import type { About } from '../dispatch/front-page.js'

interface Manifest {
  name: string
  version: string
  homepage?: string
}

let about: About | undefined

export function packageAbout(): About {
  if (about !== undefined) return about
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as Manifest
  // The docs are where package.json says; without a homepage, the package's page on the registry.
  const docs = manifest.homepage ?? `https://www.npmjs.com/package/${manifest.name}/v/${manifest.version}`
  about = { version: manifest.version, docs }
  return about
}
