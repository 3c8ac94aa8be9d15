/**
 * vitest globalSetup: one headless Chromium for every browser test of a run, started when the
 * first one asks. Launching Chromium costs about a second of CPU; eight files used to launch their
 * own. The broker is a tiny HTTP server on 127.0.0.1 whose URL the test files get through
 * `inject('chromiumBroker')`; a GET starts the shared browser server (once) and answers its
 * WebSocket endpoint, to which `launchChromium()` connects. Each file still gets fresh browser
 * contexts (new profile state per page or context), and closing its Browser only disconnects.
 * A run with no browser test never starts Chromium.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium, type BrowserServer } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:PORT/ answering the shared Chromium's WebSocket endpoint. */
    chromiumBroker: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let launched: Promise<BrowserServer> | null = null
  const broker = createServer((_req, res) => {
    launched ??= chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
    launched.then(
      (server) => res.writeHead(200, { 'content-type': 'text/plain' }).end(server.wsEndpoint()),
      (error: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(error.message),
    )
  })
  await new Promise<void>((done) => broker.listen(0, '127.0.0.1', done))
  project.provide('chromiumBroker', `http://127.0.0.1:${(broker.address() as AddressInfo).port}/`)
  return async () => {
    broker.closeAllConnections()
    await new Promise<void>((done) => broker.close(() => done()))
    await (await launched?.catch(() => null))?.close()
  }
}
