// The example front end (examples/web/app.ts) in a Vite project, with the fake in the page only in
// development and tests: `vite` (dev) and `vite build --mode fake` load it, a production
// `vite build` drops the branch and with it the fake, msw and their chunk.
import { mountApp } from './app.js'

if (import.meta.env.DEV || import.meta.env.MODE === 'fake') {
  const { startFake } = await import('./fake.js')
  await startFake()
}
mountApp({ baseUrl: import.meta.env.VITE_API_URL ?? '', apiKey: 'demo-key' })
