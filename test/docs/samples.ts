/**
 * The sample outputs of the docs, made by the fake: each function answers, in-process
 * (`mock.fetch` at http://127.0.0.1:4010, the address the docs use), the requests a page shows,
 * and returns the blocks' texts by sample name. A page marks a block with `<!-- sample: NAME -->`
 * on the line before it; samples.test.ts compares, and `npm run docs:samples` rewrites them.
 * Long answers are abridged the same way every time: ids after their first 8 characters, and
 * the parts a reader does not need, become `…`.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { statusText } from '../../src/dispatch/status-text.js'
import { createFetchDoor, type MockFetch } from '../../src/doors/fetch-door.js'
import { createMockCore } from '../../src/mock/mock-core.js'
import { formatScenarioError, loadScenarioFile } from '../../src/scenario/index.js'
import { blockOf } from '../support/doc-blocks.js'

export const BASE = 'http://127.0.0.1:4010'

function bundled(name: string): MockFetch {
  const scenario = readFileSync(new URL(`../../scenarios/${name}.yaml`, import.meta.url), 'utf8')
  return createFetchDoor(createMockCore({ scenario }), { baseUrl: BASE })
}

const short = (id: string): string => `${id.slice(0, 8)}-…`
const json = (value: unknown): string => JSON.stringify(value)
/** `{"a":1,"b":2}` → `"a":1,"b":2`: an object's members, to be written inside braces of one's own. */
const members = (value: object): string => json(value).slice(1, -1)

/** The curl line of a create, as the pages write it (two lines, the body in single quotes). */
export function curlCreate(key: string, body: unknown): string {
  return `curl -s -X POST $B/api/v1/task -H 'x-api-key: ${key}' -H 'content-type: application/json' \\\n  -d '${json(body)}'`
}

interface Call {
  status: number
  text: string
  json: any
}

async function call(fake: MockFetch, method: string, path: string, key: string | null, body?: unknown): Promise<Call> {
  const headers: Record<string, string> = key === null ? {} : { 'x-api-key': key }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await fake(path, { method, headers, body: body === undefined ? undefined : json(body) })
  const text = await response.text()
  return { status: response.status, text, json: text === '' ? null : JSON.parse(text) }
}

const music = (prompt: string, extra: object = {}) => ({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: prompt, ...extra } })

interface Clip {
  id: string
  audio_url: string
  image_url: string
  title: string
  duration: number
}

