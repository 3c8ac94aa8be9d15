/**
 * A small front end of the Audio Task Service: create a music task, poll it at the spec's pace
 * (examples/audio-client.ts: every 5 s backing off to 10 s, Retry-After honoured), show each
 * status, then play the clip and show its cover, or show the refund of a task that failed.
 * The same page runs against the fake in the page (in-page.ts) and over HTTP (over-http.ts).
 * `document.body.dataset.phase` says what it is doing (idle, creating, polling, waiting, done,
 * error), for the browser test.
 */
import { createAudioClient, type Task } from '../audio-client.js'
import { wavSummary } from './wav-summary.js'

export interface AppOptions {
  /** Where the service is: '' for the page's own origin (the fake in the page), or http://127.0.0.1:4010. */
  baseUrl: string
  apiKey: string
}

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T

function setPhase(phase: string): void {
  document.body.dataset['phase'] = phase
}

function show(id: string, text: string): void {
  $(id).textContent = text
}

type Usage = { tasks_created: number; credits_used: number; credits_topped_up: number }
const usageText = (usage: Usage): string => `${usage.credits_used} of ${usage.credits_topped_up} credits used, ${usage.tasks_created} task(s)`

export function mountApp(options: AppOptions): void {
  const client = createAudioClient({ baseUrl: options.baseUrl, apiKey: options.apiKey })
  const form = $<HTMLFormElement>('create')
  const statuses = $<HTMLOListElement>('statuses')
  const audio = $<HTMLAudioElement>('clip')
  const cover = $<HTMLImageElement>('cover')
  show('service', options.baseUrl === '' ? 'the fake in this page (msw setupWorker)' : options.baseUrl)
  setPhase('idle')

  async function run(prompt: string): Promise<void> {
    statuses.replaceChildren()
    for (const id of ['task', 'refund', 'error', 'clip-info']) show(id, '')
    audio.removeAttribute('src')
    cover.removeAttribute('src')
    setPhase('creating')
    const before = await client.usage()
    show('usage', usageText(before))
    const created = await client.createTask('music', { gpt_description_prompt: prompt })
    show('task', `${created.task_id} (${created.credits_charged} credits charged)`)
    const sleep = (ms: number) => (setPhase('waiting'), new Promise((resolve) => setTimeout(resolve, ms)))
    const polling = createAudioClient({ baseUrl: options.baseUrl, apiKey: options.apiKey, sleep })
    setPhase('polling')
    const task = await polling.waitForTask(created.task_id, (seen: Task) => {
      setPhase('polling')
      const item = document.createElement('li')
      item.textContent = seen.status
      statuses.append(item)
    })
    const after = await client.usage()
    show('usage', usageText(after))
    if (task.status === 'success') {
      const clip = task.output!.result[0]!
      const file = await client.download(clip.audio_url)
      const wav = wavSummary(file.bytes)
      show('clip-info', `${clip.title}: ${wav.seconds.toFixed(2)} s of ${file.contentType} at ${wav.sampleRate} Hz`)
      audio.src = URL.createObjectURL(new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.contentType ?? 'audio/wav' }))
      cover.src = clip.image_url
      await new Promise((resolve, reject) => ((cover.onload = resolve), (cover.onerror = () => reject(new Error(`cover ${clip.image_url} did not load`)))))
    } else {
      const refunded = before.credits_used + created.credits_charged - after.credits_used
      show('error', `${task.status}: ${task.error ?? 'no answer in time'}`)
      show('refund', `${refunded} credits refunded`)
    }
    setPhase('done')
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const prompt = new FormData(form).get('prompt')
    run(String(prompt ?? '')).catch((error: unknown) => {
      show('error', error instanceof Error ? error.message : String(error))
      setPhase('error')
    })
  })
  $('play').addEventListener('click', () => void audio.play())
}
