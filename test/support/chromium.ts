/**
 * The Chromium the browser tests drive (found by test/support/system-tools.ts: AUDIO_TASK_MOCK_CHROMIUM,
 * PATH, the usual places; Debian's in CI, .ci/install-system-deps.sh) and the flags every browser
 * test launches it with.
 */
import { toolPath } from './system-tools.js'

/** Its path; throws, naming what is missing and how to get it, where there is none. */
export const chromiumPath = (): string => toolPath('chromium')
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Headless Chromium still builds a window's top chrome: every new context (each test page's
  // fresh profile) loaded the WebUI omnibox popup (chrome://omnibox-popup.top-chrome, a Lit app of
  // some 40 modules) in a renderer of its own, about 1.3 s of CPU per context that no test looks at.
  // Found in a Chromium trace of `browser.newPage()`; playwright-core merges this list into its own.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
]
