import { describe, expect, test } from 'bun:test'
import { backoffMs, dueAt, type ScheduleState } from '../../../../runtime/updater/schedule.ts'

const base: ScheduleState = { enabled: true, intervalMs: 86_400_000, startedAt: 1000, startDelayMs: 60_000, lastCheckAt: null, failures: 0 }

describe('dueAt', () => {
  test('nothing is planned before start or while disabled', () => {
    expect(dueAt({ ...base, startedAt: null })).toBeNull()
    expect(dueAt({ ...base, enabled: false, lastCheckAt: 5000 })).toBeNull()
  })

  test('the first check comes after the start delay', () => {
    expect(dueAt(base)).toBe(61_000)
  })

  test('after a success the next check is one interval after the last', () => {
    expect(dueAt({ ...base, lastCheckAt: 5000 })).toBe(86_405_000)
  })

  test('after failures the next check backs off', () => {
    expect(dueAt({ ...base, lastCheckAt: 5000, failures: 1 })).toBe(65_000)
    expect(dueAt({ ...base, lastCheckAt: 5000, failures: 3 })).toBe(245_000)
  })
})

describe('backoffMs', () => {
  test.each([
    [1, 60_000],
    [2, 120_000],
    [3, 240_000],
    [6, 1_920_000],
    [12, 86_400_000],
    [1000, 86_400_000],
  ])('after %p failures waits %p ms (interval 1 day)', (failures, expected) => {
    expect(backoffMs(failures, 86_400_000)).toBe(expected)
  })

  test('never waits longer than the interval', () => {
    expect(backoffMs(3, 120_000)).toBe(120_000)
  })
})
