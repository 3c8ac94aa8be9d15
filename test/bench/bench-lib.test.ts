/** The bench's own arithmetic and request bodies: a wrong median or body size would skew every figure. */
import { describe, expect, it } from 'vitest'
import { cpuSecondsOf } from '../../bench/cases/admin-clock.js'
import type { DoorRun } from '../../bench/cases/workers.js'
import { render, verdicts, type Results } from '../../bench/lib/report.js'
import { clockAdvanceRequest, createBody, selectsCase } from '../../bench/lib/requests.js'
import { floorsBetweenResets, floorsFlat, median, slope } from '../../bench/lib/stats.js'

describe('bench statistics', () => {
  it.each([
    [[3], 3],
    [[5, 1, 3], 3],
    [[4, 1, 3, 2], 2.5],
    [[], Number.NaN],
  ])('median of %j is %d', (values, expected) => {
    expect(median(values)).toBe(expected)
  })

  it('gives the least-squares slope', () => {
    expect(
      slope([
        [0, 1],
        [1, 3],
        [2, 5],
      ]),
    ).toBe(2)
    expect(
      slope([
        [0, 7],
        [10, 7],
      ]),
    ).toBe(0)
    expect(slope([[1, 1]])).toBe(0)
  })
})

describe("the mixed soak's memory rule", () => {
  /** RSS every second over 300 s, reset every 30 s: climbs `climb` MB a second between resets, each floor `leak` MB above the last. */
  const sawtooth = (climb: number, leak: number): Array<[number, number]> =>
    Array.from({ length: 300 }, (_, t) => [t + 0.5, 150 + leak * Math.floor(t / 30) + climb * (t % 30)] as [number, number])

  it('takes the lowest sample between each pair of resets', () => {
    expect(
      floorsBetweenResets(
        [
          [0.5, 9],
          [1.5, 7],
          [2.5, 8],
          [3.5, 20],
          [4.5, 4],
          [6.2, 50],
        ],
        3,
        6,
      ),
    ).toEqual([7, 4])
    expect(
      floorsBetweenResets(
        [
          [0.5, 9],
          [6.5, 5],
          [9.1, 1],
        ],
        3,
        9,
      ),
    ).toEqual([9, Number.NaN, 5])
  })

  it('leaves out what comes after the run and the stretch it ended in: a sample or two is no floor', () => {
    const run: Array<[number, number]> = Array.from({ length: 300 }, (_, t) => [t + 0.5, 150 + (t % 30)])
    run.push([300.9, 100])
    expect(floorsBetweenResets(run, 30, 300)).toEqual(new Array(10).fill(150))
    expect(floorsBetweenResets(run, 30, 290)).toEqual(new Array(9).fill(150))
  })

  it('passes a sawtooth whose floors stay put, however high its teeth', () => {
    expect(floorsFlat(floorsBetweenResets(sawtooth(8, 0), 30, 300))).toEqual({ early: 150, late: 150, flat: true })
  })

  it('fails memory kept across resets, down to 3 MB a reset', () => {
    expect(floorsFlat(floorsBetweenResets(sawtooth(8, 6), 30, 300))).toEqual({ early: 162, late: 198, flat: false })
    expect(floorsFlat(floorsBetweenResets(sawtooth(8, 3), 30, 300)).flat).toBe(false)
    // 1 MB a reset (9 MB over the run) is inside the 5% the rule allows on a 150 MB floor.
    expect(floorsFlat(floorsBetweenResets(sawtooth(8, 1), 30, 300)).flat).toBe(true)
  })

  it('does not pass a run too short to show a trend', () => {
    expect(floorsFlat([100, 100, 100]).flat).toBe(false)
    expect(floorsFlat([100, 100, 100, 100]).flat).toBe(true)
  })
})

describe('bench request bodies', () => {
  it.each([
    ['', 400],
    ['#12345', 400],
    ['a longer tag that pushes the prompt past the size', 400],
    ['', 1000],
  ])('tag %j makes a valid body of %d bytes', (tag, bytes) => {
    const body = createBody(bytes, tag)
    expect(Buffer.byteLength(body)).toBe(bytes)
    expect(JSON.parse(body)).toMatchObject({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: expect.any(String) } })
  })
})

