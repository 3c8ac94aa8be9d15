/**
 * The page the browser door drives: the fake from `audio-task-mock/browser` behind msw's
 * setupWorker, and what a test needs from it on `window.__fake` (start a scenario, move the clock,
 * send a request with the page's own fetch and read every byte of the answer).
 */
import { setupWorker } from 'msw/browser'
import { createMock, type Mock } from '../../../src/browser.js'
import type { Sabotage } from '../../support/doors.js'

export interface PageReply {
  status: number
  headers: Array<[string, string]>
  text: string
  /** SHA-256 of the body's bytes, hex (media files are compared by digest). */
  sha256: string
  bytes: number
}

export interface PageFake {
  ready: Promise<unknown>
  mock: Mock | null
  start(scenario: string, baseUrl?: string): void
  stop(): void
  advance(by: string | number): void
  /** Breaks the running fake (test/support/doors.ts, Sabotage). */
  sabotage(how: Sabotage): void
  fetch(url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<PageReply>
}

declare global {
  interface Window {
    __fake: PageFake
  }
}

const worker = setupWorker()

async function digest(bytes: ArrayBuffer): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

window.__fake = {
  ready: worker.start({ onUnhandledRequest: 'bypass', quiet: true, serviceWorker: { url: '/mockServiceWorker.js' } }),
  mock: null,
  start(scenario, baseUrl = location.origin) {
    const mock = createMock({ scenario, baseUrl })
    window.__fake.mock = mock
    worker.resetHandlers(...mock.handlers)
  },
  stop() {
    window.__fake.mock = null
    worker.resetHandlers()
  },
  advance(by) {
    window.__fake.mock!.clock.advance(by)
  },
  sabotage(how) {
    const mock = window.__fake.mock! as Mock & { commit?: () => Promise<void> }
    if (how.crash !== undefined) {
      Object.defineProperty(mock.world, how.crash, {
        value: () => {
          throw new Error(how.message)
        },
      })
    }
    if (how.failCommits === true) mock.commit = () => Promise.reject(new Error(how.message))
  },
  async fetch(url, init) {
    const response = await fetch(url, init)
    const bytes = await response.arrayBuffer()
    return {
      status: response.status,
      headers: [...response.headers],
      text: new TextDecoder().decode(bytes),
      sha256: await digest(bytes),
      bytes: bytes.byteLength,
    }
  },
}