/** A finished music task, its first clip whole (ids in URLs abridged), the second abridged. */
function successShown(answer: any): string {
  const { data } = answer
  const { result, ...output } = data.output as { result: Clip[] }
  const [first, ...others] = result
  const firstShown = json({
    ...first,
    audio_url: first!.audio_url.replace(first!.id, short(first!.id)),
    image_url: first!.image_url.replace(first!.id, short(first!.id)),
  })
  const othersShown = others.map((clip) => json({ ...clip, id: short(clip.id), audio_url: '…', image_url: '…' }))
  return [
    `{"code":${answer.code},"data":{"task_id":"${short(data.task_id)}","status":"${data.status}", …,`,
    `  "output":{${members(output)},`,
    `    "result":[${[firstShown, ...othersShown].join(',\n              ')}]},`,
    `  ${members({ error: data.error, created_at: data.created_at, completed_at: data.completed_at })}}}`,
  ].join('\n')
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth']

/** docs/scenarios.md: a task's whole life with curl, the errors after it, and a media file's headers (the default scenario). */
export async function defaultScenarioSamples(): Promise<Record<string, string>> {
  const fake = bundled('default')
  const samples: Record<string, string> = {}
  const created = await call(fake, 'POST', '/api/v1/task', 'demo-key', music('a calm lofi beat for studying'))
  samples['whole-life/create'] = created.text
  const id = created.json.data.task_id as string
  const reads: Call[] = []
  for (let i = 0; i < 4; i++) reads.push(await call(fake, 'GET', `/api/v1/task/${id}`, 'demo-key'))
  samples['whole-life/read'] = `curl -s $B/api/v1/task/${id} -H 'x-api-key: demo-key'`
  samples['whole-life/first-read'] = reads[0]!.text.replace(id, short(id))
  if (reads[3]!.json.data.status !== 'success') throw new Error(`the fourth read answered ${reads[3]!.text}`)
  samples['whole-life/success'] = successShown(reads[3]!.json)
  samples['whole-life/usage'] = (await call(fake, 'GET', '/api/v1/account/usage', 'demo-key')).text

  // A failure (read until final), a 402, a 400.
  const failing = music('this one will fail')
  const accepted = await call(fake, 'POST', '/api/v1/task', 'demo-key', failing)
  const usedBefore = (await call(fake, 'GET', '/api/v1/account/usage', 'demo-key')).json.data.credits_used as number
  let read: Call
  let count = 0
  do read = await call(fake, 'GET', `/api/v1/task/${accepted.json.data.task_id}`, 'demo-key')
  while (++count < ORDINALS.length && (read.json.data.status === 'pending' || read.json.data.status === 'running'))
  const usedAfter = (await call(fake, 'GET', '/api/v1/account/usage', 'demo-key')).json.data.credits_used as number
  const refunded = usedAfter < usedBefore ? 'credits refunded' : 'credits kept'
  const broke = music('x')
  const badVersion = music('x', { mv: 'voice-v9' })
  samples['errors'] = [
    `# accepted (${accepted.status}), then the ${ORDINALS[count - 1]} read answers status ${json(read.json.data.status)}, error ${json(read.json.data.error)}, ${refunded}`,
    curlCreate('demo-key', failing),
    '',
    curlCreate('broke-key', broke),
    `# ${(await call(fake, 'POST', '/api/v1/task', 'broke-key', broke)).text}`,
    '',
    curlCreate('demo-key', badVersion),
    `# ${(await call(fake, 'POST', '/api/v1/task', 'demo-key', badVersion)).text}`,
  ].join('\n')

  // The first clip of the task above, as curl -sI shows its audio file.
  const clip = (reads[3]!.json.data.output.result as Clip[])[0]!
  const head = await fake(`/assets/audio/${clip.id}.wav`, { method: 'HEAD' })
  samples['media-head'] = [
    "CLIP=…   # the id of a clip in a finished task's output.result (its audio_url is this very URL)",
    'curl -sI http://127.0.0.1:4010/assets/audio/$CLIP.wav',
    `# HTTP/1.1 ${head.status} ${statusText(head.status)}`,
    ...[...head.headers].map(([name, value]) => `# ${name}: ${value}`),
  ].join('\n')
  return samples
}

/** `FILE:LINE:COL: path: message` lines of a file under test/scenario/, named by its base name as `check` run beside it prints them. */
async function loaderLines(folder: string, name: string, paths: readonly string[], kind: 'errors' | 'warnings'): Promise<string> {
  const loaded = await loadScenarioFile(fileURLToPath(new URL(`../scenario/${folder}/${name}`, import.meta.url)))
  const found = loaded.ok ? (kind === 'warnings' ? (loaded.warnings ?? []) : []) : kind === 'errors' ? loaded.errors : []
  const lines = paths.map((path) => {
    const error = found.find((entry) => entry.path === path)
    if (error === undefined) throw new Error(`${folder}/${name} has no ${kind} at ${path}`)
    return formatScenarioError({ ...error, file: name, message: kind === 'warnings' ? `warning: ${error.message}` : error.message })
  })
  return lines.join('\n')
}

/** docs/scenarios.md: what the loader says of a file with mistakes, and a warning. */
export async function loaderSamples(): Promise<Record<string, string>> {
  return {
    'loader-errors': await loaderLines(
      'broken',
      'many-mistakes.yaml',
      ['clock.mode', 'accounts.1.credits', 'timelines.slow.0.for', 'rules.0.timeline'],
      'errors',
    ),
    'loader-warning': await loaderLines('never-fires', 'shadowed-fault.yaml', ['faults.1'], 'warnings'),
  }
}

/**
 * docs/control-plane.md: the fault counters and a near miss, with the fault of docs/qa-cases.md
 * written without api_key (every key's creates count): two keys create, then the first key's
 * 2nd create is the fault's 3rd match (the 500) and its 3rd create the 4th.
 */
export async function whyNotSamples(): Promise<Record<string, string>> {
  const page = blockOf('docs/qa-cases.md', 'yaml', 'name: third-create-fails').text
  const scenario = page.slice(0, page.indexOf('faults:')) + blockOf('docs/qa-cases.md', 'yaml', 'faults:\n  - match: { endpoint: create, nth: 3 }').text
  const fake = createFetchDoor(createMockCore({ scenario }), { baseUrl: BASE })
  const lyrics = { model: 'music-model', task_type: 'lyrics', input: { prompt: 'rain' } }
  await call(fake, 'POST', '/api/v1/task', 'qa-key', lyrics)
  await call(fake, 'POST', '/api/v1/task', 'other-key', lyrics)
  const faults = (await call(fake, 'GET', '/__admin/faults', null)).json
  await call(fake, 'POST', '/api/v1/task', 'qa-key', lyrics)
  await call(fake, 'POST', '/api/v1/task', 'qa-key', lyrics)
  const { seq, cause, near_misses } = (await call(fake, 'GET', '/__admin/journal/4', null)).json
  return { 'why-not/faults': JSON.stringify(faults, null, 2), 'why-not/near-miss': JSON.stringify({ seq, cause, near_misses }, null, 2) }
}

/** Every sample by name. */
export async function allSamples(): Promise<Record<string, string>> {
  return { ...(await defaultScenarioSamples()), ...(await loaderSamples()), ...(await whyNotSamples()) }
}
