/**
 * The example front end against the fake in the page: msw's setupWorker with the handlers of
 * audio-task-mock/browser, serving the same scenario as `npm start` (scenarios/default.yaml).
 * The page calls its own origin; the service worker answers /api/ and /assets/ before any network.
 * Needs mockServiceWorker.js at the site's root (`npx msw init public/`).
 */
import { setupWorker } from 'msw/browser'
import { createMock } from 'audio-task-mock/browser'
import scenario from '../../scenarios/default.yaml'
import { mountApp } from './app.js'

const fake = createMock({ scenario })
// For the browser test and for poking around in the console: fake.clock, fake.tasks, fake.report()…
Object.assign(window, { fake })
await setupWorker(...fake.handlers).start({ onUnhandledRequest: 'bypass', quiet: true })
mountApp({ baseUrl: '', apiKey: 'demo-key' })
