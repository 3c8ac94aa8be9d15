// The bundled scenarios: by name, and as files a user reads or extends.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, it } from 'vitest'
import { bundledScenario, createMock } from 'audio-task-mock'

it('runs a bundled scenario by name, and exports its file to read or extend', () => {
  const mock = createMock({ scenario: 'happy-path' })
  expect(mock.scenario.name).toBe('happy-path')
  const file = createRequire(import.meta.url).resolve('audio-task-mock/scenarios/happy-path.yaml')
  expect(readFileSync(file, 'utf8')).toBe(bundledScenario('happy-path'))
})
