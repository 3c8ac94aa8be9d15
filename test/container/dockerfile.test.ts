/**
 * The Dockerfile stays what CI checks (no Docker engine runs here, so the image is never built):
 * its only build command is scripts/container-build.sh, which .ci/container.sh runs; it
 * runs as a user other than root; it is configured by the fake's own variables; its health
 * check and entry point are files that script puts in the image.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ENV_FLAGS, envNameOf } from '../../src/cli/serve-env.js'

const lines = readFileSync('Dockerfile', 'utf8').replace(/\\\n/g, ' ').split('\n')
const stages = lines.reduce<string[][]>((all, line) => (/^FROM\s/i.test(line) ? [...all, [line]] : (all.at(-1)?.push(line), all)), [])
const runtime = stages.at(-1)!
const instructions = (stage: string[], name: string) =>
  stage.filter((line) => line.toUpperCase().startsWith(`${name} `)).map((line) => line.slice(name.length + 1).trim())
const build = readFileSync('scripts/container-build.sh', 'utf8')
const ci = readFileSync('.ci/container.sh', 'utf8')

describe('the Dockerfile', () => {
  it('builds only by the script CI runs', () => {
    const runs = stages.flatMap((stage) => instructions(stage, 'RUN'))
    expect(runs).toEqual(['sh scripts/container-build.sh /opt/audio-task-mock'])
    expect(ci).toContain('(cd "$work/src" && sh scripts/container-build.sh "$work/opt/audio-task-mock")')
    expect(instructions(runtime, 'RUN')).toEqual([]) // nothing built in the final stage
    expect(instructions(runtime, 'COPY')).toEqual(['--from=build /opt/audio-task-mock /opt/audio-task-mock'])
  })

  it('runs as a user other than root', () => {
    const users = instructions(runtime, 'USER')
    expect(users).toHaveLength(1)
    expect(users[0]).not.toMatch(/^(root|0)(:|$)/)
  })

  it('is configured by the fake’s own variables, on every interface', () => {
    const env = Object.fromEntries(instructions(runtime, 'ENV').flatMap((text) => [...text.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])))
    const known = new Set([...ENV_FLAGS.map(envNameOf), 'NODE_ENV'])
    expect(Object.keys(env).filter((name) => !known.has(name))).toEqual([])
    expect(env).toMatchObject({ AUDIO_TASK_MOCK_HOST: '0.0.0.0', AUDIO_TASK_MOCK_PORT: '4010' })
    expect(instructions(runtime, 'EXPOSE')).toEqual([env['AUDIO_TASK_MOCK_PORT']])
  })

  it('checks its health on /__admin/health with files the build script installs', () => {
    const [healthcheck] = instructions(runtime, 'HEALTHCHECK')
    expect(healthcheck).toMatch(/CMD \["node", "\/opt\/audio-task-mock\/healthcheck.mjs"\]$/)
    expect(build).toContain('cp scripts/container-healthcheck.mjs "$dest/healthcheck.mjs"')
    expect(readFileSync('scripts/container-healthcheck.mjs', 'utf8')).toContain('/__admin/health')
    expect(JSON.parse(instructions(runtime, 'ENTRYPOINT')[0]!)).toEqual([
      'node',
      '/opt/audio-task-mock/node_modules/audio-task-mock/dist/bin/audio-task-mock.js',
    ])
    expect(build).toContain('npm install --omit=dev')
  })

  it('leaves out of the build context what the build makes again', () => {
    const ignored = readFileSync('.dockerignore', 'utf8').split('\n')
    for (const path of ['node_modules', 'dist', 'dist-exe', '.tools']) expect(ignored).toContain(path)
  })
})