describe('--http-cases', () => {
  const cases = ['Get Task (finished)', 'Get Task (unfinished)', 'usage', 'Create (pending first)', 'Create (succeeds at once)', 'usage (many unfinished)']
  const chosen = (...listed: string[]) => cases.filter((name) => selectsCase(new Set(listed), name))

  it('selects every case without a list', () => {
    expect(cases.filter((name) => selectsCase(undefined, name))).toEqual(cases)
  })

  it('selects a case by its name, and a family by the name before the parenthesis', () => {
    expect(chosen('Create (succeeds at once)')).toEqual(['Create (succeeds at once)'])
    expect(chosen('Create')).toEqual(['Create (pending first)', 'Create (succeeds at once)'])
    expect(chosen('usage')).toEqual(['usage', 'usage (many unfinished)'])
    expect(chosen('Get Task', 'usage (many unfinished)')).toEqual(['Get Task (finished)', 'Get Task (unfinished)', 'usage (many unfinished)'])
  })

  it('does not take a name for a prefix of a longer word', () => {
    expect(chosen('Get', 'Creat', 'usa')).toEqual([])
  })
})

describe('admin clock moves', () => {
  it('sends JSON the admin guard lets through', () => {
    const spec = clockAdvanceRequest('1ms')
    expect(spec).toMatchObject({ method: 'POST', path: '/__admin/clock/advance', headers: { 'content-type': 'application/json' } })
    expect(JSON.parse(spec.body!)).toEqual({ by: '1ms' })
  })

  it('reads user + system CPU from /proc/PID/stat, whatever the command name holds', () => {
    // Fields after the name: state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime …
    expect(cpuSecondsOf('4242 (node) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 30 0 0 20 0 11 0')).toBeCloseTo(2.8)
    expect(cpuSecondsOf('4242 (a (b) c) R 1 4242 4242 0 -1 4194560 100 0 0 0 7 3 0 0 20 0 11 0')).toBeCloseTo(0.1)
  })
})

describe('the targets of issue 15', () => {
  const door = (livesMs: number, lives = 1000): DoorRun => ({ lives, livesMs, livesCpuMs: livesMs, requests: lives * 5, suiteMs: 50, suiteChecks: 7 })
  const base: Results = {
    command: 'npm run bench',
    quick: false,
    protocol: { rounds: 1, seconds: 1, warmupSeconds: 0, connections: 10 },
    machine: { cpu: 'cpu', cores: 2, memoryGb: 1, os: 'os', node: 'v20', autocannon: '8', commit: 'abc', loadAverage: '0', date: 'today' },
  }
  const find = (results: Results, what: string) => verdicts(results).find((v) => v.what === what)

  it('reports a build without mock.fetch as not available, and missed, without failing', () => {
    const results: Results = { ...base, inProcess: { ...door(900), fetchDoor: null } }
    expect(find(results, '1,000 task lives through mock.fetch')).toMatchObject({ issue: 15, measured: 'not available in this build', met: false })
    expect(find(results, '1,000 task lives through msw setupServer')).toMatchObject({ issue: 15, target: '≤ 1.0 s', met: true })
    expect(render(results)).toContain('mock.fetch: not available in this build')
  })

  it('scales lives to 1,000 and judges the fetch door against 0.3 s', () => {
    const results: Results = { ...base, inProcess: { ...door(1200), fetchDoor: door(60, 200) } }
    expect(find(results, '1,000 task lives through mock.fetch')).toMatchObject({ measured: '0.30 s (CPU 0.30 s) (scaled from 200)', met: true })
    expect(find(results, '1,000 task lives through msw setupServer')?.met).toBe(false)
  })

  it('wants express not loaded by the main entry, and 1 KB per stored task', () => {
    const entryImport = { entry: '/x/dist/index.js', runs: 1, importMs: 90, all: [90], expressFiles: 0, expressLoaded: false, cjsModules: 10 }
    expect(find({ ...base, entryImport }, 'Importing the main entry loads express')?.met).toBe(true)
    expect(find({ ...base, entryImport: { ...entryImport, expressLoaded: true, expressFiles: 19 } }, 'Importing the main entry loads express')?.met).toBe(false)
    const memory = { tasks: 1000, bytesPerTask: 1100, heapMb: 1, rssMb: 1, ms: 1 }
    expect(find({ ...base, memory }, 'Memory per stored finished task (1 000 tasks)')).toMatchObject({ target: '≤ 1024 B', met: false })
  })
})
