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
  const none = chooseBinding({}, { node: () => null, libsql: () => null })
  expect(none).toEqual({
    error:
      `--state needs SQLite: Node ${process.version} has no node:sqlite (it comes with Node 22.13 and later) and the package libsql is not installed. ` +
      'Install it beside audio-task-mock (npm install libsql), or run on Node 22.13 or later',
  })
})

it('names AUDIO_TASK_MOCK_SQLITE when it keeps to a binding that is not there, or names none', () => {
  const installedLibsql = chooseBinding({ AUDIO_TASK_MOCK_SQLITE: 'libsql' })
  if ('error' in installedLibsql) throw new Error(installedLibsql.error)
  const onlyLibsql = { node: () => null, libsql: () => installedLibsql.open }
  expect(chooseBinding({ AUDIO_TASK_MOCK_SQLITE: 'node' }, onlyLibsql)).toEqual({
    error:
      `--state needs SQLite: AUDIO_TASK_MOCK_SQLITE=node keeps to node:sqlite, and Node ${process.version} has no node:sqlite ` +
      '(it comes with Node 22.13 and later); unset it to use the other binding',
  })
  expect(chooseBinding({ AUDIO_TASK_MOCK_SQLITE: 'sqlite3' }, onlyLibsql)).toEqual({
    error: '--state needs SQLite: AUDIO_TASK_MOCK_SQLITE="sqlite3" names no binding: use libsql or node',
  })
})
