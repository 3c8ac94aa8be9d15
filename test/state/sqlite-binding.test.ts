import { expect, it } from 'vitest'
import { chooseBinding } from '../../src/state/sqlite-binding.js'

const hasNodeSqlite = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule?.('node:sqlite') !== undefined

it('uses node:sqlite where Node has it, else libsql', () => {
  const chosen = chooseBinding({})
  expect('error' in chosen).toBe(false)
  expect((chosen as { name: string }).name).toMatch(hasNodeSqlite ? /^node:sqlite \(SQLite 3\.\d+\.\d+\)$/ : /^libsql \(SQLite 3\.\d+\.\d+\)$/)
})

it('takes libsql when asked, on every Node', () => {
  expect((chooseBinding({ AUDIO_TASK_MOCK_SQLITE: 'libsql' }) as { name: string }).name).toMatch(/^libsql \(SQLite /)
})

it('says what to install when no binding is there', () => {
  const none = chooseBinding({ AUDIO_TASK_MOCK_SQLITE: 'no-such-binding' })
  expect(none).toEqual({ error: expect.stringContaining('Install it beside audio-task-mock (npm install libsql), or run on Node 22.13 or later') })
})
