/**
 * No door fetches and runs a package by name unless the user named it (decision 046): the code that
 * starts the fake for a user (the Action, the pytest fixture, the CLI and library) never spawns
 * npx, `npm exec` or `pip install`. Comments may mention them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { REPO } from '../support/doc-blocks.js'

const files = (dir: string): string[] =>
  readdirSync(join(REPO, dir)).flatMap((name) => (statSync(join(REPO, dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]))

/** A program name or argument list that would run a downloader: `'npx'`, `'npx …`, `'--yes'`, `'npm', 'exec'`, `"pip", "install"`. */
const SPAWNS = [/(['"`])(npx|pnpx|bunx)\1/, /['"`](npx|pnpx|bunx) /, /['"`]--yes['"`]/, /['"`](npm|pip3?)['"`],\s*['"`](exec|install)['"`]/]

it('the Action, the fixture and the package spawn no downloader', () => {
  const doors = [...files('action'), 'clients/python/audio_task_mock_pytest.py', ...files('src')].filter((file) => /\.(m?js|ts|py)$/.test(file))
  expect(doors.length).toBeGreaterThan(50)
  const found = doors.flatMap((file) =>
    readFileSync(join(REPO, file), 'utf8')
      .split('\n')
      .map((line, index) => ({ line: line.trim(), at: `${file}:${index + 1}` }))
      .filter(({ line }) => !/^(\/\/|\*|\/\*|#)/.test(line) && SPAWNS.some((spawn) => spawn.test(line.replace(/\s(\/\/|#) .*$/, ''))))
      .map(({ at, line }) => `${at}: ${line}`),
  )
  expect(found).toEqual([])
})
