/**
 * With `--state-mode durable` a 202 is sent only once the new task is on disk (decision 013);
 * if it cannot be written, the client is told so (503) rather than given an id that may not
 * survive a crash. Every door calls this between the api call and the answer.
 */
import type { Outcome } from './request.js'
import { failWith } from './respond.js'

export async function durable(source: { readonly commit?: () => Promise<void> }, outcome: Outcome): Promise<Outcome> {
  if (source.commit === undefined || outcome.response?.created === undefined) return outcome
  try {
    await source.commit()
    return outcome
  } catch (error) {
    return { response: failWith('notDurable', (error as Error).message), delayMs: 0 }
  }
}
