// Vite 8 in a consumer project (issue 26): the example front end (examples/web/app.ts) built for
// production with the fake behind the dev-only import of consumer/vite/src/web/main.ts, and the
// worker script of the installed msw (`npx msw init public --save`). Built twice: `vite build`
// (production: the fake must be absent) and `vite build --mode fake` (the same minified build with
// the fake), which Chromium drives: create a task, read it to success, the WAV loads.
//
// @module-tag chromium
import { readdir, readFile, writeFile, copyFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { launchChromium, serveSite, type SiteFiles } from '../support/browser.js'
import { currentCell, prepareConsumer, ROOT, type ConsumerProject } from './consumer-project.js'

/** docs/getting-started.md's line: the worker script of the installed msw, copied to public/. */
const INIT_WORKER = 'npx msw init public --save'

let consumer: ConsumerProject
beforeAll(async () => {
  const cell = await currentCell()
  const devDependencies = { vite: '^8.0.0', typescript: cell.devDependencies['typescript']! }
  consumer = await prepareConsumer({ packed: inject('packed'), fixture: 'vite', devDependencies, tools: false })
  // The example's page and client, as they are in this repository.
  for (const file of ['app.ts', 'wav-summary.ts']) await copyFile(join(ROOT, 'examples/web', file), join(consumer.dir, 'src/web', file))
  await copyFile(join(ROOT, 'examples/audio-client.ts'), join(consumer.dir, 'src/audio-client.ts'))
  const html = await readFile(join(ROOT, 'examples/web/index.html'), 'utf8')
  expect(html).toContain('src="./app.js"')
  await writeFile(join(consumer.dir, 'index.html'), html.replace('src="./app.js"', 'src="/src/web/main.ts"'))
}, 600_000)

async function ok(command: string, args: string[]): Promise<void> {
  const result = await consumer.run(command, args, { timeoutMs: 180_000 })
  expect(result.code, result.output).toBe(0)
}

/** Every file of a build, as the site a static server would serve (index.html at /). */
async function site(outDir: string): Promise<SiteFiles> {
  const root = join(consumer.dir, outDir)
  const files: SiteFiles = {}
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name).slice(root.length)
    const type = path.endsWith('.html') ? 'text/html; charset=utf-8' : path.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'application/octet-stream'
    files[path === '/index.html' ? '/' : path] = { type, body: await readFile(join(root, path)) }
  }
  return files
}

/** The page's own JavaScript (the worker script aside): bytes minified, and gzip -9. */
function scriptBytes(files: SiteFiles): { minified: number; gzip: number } {
  const scripts = Object.entries(files).filter(([path]) => path.startsWith('/assets/') && path.endsWith('.js'))
  const minified = scripts.reduce((sum, [, file]) => sum + Buffer.byteLength(file.body), 0)
  const gzip = scripts.reduce((sum, [, file]) => sum + gzipSync(file.body, { level: 9 }).length, 0)
  return { minified, gzip }
}

describe('the example front end built with Vite 8', () => {
  let production: SiteFiles
  let withFake: SiteFiles

  it('type-checks (strict, no skipLibCheck) and builds both ways, with the worker script of its msw', async () => {
    const init = await consumer.run('sh', ['-c', INIT_WORKER])
    expect(init.code, init.output).toBe(0)
    const worker = await readFile(join(consumer.dir, 'public/mockServiceWorker.js'), 'utf8')
    const installed = JSON.parse(await readFile(join(consumer.dir, 'node_modules/msw/package.json'), 'utf8')) as { version: string }
    expect(worker).toContain(`const PACKAGE_VERSION = '${installed.version}'`)
    // The project's scripts: `tsc && vite build`, and the same with --mode fake.
    await ok('npm', ['run', 'build', '--', '--outDir', 'dist-production'])
    await ok('npm', ['run', 'build:fake', '--', '--outDir', 'dist-fake'])
    production = await site('dist-production')
    withFake = await site('dist-fake')
  }, 400_000)

  it('leaves the fake and msw out of the production build', () => {
    const scripts = Object.entries(production).filter(([path]) => path.endsWith('.js') && path.startsWith('/assets/'))
    expect(scripts.length).toBe(1) // the page alone: no chunk for the fake
    const code = String(scripts[0]![1].body)
    expect(code).toContain('demo-key') // the page is there…
    // …msw and the fake are not: msw's log prefix, its worker's file name, the scenario schema's title.
    expect(/\[MSW\]|mockServiceWorker\.js|audio-task-mock scenario/.exec(code)?.[0]).toBeUndefined()
    expect(String(scripts.find(([path]) => path.includes('fake'))?.[1].body ?? '')).toBe('')
    for (const [, file] of Object.entries(withFake).filter(([path]) => path.endsWith('.js') && path.startsWith('/assets/')))
      expect(String(file.body)).toMatch(/./)
    expect(
      Object.values(withFake)
        .map((file) => String(file.body))
        .join('\n'),
    ).toMatch(/\[MSW\]/) // the test build has msw
    expect(scriptBytes(production).minified).toBeLessThan(20_000)
    const added = {
      minified: scriptBytes(withFake).minified - scriptBytes(production).minified,
      gzip: scriptBytes(withFake).gzip - scriptBytes(production).gzip,
    }
    console.log(`[vite] page alone: ${JSON.stringify(scriptBytes(production))}; the fake adds ${JSON.stringify(added)} (bytes; msw ${consumer.cell.mswMajor})`)
    expect(added.minified).toBeGreaterThan(100_000)
  })

  it('runs the build with the fake in Chromium: creates a task, reads it to success, the WAV loads', async () => {
    const served = await serveSite(withFake)
    const browser = await launchChromium()
    try {
      const page = await browser.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.clock.install()
      await page.goto(served.url + '/')
      await page.waitForFunction(() => document.body.dataset['phase'] === 'idle')
      expect(await page.textContent('#service')).toBe('the fake in this page (msw setupWorker)')
      await page.click('button[type=submit]')
      for (let i = 0; i < 20; i++) {
        const phase = await page.waitForFunction(
          () => ['waiting', 'done', 'error'].includes(document.body.dataset['phase'] ?? '') && document.body.dataset['phase'],
        )
        if ((await phase.jsonValue()) !== 'waiting') break
        await page.clock.runFor(10_000) // one poll interval at most
      }
      expect(await page.evaluate(() => document.body.dataset['phase']), (await page.textContent('#error')) ?? '').toBe('done')
      expect(await page.$$eval('#statuses li', (items) => items.map((item) => item.textContent))).toContain('success')
      expect(await page.textContent('#clip-info')).toMatch(/ s of audio\/wav at \d+ Hz$/)
      await page.waitForFunction(() => (document.getElementById('clip') as HTMLAudioElement).readyState >= 1)
      expect(errors).toEqual([])
    } finally {
      await browser.close()
      await served.close()
    }
  }, 120_000)
})
