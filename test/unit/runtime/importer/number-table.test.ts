import { describe, expect, test } from 'bun:test'
import { NumberTable } from '../../../../runtime/importer/number-table.ts'

describe('NumberTable', () => {
  test('holds what a Map holds, through growth, for dense ids and 52-bit keys alike', () => {
    const table = new NumberTable()
    const reference = new Map<number, number>()
    for (let i = 1; i <= 50_000; i++) {
      const key = i % 2 === 0 ? i : Math.floor(i * 90_071_992_547.409) + 1
      table.set(key, i * 3)
      reference.set(key, i * 3)
      if (i % 7 === 0) table.set(key, -1), reference.set(key, -1)
    }
    expect(table.size).toBe(reference.size)
    for (const [key, value] of reference) expect(table.get(key)).toBe(value)
    expect(table.get(123_456_789_123)).toBe(0)
    expect(table.get(123_456_789_123, -5)).toBe(-5)
    expect(new Set(table.keys())).toEqual(new Set(reference.keys()))
  })
})
