/**
 * The contract suite: the public API exactly per spec, run against every door.
 * Every response is also checked against the API schemas by the `call` helper.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CONTRACT_SCENARIO } from '../support/scenarios.js'
import { describeDoors, expressDoor, type Fake, httpDoor, inProcessDoor, worldDoor } from '../support/doors.js'
import { containerDoors } from '../support/container-door.js'
import { exeDoors } from '../support/exe-door.js'
import { fetchDoor } from '../support/fetch-door.js'
import { browserDoor } from '../support/browser-door.js'

const music = (input: Record<string, unknown> = { gpt_description_prompt: 'a calm piano piece' }) => ({
  model: 'music-model',
  task_type: 'music',
  input,
})

describeDoors([inProcessDoor(), fetchDoor(), httpDoor(), worldDoor(), expressDoor(), browserDoor(), ...exeDoors(), ...containerDoors()])(
  'contract: $name',
  (door) => {
    let fake: Fake
    beforeAll(() => door.setup(), 60_000) // the browser door bundles its page and starts Chromium
    afterAll(() => door.teardown())
    afterEach(() => door.stop())
    const start = async (scenario = CONTRACT_SCENARIO) => {
      fake = await door.start(scenario)
      return fake
    }
    const create = async (body: unknown = music(), key = 'key-a') => fake.call('POST', '/api/v1/task', { key, body })
    const read = async (id: string, key = 'key-a') => fake.call('GET', `/api/v1/task/${id}`, { key })
    const usage = async (key = 'key-a') => (await fake.call('GET', '/api/v1/account/usage', { key })).json.data

    describe('authentication', () => {
      it.each([
        ['POST', '/api/v1/task'],
        ['GET', '/api/v1/task/anything'],
        ['GET', '/api/v1/account/usage'],
      ])('%s %s answers 401 without a key and with an unknown key', async (method, path) => {
        await start()
        const body = method === 'POST' ? music() : undefined
        const missing = await fake.call(method, path, { key: null, body })
        expect(missing.status).toBe(401)
        expect(missing.json).toEqual({ code: 401, message: expect.stringContaining('x-api-key') })
        const unknown = await fake.call(method, path, { key: 'nobody', body })
        expect(unknown.json).toEqual({ code: 401, message: 'Invalid API key' })
      })

      it('checks the key before the body', async () => {
        await start()
        const reply = await fake.call('POST', '/api/v1/task', { key: null, body: '{not json' })
        expect(reply.status).toBe(401)
      })
    })

    describe('create', () => {
      it('answers 202 with the created envelope and freezes the price', async () => {
        await start()
        const reply = await create()
        expect(reply.status).toBe(202)
        expect(reply.json).toEqual({
          code: 202,
          data: {
            task_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
            type: 'music',
            status: 'pending',
            credits_charged: 10,
            created_at: '2026-01-01T00:00:00.000Z',
          },
        })
        expect(await usage()).toEqual({ tasks_created: 1, credits_used: 10, credits_topped_up: 1000 })
      })

      it.each([
        ['lyrics', { prompt: 'a song about the sea' }, 5],
        ['upload', { url: 'https://example.com/audio/take-1.mp3' }, 1],
      ])('accepts a %s task at its price', async (taskType, input, price) => {
        await start()
        const reply = await create({ model: 'music-model', task_type: taskType, input })
        expect(reply.status).toBe(202)
        expect(reply.json.data.credits_charged).toBe(price)
      })

      it('echoes the input exactly as submitted, unicode and unknown fields included, with no defaults added', async () => {
        await start()
        const input = { gpt_description_prompt: 'ballade 🎹 für Élise — 東京', custom_flag: [1, { nested: null }], big: 1e21 }
        const body = `{"model":"music-model","task_type":"music","input":${JSON.stringify(input).replace('{', '{"__proto__":{"polluted":true},')}}`
        const created = await fake.call('POST', '/api/v1/task', { body })
        expect(created.status).toBe(202)
        const task = await read(created.json.data.task_id)
        expect(JSON.stringify(task.json.data.input)).toBe(JSON.stringify(JSON.parse(body).input))
        expect(task.text).toContain('"__proto__":{"polluted":true}')
        expect(task.json.data.input).not.toHaveProperty('mv')
        expect(task.json.data.input).not.toHaveProperty('make_instrumental')
        expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
      })
    })

    describe('validation: every 400 names the field and what was expected', () => {
      const cases: Array<[string, unknown, RegExp]> = [
        ['model missing', { task_type: 'music', input: {} }, /^model: required/],
        ['model unsupported', { ...music(), model: 'other' }, /^model: unsupported model "other"; the only supported model is "music-model"/],
        ['task_type missing', { model: 'music-model', input: {} }, /^task_type: required: one of music, lyrics, upload, concat/],
        ['task_type invalid', { ...music(), task_type: 'video' }, /^task_type: expected one of music, lyrics, upload, concat, got a string \("video"\)/],
        ['input missing', { model: 'music-model', task_type: 'music' }, /^input: required/],
        ['input not an object', { ...music(), input: 'hi' }, /^input: expected an object, got a string/],
        ['body an array', [1, 2], /^Request body must be a JSON object/],
        ['body null', null, /^Request body must be a JSON object.*got null/],
        ['description prompt missing', music({}), /^input\.gpt_description_prompt: required/],
        ['description prompt empty', music({ gpt_description_prompt: '' }), /^input\.gpt_description_prompt: must not be empty/],
        [
          'description prompt too long',
          music({ gpt_description_prompt: 'x'.repeat(501) }),
          /^input\.gpt_description_prompt: too long: 501 characters, at most 500/,
        ],
        [
          'description prompt a number',
          music({ gpt_description_prompt: 5 }),
          /^input\.gpt_description_prompt: expected a string of 1 to 500 characters, got number 5/,
        ],
        [
          'make_instrumental not boolean',
          music({ gpt_description_prompt: 'x', make_instrumental: 'yes' }),
          /^input\.make_instrumental: expected true or false/,
        ],
        [
          'mv unknown',
          music({ gpt_description_prompt: 'x', mv: 'voice-v9' }),
          /^input\.mv: unsupported model version "voice-v9"; expected one of voice-v3-5, voice-v4/,
        ],
        ['modes mixed', music({ gpt_description_prompt: 'x', prompt: '[Verse] hi' }), /^input\.gpt_description_prompt: not allowed with input\.prompt/],
        ['custom without lyrics', music({ tags: 'rock' }), /^input\.prompt: required in custom mode/],
        ['custom title too long', music({ prompt: 'la', title: 't'.repeat(81) }), /^input\.title: too long: 81 characters, at most 80/],
        ['continuation clip empty', music({ continue_clip_id: '' }), /^input\.continue_clip_id: must not be empty/],
        ['continuation at negative', music({ continue_clip_id: 'c', continue_at: -1 }), /^input\.continue_at: must be 0 or more seconds/],
        ['lyrics prompt missing', { model: 'music-model', task_type: 'lyrics', input: {} }, /^input\.prompt: required/],
        [
          'upload url not http',
          { model: 'music-model', task_type: 'upload', input: { url: 'ftp://x/y.mp3' } },
          /^input\.url: expected an http\(s\) URL, got a string \("ftp:\/\/x\/y\.mp3"\)/,
        ],
        ['upload url missing', { model: 'music-model', task_type: 'upload', input: {} }, /^input\.url: required/],
        ['concat clip missing', { model: 'music-model', task_type: 'concat', input: {} }, /^input\.clip_id: required/],
      ]
      it.each(cases)('%s', async (_name, body, message) => {
        await start()
        const before = await usage()
        const reply = await create(body)
        expect(reply.status).toBe(400)
        expect(reply.json.message).toMatch(message)
        expect(await usage()).toEqual(before)
      })

      it('answers malformed JSON, a wrong content type and an empty body with 400', async () => {
        await start()
        const malformed = await fake.call('POST', '/api/v1/task', { body: '{"model":' })
        expect(malformed.status).toBe(400)
        expect(malformed.json.message).toMatch(/^Malformed JSON body: /)
        const wrongType = await fake.call('POST', '/api/v1/task', { body: JSON.stringify(music()), headers: { 'content-type': 'text/plain' } })
        expect(wrongType.json).toEqual({ code: 400, message: 'Content-Type must be application/json, got "text/plain"' })
        const empty = await fake.call('POST', '/api/v1/task', { headers: { 'content-type': 'application/json' } })
        expect(empty.json.message).toMatch(/^Request body is empty/)
      })

      it('answers a body over the size limit with 413', async () => {
        await start()
        const reply = await create(music({ gpt_description_prompt: 'x', padding: 'y'.repeat(1_100_000) }))
        expect(reply.status).toBe(413)
        expect(reply.json.message).toMatch(/^Request body too large: .* the limit is 1048576 bytes/)
        expect((await usage()).tasks_created).toBe(0)
      })
    })

    describe('credits', () => {
      it('answers 402 when the balance is too low, and changes nothing', async () => {
        await start()
        expect((await create(music(), 'low')).status).toBe(202)
        const before = await usage('low')
        const reply = await create(music(), 'low')
        expect(reply.json).toEqual({ code: 402, message: 'Insufficient credits: available 2, required 10' })
        expect(await usage('low')).toEqual(before)
        expect((await create(music(), 'broke')).status).toBe(402)
      })

      it('checks fields before credits', async () => {
        await start()
        expect((await create({ model: 'music-model', task_type: 'music', input: {} }, 'broke')).status).toBe(400)
      })

      it('accepts exactly as many concurrent creates as the balance allows', async () => {
        await start()
        const replies = await Promise.all(
          Array.from({ length: 20 }, () => create({ model: 'music-model', task_type: 'upload', input: { url: 'https://x.test/a.wav' } }, 'low')),
        )
        expect(replies.filter((reply) => reply.status === 202)).toHaveLength(12)
        expect(replies.filter((reply) => reply.status === 402)).toHaveLength(8)
        expect(await usage('low')).toEqual({ tasks_created: 12, credits_used: 12, credits_topped_up: 12 })
      })
    })

    describe('lifecycle', () => {
      it('moves pending → running → success on reads, then never changes', async () => {
        await start()
        const id = (await create()).json.data.task_id
        const seen: string[] = []
        for (let i = 0; i < 4; i++) seen.push((await read(id)).json.data.status)
        expect(seen).toEqual(['pending', 'running', 'running', 'success'])
        const done = await read(id)
        const task = done.json.data
        expect(task).toMatchObject({
          task_id: id,
          model: 'music-model',
          type: 'music',
          credits_cost: 10,
          error: null,
          completed_at: '2026-01-01T00:00:00.000Z',
        })
        expect(task.output).toMatchObject({ taskType: 'music', status: 'completed', progress: '100%', failReason: null })
        expect(task.output.taskId).not.toBe(id)
        expect(task.output.result).toHaveLength(2)
        for (const clip of task.output.result) {
          expect(clip).toEqual({
            id: expect.any(String),
            audio_url: expect.stringMatching(/^http:\/\/.+\/assets\/audio\/.+\.wav$/),
            image_url: expect.stringMatching(/^http:\/\/.+\/assets\/image\/.+\.png$/),
            title: expect.any(String),
            duration: expect.any(Number),
          })
          expect(clip.duration).toBeGreaterThanOrEqual(120)
          expect(clip.duration).toBeLessThanOrEqual(240)
        }
        fake.mock.clock.advance('2h')
        expect((await read(id)).text).toBe(done.text)
        expect(await usage()).toEqual({ tasks_created: 1, credits_used: 10, credits_topped_up: 1000 })
      })

      it('keeps output and error null and completed_at unset while in progress', async () => {
        await start()
        const id = (await create()).json.data.task_id
        const task = (await read(id)).json.data
        expect(task).toMatchObject({ status: 'pending', output: null, error: null, completed_at: null })
      })

      it('ends in failure with an error and a refund', async () => {
        await start()
        const id = (await create(music({ gpt_description_prompt: 'please fail' }))).json.data.task_id
        fake.mock.clock.advance('3s')
        expect((await read(id)).json.data.status).toBe('pending')
        const failed = (await read(id)).json.data
        expect(failed).toMatchObject({ status: 'failure', output: null, error: 'upstream rejected the prompt', completed_at: '2026-01-01T00:00:03.000Z' })
        expect(await usage()).toEqual({ tasks_created: 1, credits_used: 0, credits_topped_up: 1000 })
      })

      it('moves by clock time', async () => {
        await start()
        const id = (await create(music({ gpt_description_prompt: 'slow please' }))).json.data.task_id
        fake.mock.clock.advance('4s')
        expect((await read(id)).json.data.status).toBe('pending')
        fake.mock.clock.advance('1s')
        expect((await read(id)).json.data.status).toBe('running')
        fake.mock.clock.advance('30s')
        const done = (await read(id)).json.data
        expect(done).toMatchObject({ status: 'success', completed_at: '2026-01-01T00:00:35.000Z' })
      })

      it('times out an unfinished task after service.timeout_after, with a refund', async () => {
        await start()
        const id = (await create(music({ gpt_description_prompt: 'stuck forever' }))).json.data.task_id
        await read(id)
        fake.mock.clock.advance('10m')
        const task = (await read(id)).json.data
        expect(task).toMatchObject({ status: 'timeout', output: null, error: null, completed_at: '2026-01-01T00:10:00.000Z' })
        expect((await usage()).credits_used).toBe(0)
      })
    })

    describe('ownership', () => {
      it("answers another account's task exactly like a missing one, and does not advance it", async () => {
        await start()
        const id = (await create()).json.data.task_id
        const foreign = await read(id, 'key-b')
        expect(foreign.status).toBe(404)
        expect(foreign.json).toEqual({ code: 404, message: `Task not found: "${id}"` })
        const missing = await read('00000000-0000-4000-8000-000000000000', 'key-b')
        expect(missing.status).toBe(404)
        expect(Object.keys(missing.json)).toEqual(Object.keys(foreign.json))
        for (let i = 0; i < 5; i++) await read(id, 'key-b')
        expect((await read(id)).json.data.status).toBe('pending')
      })
    })

    describe('outputs of every task type', () => {
      const finish = async (id: string) => {
        let task
        for (let i = 0; i < 5; i++) task = (await read(id)).json.data
        return task
      }

      it('lyrics give one {id, title, text}; upload and concat one music-shaped clip', async () => {
        await start()
        const lyrics = await finish((await create({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'sea' } })).json.data.task_id)
        expect(lyrics.output).toMatchObject({ taskType: 'lyrics', status: 'completed', progress: '100%', failReason: null })
        expect(lyrics.output.result).toEqual([{ id: expect.any(String), title: expect.any(String), text: expect.stringContaining('[Chorus]') }])
        const upload = await finish(
          (await create({ model: 'music-model', task_type: 'upload', input: { url: 'https://x.test/My%20Demo.mp3' } })).json.data.task_id,
        )
        expect(upload.output.result).toEqual([expect.objectContaining({ title: 'My Demo', audio_url: expect.any(String) })])
        const concat = await finish(
          (await create({ model: 'music-model', task_type: 'concat', input: { clip_id: upload.output.result[0].id } })).json.data.task_id,
        )
        expect(concat.status).toBe('success')
        expect(concat.output.result).toHaveLength(1)
        expect(concat.output.result[0].duration).toBeGreaterThanOrEqual(180)
      })

      it('accepts a concat of a clip the account never received, then fails it with a refund', async () => {
        await start()
        const music1 = await finish((await create()).json.data.task_id)
        const foreignClip = music1.output.result[0].id
        const reply = await create({ model: 'music-model', task_type: 'concat', input: { clip_id: foreignClip } }, 'key-b')
        expect(reply.status).toBe(202)
        let task
        for (let i = 0; i < 5; i++) task = (await read(reply.json.data.task_id, 'key-b')).json.data
        expect(task).toMatchObject({ status: 'failure', output: null, error: `Clip "${foreignClip}" not found: it is not a clip this account has received` })
        expect(await usage('key-b')).toEqual({ tasks_created: 1, credits_used: 0, credits_topped_up: 1000 })
      })
    })

    describe('routes', () => {
      it('answers unknown routes with 404 JSON and wrong methods with 405 JSON', async () => {
        await start()
        const unknown = await fake.call('GET', '/api/v1/nothing')
        expect(unknown.json).toEqual({ code: 404, message: 'No such route: GET /api/v1/nothing' })
        const wrong = await fake.call('DELETE', '/api/v1/task/abc')
        expect(wrong.status).toBe(405)
        expect(wrong.headers.get('allow')).toBe('GET')
        expect(wrong.json).toEqual({ code: 405, message: 'Method DELETE is not allowed on /api/v1/task/abc; use GET' })
        expect((await fake.call('GET', '/api/v1/task')).status).toBe(405)
      })
    })

    describe('determinism', () => {
      const session = async () => {
        const fresh = await door.start(CONTRACT_SCENARIO)
        const texts: string[] = []
        const a = await fresh.call('POST', '/api/v1/task', { key: 'key-a', body: music() })
        const b = await fresh.call('POST', '/api/v1/task', { key: 'key-b', body: { model: 'music-model', task_type: 'lyrics', input: { prompt: 'x' } } })
        texts.push(a.text, b.text)
        for (let i = 0; i < 4; i++) {
          fresh.mock.clock.advance('1s')
          texts.push((await fresh.call('GET', `/api/v1/task/${a.json.data.task_id}`, { key: 'key-a' })).text)
          texts.push((await fresh.call('GET', `/api/v1/task/${b.json.data.task_id}`, { key: 'key-b' })).text)
        }
        texts.push((await fresh.call('GET', '/api/v1/account/usage', { key: 'key-a' })).text)
        await door.stop()
        // Over HTTP each run has its own port; asset URLs carry it. Everything else must match to the byte.
        return texts.map((text) => text.replaceAll(fresh.origin, 'ORIGIN'))
      }

      it('gives byte-identical responses for the same scenario and requests', async () => {
        const first = await session()
        const second = await session()
        expect(second).toEqual(first)
        expect(first.at(-2)).toContain('"status":"success"')
      })

      it("derives one key's ids from its own traffic only", async () => {
        await start()
        const alone = (await create()).json.data.task_id
        await door.stop()
        await start()
        await create(music(), 'key-b')
        await create(music(), 'key-b')
        expect((await create()).json.data.task_id).toBe(alone)
      })
    })
  },
)
