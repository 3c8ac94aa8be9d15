import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DueQueue } from '../../src/domain/due-queue.js'

describe('DueQueue', () => {
  it('gives back what is due, earliest first, and keeps the rest', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1000 })), fc.integer({ min: 0, max: 1000 }), (instants, now) => {
        const queue = new DueQueue<number>()
        instants.forEach((at, index) => queue.push(at, index))
        const taken = queue.takeDue(now, () => true)
        expect(taken.map((index) => instants[index])).toEqual(instants.filter((at) => at <= now).sort((a, b) => a - b))
        expect(queue.size).toBe(instants.filter((at) => at > now).length)
        expect(queue.earliest).toBe(Math.min(...instants.filter((at) => at > now)))
      }),
    )
  })

  it('drops the entries its owner calls stale as they come out', () => {
    const queue = new DueQueue<string>()
    queue.push(5, 'a')
    queue.push(3, 'b')
    queue.push(7, 'a')
    expect(queue.takeDue(6, (item, at) => !(item === 'a' && at === 5))).toEqual(['b'])
    expect(queue.takeDue(10, () => true)).toEqual(['a'])
    expect(queue.earliest).toBe(Infinity)
  })

  it('rebuilds from the live entries alone', () => {
    const queue = new DueQueue<string>()
    for (let at = 0; at < 10; at++) queue.push(at, 'stale')
    queue.rebuild(
      new Map([
        ['x', 4],
        ['y', 2],
      ]),
    )
    expect(queue.size).toBe(2)
    expect(queue.takeDue(10, () => true)).toEqual(['y', 'x'])
  })
})
