/**
 * The GitHub Action (action.yml) run as the runner runs it: `node action/main.mjs`, then
 * `node action/post.mjs`, with the inputs as INPUT_* variables, GITHUB_OUTPUT, GITHUB_ENV and
 * GITHUB_STATE files, and the state handed to the post step as STATE_* variables.
 */
import { describe, expect, it } from 'vitest'
import { job, readRunnerFile } from '../support/action-runner.js'

const gone = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return false
  } catch {
    return true
  }
}

const createMusic = (url: string) =>
  fetch(`${url}/api/v1/task`, {
    method: 'POST',
    headers: { 'x-api-key': 'demo-key', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'lofi' } }),
  }).then((response) => response.json() as Promise<{ data: { task_id: string } }>)

describe('the GitHub Action', () => {
  it('starts the fake, hands its URL on as output and env, and the post step stops it', async () => {
    const run = job({ scenario: 'happy-path' })
    const main = await run.main()
    expect(main.code).toBe(0)
    const url = readRunnerFile(run.files.GITHUB_OUTPUT)['url']!
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(readRunnerFile(run.files.GITHUB_ENV)['AUDIO_TASK_MOCK_URL']).toBe(url)
    expect(((await (await fetch(`${url}/__admin/health`)).json()) as { scenario: string }).scenario).toBe('happy-path')
    const pid = Number(run.state()['pid'])
    const post = await run.post()
    expect(post.code).toBe(0)
    expect(post.stdout).toContain(`stopped (pid ${pid})`)
    expect(gone(pid)).toBe(true)
  })

  it('fails the job with the client report’s violations when asked, and still stops the fake', async () => {
    const run = job({ 'fail-on-violations': 'true', 'ignore-rules': 'never_read_to_final' })
    expect((await run.main()).code).toBe(0)
    const url = readRunnerFile(run.files.GITHUB_OUTPUT)['url']!
    const { task_id } = (await createMusic(url)).data
    for (let read = 0; read < 3; read++) await fetch(`${url}/api/v1/task/${task_id}`, { headers: { 'x-api-key': 'demo-key' } })
    const post = await run.post()
    expect(post.code).toBe(1)
    expect(post.stdout).toMatch(/^::error::audio-task-mock: \[poll_too_fast\] /m)
    expect(post.stdout).not.toContain('[never_read_to_final]')
    expect(gone(Number(run.state()['pid']))).toBe(true)
  })

  it('passes a clean report', async () => {
    const run = job({ 'fail-on-violations': 'true' })
    expect((await run.main()).code).toBe(0)
    const post = await run.post()
    expect(post.stdout).toContain('the client report lists 0 violation(s)')
    expect(post.code).toBe(0)
  })

  it('fails the main step with the fake’s own message when it cannot start, and the post step cleans up', async () => {
    const run = job({ scenario: 'no-such-scenario' })
    const main = await run.main()
    expect(main.code).toBe(1)
    expect(main.stdout).toMatch(/^::error::audio-task-mock: the fake exited \(2\) before it was ready:%0A.*no bundled scenario of that name/m)
    expect(readRunnerFile(run.files.GITHUB_OUTPUT)['url']).toBeUndefined()
    expect((await run.post()).code).toBe(0)
  })

  it('refuses a fail-on-violations that is not true or false', async () => {
    const run = job({ 'fail-on-violations': 'yes please' })
    const main = await run.main()
    expect(main.code).toBe(1)
    expect(main.stdout).toContain('input fail-on-violations expects true or false, got "yes please"')
  })
})
