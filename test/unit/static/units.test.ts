/** static/units.ts: amounts with units (interval, rule sizes) to and from plain numbers. */
import { describe, expect, test } from 'bun:test'
import { INTERVAL_UNITS, joinAmount, SIZE_UNITS, splitAmount } from '../../../static/units.ts'

describe('splitAmount', () => {
  test.each([
    [86400, 1, 'days'],
    [604800, 7, 'days'],
    [7200, 2, 'hours'],
    [90000, 25, 'hours'],
    [60, 1, 'minutes'],
    [90, 1.5, 'minutes'],
  ])('%p seconds shows as %p %s', (seconds, amount, unit) => {
    expect(splitAmount(seconds, INTERVAL_UNITS)).toEqual({ amount, unit } as never)
  })

  test.each([
    [1024 ** 3 * 4, 4, 'GiB'],
    [700 * 1024 ** 2, 700, 'MiB'],
    [1500, 1500, 'B'],
    [0, 0, 'B'],
  ])('%p bytes shows as %p %s', (bytes, amount, unit) => {
    expect(splitAmount(bytes, SIZE_UNITS)).toEqual({ amount, unit } as never)
  })
})

describe('joinAmount', () => {
  test('converts an amount and unit back to the base number', () => {
    expect(joinAmount(3, 'hours', INTERVAL_UNITS)).toBe(10800)
    expect(joinAmount(2, 'GiB', SIZE_UNITS)).toBe(2 * 1024 ** 3)
  })

  test('rounds away float noise but keeps a real fraction for the server to reject', () => {
    expect(joinAmount(1.1, 'hours', INTERVAL_UNITS)).toBe(3960)
    expect(joinAmount(0.01, 'minutes', INTERVAL_UNITS)).toBeCloseTo(0.6)
    expect(Number.isInteger(joinAmount(0.01, 'minutes', INTERVAL_UNITS))).toBe(false)
  })

  test('NaN stays NaN so an empty box is reported by the schema, not silently zero', () => {
    expect(joinAmount(Number.NaN, 'days', INTERVAL_UNITS)).toBeNaN()
  })
})
