import { describe, expect, test } from 'bun:test'
import { imdbNumber, integerOrNull, timestampSeconds } from '../../../../runtime/importer/column-values.ts'

describe('imdbNumber', () => {
  const cases: [string | null, number | null][] = [
    ['tt0111161', 111161],
    ['tt111161', 111161],
    ['111161', 111161],
    ['TT0903747', 903747],
    ['tt14452776', 14452776],
    [null, null],
    ['', null],
    ['tt', null],
    ['tt0000000', null],
    ['nm0000001', null],
    ['tt01x1161', null],
    [' tt0111161', null],
    ['tt12345678901', null],
  ]
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} → ${expected}`, () => {
      expect(imdbNumber(input)).toBe(expected)
    })
  }
})

describe('integerOrNull', () => {
  test('keeps bigints above 2^31 exact and NULL as null', () => {
    expect(integerOrNull('213030377882')).toBe(213030377882)
    expect(integerOrNull('-5')).toBe(-5)
    expect(integerOrNull(null)).toBeNull()
  })
})

describe('timestampSeconds reads timestamp without time zone as UTC', () => {
  const cases: [string, number | null][] = [
    ['1970-01-01 00:00:00', 0],
    ['2025-10-30 23:59:59.999999', 1761868799], // microseconds never round up into the next second
    ['2009-01-27 05:00:11.968227', 1233032411],
    ['2024-02-29 12:00:00', 1709208000],
    ['1969-12-31 23:59:59', -1],
    ['2000-03-01 00:00:00.5', 951868800],
    ['12345-01-01 00:00:00', 327403382400], // more than four year digits
    ['2020-01-01 00:00:00+02', 1577829600], // timestamptz text, should upstream switch
    ['2020-01-01 00:00:00.25-05:30', 1577856600],
    ['0044-03-15 12:00:00 BC', Date.UTC(-43, 2, 15, 12) / 1000], // 44 BC is astronomical year -43
    ['infinity', null],
    ['2020-13-01 00:00:00', null],
    ['2020-01-01T00:00:00', 1577836800],
    ['not a date', null],
  ]
  for (const [input, expected] of cases) {
    test(`${input} → ${expected}`, () => {
      expect(timestampSeconds(input)).toBe(expected)
    })
  }

  test('the fast path agrees with Date for every day from 1900 to 2100', () => {
    for (let day = Date.UTC(1900, 0, 1); day < Date.UTC(2100, 0, 1); day += 86_400_000 + 3_723_000) {
      const text = new Date(day).toISOString().replace('T', ' ').replace('Z', '')
      expect(timestampSeconds(text)).toBe(Math.floor(day / 1000))
    }
  })
})
