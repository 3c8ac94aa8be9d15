// The fake in the page (msw 3's setupWorker; its option is `onUnhandledFrame`). Imported only by the
// development branch of main.ts. Needs the worker script at the site's root: `npx msw init public --save`.
import { setupWorker } from 'msw/browser'
import { createMock } from 'audio-task-mock/browser'

export async function startFake(): Promise<void> {
  const fake = createMock() // the bundled default scenario: demo-key, tasks that succeed
  Object.assign(window, { fake }) // for the console (and the test): fake.clock, fake.tasks…
  await setupWorker(...fake.handlers).start({ onUnhandledFrame: 'bypass', quiet: true })
}
