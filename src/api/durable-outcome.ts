/**
 * With `--state-mode durable` a 202 is sent only once the new task is committed to the state
 * database (decision 036). If that commit fails (a full disk, an I/O error), the keeper has put
 * the world back to what the database holds, so the create changed nothing (no task, no
 * charge), and the client is told so with a 503 it can retry. Every door calls this between
 * the api call and the answer, in the same turn of the event loop as the create.
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
