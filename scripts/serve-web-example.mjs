#!/usr/bin/env node
// Serves the example front end (examples/web) on http://127.0.0.1:5173 (PORT to change it):
//   /        against the fake in the page (msw setupWorker + audio-task-mock/browser)
//   /http/   against the fake over HTTP: run `npm start` first (http://127.0.0.1:4010; ?api=URL for another)
// examples/web/site.ts builds the pages; it is compiled next to itself so its relative paths hold.
import { createServer } from 'node:http'
import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const site = fileURLToPath(new URL('../examples/web/site.ts', import.meta.url))
const compiled = fileURLToPath(new URL('../examples/web/.site.tmp.mjs', import.meta.url))
await build({ entryPoints: [site], outfile: compiled, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning' })
const { buildSite } = await import(compiled).finally(() => rm(compiled, { force: true }))
const files = await buildSite()
const port = Number(process.env.PORT ?? 5173)
createServer((req, res) => {
  const file = files[(req.url ?? '/').split('?', 1)[0]]
  if (file === undefined) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
  else res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body)
}).listen(port, '127.0.0.1', () => {
  console.log(`example front end on http://127.0.0.1:${port}/ (fake in the page) and http://127.0.0.1:${port}/http/ (fake over HTTP on :4010)`)
})
