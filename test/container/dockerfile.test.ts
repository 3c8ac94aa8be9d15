/**
 * The Dockerfile stays what CI builds and runs (.ci/container.sh, through scripts/build-image.sh):
 * both stages on the Debian-based Node image CI makes itself when no registry is reachable
 * (scripts/container-base.sh); the program built by scripts/container-build.sh alone, nothing
 * built in the final stage; a user other than root who owns the working folder /data; the fake's
 * own variables; a health check and entry point that the build script puts in the image.
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
const buildImage = readFileSync('scripts/build-image.sh', 'utf8')

describe('the Dockerfile', () => {
  it('stands on the Debian-based Node image that CI can make without a registry', () => {
    const bases = stages.map((stage) => stage[0]!.split(/\s+/)[1])
    expect(bases).toEqual(['node:24-bookworm-slim', 'node:24-bookworm-slim'])
    expect(readFileSync('scripts/container-base.sh', 'utf8')).toContain('debootstrap --variant=minbase')
    expect(buildImage).toContain('bash scripts/container-base.sh')
    expect(buildImage).toContain('build --pull=never --format docker') // docker format: podman keeps HEALTHCHECK
    expect(ci).toContain('bash scripts/build-image.sh --tag')
  })

  it('builds the program by the build script alone, and nothing in the final stage', () => {
    expect(instructions(stages[0]!, 'RUN')).toEqual(['sh scripts/container-build.sh /opt/audio-task-mock', 'mkdir /data'])
    expect(instructions(runtime, 'RUN')).toEqual([])
    expect(instructions(runtime, 'COPY')).toEqual(['--from=build /opt/audio-task-mock /opt/audio-task-mock', '--from=build --chown=node:node /data /data'])
    // What a machine behind a TLS-inspecting proxy needs is mounted into the build, never written into the file.
    expect(stages.flatMap((stage) => instructions(stage, 'ARG'))).toEqual([])
  })

  it('runs as a user other than root, in a folder that user owns', () => {
    const users = instructions(runtime, 'USER')
    expect(users).toHaveLength(1)
    expect(users[0]).not.toMatch(/^(root|0)(:|$)/)
    expect(instructions(runtime, 'COPY').find((copy) => copy.endsWith(' /data'))).toContain(`--chown=${users[0]}:${users[0]}`)
    expect(instructions(runtime, 'WORKDIR')).toEqual(['/data'])
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
