/**
 * `GET /` over HTTP (and `/worlds/{name}/` for a world): what answers here, for someone who opens
 * the fake's address in a browser or asks it with curl. HTML when the client prefers it to JSON (a
 * browser's navigation), JSON otherwise: the version, the scenario, and links to the public API,
 * the inspector, the OpenAPI document and the docs.
 *
 * The scenario's name and description are shown only to a request the admin guard lets through
 * (what `GET /__admin/health` would tell it): on loopback anyone, with an admin token only a
 * request that carries it, on an exposed host without a token nobody. Nothing else of the
 * scenario, and never a key. The HTML escapes every text it shows and runs no script (its CSP).
 */
import type { MockHandle } from '../handle/mock-handle.js'
import type { Answer } from './request.js'

/** What the door knows about the package it serves from. */
export interface About {
  readonly version: string
  /** Where the docs are (an https URL). */
  readonly docs: string
}

export interface FrontPage {
  name: 'audio-task-mock'
  version: string
  /** The named world this page is of; null for the default world. */
  world: string | null
  /** Shown to whoever may use the admin API; else null. */
  scenario: { name: string; description: string | null } | null
  links: { api: string; inspector: string; openapi: string; docs: string }
}

export const FRONT_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  vary: 'Accept',
}

/** The page's content. `base` is the world's base URL (a named world's ends with `/worlds/{name}`). */
export function frontPage(source: MockHandle, about: About, base: string, world: string | null, showScenario: boolean): FrontPage {
  // The inspector is the server's, at its root; it shows a world when asked to.
  const root = world === null ? base : base.slice(0, base.lastIndexOf('/worlds/'))
  const { scenario } = source
  return {
    name: 'audio-task-mock',
    version: about.version,
    world,
    scenario: showScenario ? { name: scenario.name, description: scenario.description === '' ? null : scenario.description } : null,
    links: {
      api: `${base}/api/v1`,
      inspector: `${root}/__inspector/${world === null ? '' : `?world=${encodeURIComponent(world)}`}`,
      openapi: `${base}/openapi.json`,
      docs: about.docs,
    },
  }
}

/** The weight an Accept header gives `type` (`text/html`), 0 when it does not name it. */
function weight(accept: string, type: string): number {
  for (const part of accept.split(',')) {
    const [name, ...params] = part.split(';')
    if (name?.trim().toLowerCase() !== type) continue
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined)
    return q === undefined ? 1 : Number(q) || 0
  }
  return 0
}

/** HTML when the client names text/html and weighs it at least as much as JSON: a browser's navigation. */
export function wantsHtml(accept: string | null): boolean {
  if (accept === null) return false
  const html = weight(accept, 'text/html')
  return html > 0 && html >= weight(accept, 'application/json')
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!)

function html(page: FrontPage): string {
  const e = escapeHtml
  const link = (href: string, text: string): string => `<a href="${e(href)}">${e(text)}</a>`
  const title = `audio-task-mock ${page.version}${page.world === null ? '' : `, world ${page.world}`}`
  const scenario =
    page.scenario === null
      ? '<p>The scenario is shown to whoever may use the admin API: here, a request with the admin token.</p>'
      : `<p>Scenario <strong>${e(page.scenario.name)}</strong>${page.scenario.description === null ? '' : `: ${e(page.scenario.description)}`}</p>`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${e(title)}</title>
</head>
<body>
<h1>${e(title)}</h1>
<p>A fake of the Asynchronous Audio Task Service. The public API answers under <code>${e(page.links.api)}</code>.</p>
${scenario}
<ul>
<li>${link(page.links.inspector, 'Inspector')}: what clients sent, what they got and why</li>
<li>${link(page.links.openapi, 'OpenAPI document')}, for client generators and API tools</li>
<li>${link(page.links.docs, 'Documentation')}</li>
</ul>
</body>
</html>
`
}

/** The page as an answer: HTML or JSON by the Accept header (a HEAD gets the headers alone: finish.ts). */
export function frontPageAnswer(page: FrontPage, accept: string | null): Answer {
  const asHtml = wantsHtml(accept)
  const text = asHtml ? html(page) : `${JSON.stringify(page, null, 2)}\n`
  const headers = { ...FRONT_PAGE_HEADERS, 'content-type': asHtml ? 'text/html; charset=utf-8' : 'application/json' }
  return { status: 200, headers, body: text }
}
