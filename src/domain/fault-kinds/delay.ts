/** `delay: 150ms`: the request gets its normal answer, that much real time later. */
import { formatDuration, parseDuration } from '../duration.js'
import { faultKind } from './fault-kind.js'

/** Faults hold a request at most a day: longer than any client waits, and within what a timer can count. */
export const MAX_DELAY_MS = 24 * 3_600_000

export interface DelayAction {
  delayMs: number
}

export const delay = faultKind({
  key: 'delay',
  actionKey: 'delayMs',
  schema: ({ duration }) => duration(undefined, MAX_DELAY_MS, 'a delay').optional().describe('Answer normally, after this much real time (at most 24h).'),
  example: '150ms',
  compile: (text): DelayAction => {
    const delayMs = parseDuration(text)
    if (delayMs === null) throw new Error(`compileScenario: ${JSON.stringify(text)} is not a duration; validate the file first`)
    return { delayMs }
  },
  write: ({ delayMs }: DelayAction) => formatDuration(delayMs),
  outcome: ({ delayMs }: DelayAction) => ({ answer: 'normal', delayMs }),
})
