/**
 * `createMock` for a page (audio-task-mock/browser): the same as Node's but for where the bundled
 * scenarios come from. A page cannot read scenarios/*.yaml, so their texts are compiled in
 * (src/scenario/bundled-texts.ts, generated from the files): no scenario serves the bundled
 * `default`, and a bundled name (`'happy-path'`) works, exactly as in Node and on the command line.
 */
import type { HandlerOptions } from '../doors/msw-handlers.js'
import { BUNDLED_SCENARIO_TEXTS } from '../scenario/bundled-texts.js'
import type { MockOptions } from './mock-core.js'
import { mockWithDoors, type Mock } from './mock-with-doors.js'
import type { ScenarioLibrary } from '../scenario/resolve-scenario.js'

export type { MockClock, MockCore, MockOptions } from './mock-core.js'
export type { Mock } from './mock-with-doors.js'
export type { MockFetch } from '../doors/fetch-door.js'

const names = Object.keys(BUNDLED_SCENARIO_TEXTS)

const compiledInLibrary: ScenarioLibrary = {
  read(name) {
    const text = Object.hasOwn(BUNDLED_SCENARIO_TEXTS, name) ? BUNDLED_SCENARIO_TEXTS[name] : undefined
    if (text === undefined) return { error: `no bundled scenario named ${JSON.stringify(name)} (bundled: ${names.join(', ')})` }
    return { file: `scenarios/${name}.yaml`, text }
  },
}

export function createMock(options: MockOptions = {}, handlerOptions: HandlerOptions = {}): Mock {
  return mockWithDoors(options, handlerOptions, compiledInLibrary)
}
