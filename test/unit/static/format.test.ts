/** static/format.ts: bytes, counts, relative times and snapshot ages in both languages. */
import { describe, expect, test } from 'bun:test'
import {
  describeAge,
  formatBytes,
  formatCount,
  formatDecimal,
  languageName,
  relativeTime,
  snapshotAgeDays,
} from '../../../static/format.ts'
import { translator } from '../../../static/i18n.ts'

const en = translator('en')
const it = translator('it')
const NOW = Date.parse('2025-03-10T12:00:00Z')

describe('formatBytes', () => {
  test.each([
    [0, 'en', '0 B'],
    [1023, 'en', '1,023 B'],
    [1536, 'en', '1.5 KiB'],
    [1536, 'it', '1,5 KiB'],
    [356 * 1024 ** 2, 'en', '356 MiB'],
    [1.25 * 1024 ** 3, 'en', '1.3 GiB'],
  ] as const)('%p in %s is %p', (bytes, language, text) => {
    expect(formatBytes(bytes, language)).toBe(text)
  })

  test('unknown or invalid sizes show a dash', () => {
    expect(formatBytes(null, 'en')).toBe('—')
    expect(formatBytes(-1, 'en')).toBe('—')
  })
})

test('formatCount groups digits the way the language does', () => {
  expect(formatCount(1234567, 'en')).toBe('1,234,567')
  expect(formatCount(1234567, 'it')).toBe('1.234.567')
  expect(formatCount(null, 'it')).toBe('—')
})

describe('relativeTime', () => {
  test.each([
    ['2025-03-10T11:59:40Z', 'just now'],
    ['2025-03-10T11:55:00Z', '5 min ago'],
    ['2025-03-10T09:00:00Z', '3 h ago'],
    ['2025-03-08T12:00:00Z', '2 days ago'],
    ['2025-03-10T12:30:00Z', 'in 30 min'],
    ['2025-03-11T12:00:00Z', 'in 24 h'],
  ])('%s reads as %p', (iso, text) => {
    expect(relativeTime(iso, NOW, en)).toBe(text)
  })

  test('speaks Italian and ignores missing or broken timestamps', () => {
    expect(relativeTime('2025-03-10T09:00:00Z', NOW, it)).toBe('3 h fa')
    expect(relativeTime(null, NOW, en)).toBeNull()
    expect(relativeTime('not a date', NOW, en)).toBeNull()
  })
})

describe('snapshot age', () => {
  test('is the whole days since the date in a db-YYYY-MM-DD tag', () => {
    expect(snapshotAgeDays('db-2025-03-07', NOW)).toBe(3)
    expect(snapshotAgeDays('db-2025-03-10', NOW)).toBe(0)
  })

  test('is unknown for other tags', () => {
    expect(snapshotAgeDays('v1.2', NOW)).toBeNull()
    expect(snapshotAgeDays(null, NOW)).toBeNull()
  })

  test('is described in words', () => {
    expect(describeAge(0, en)).toBe('from today')
    expect(describeAge(1, en)).toBe('1 day old')
    expect(describeAge(3, it)).toBe('vecchio di 3 giorni')
  })
})

test('formatDecimal writes one decimal the way the language does', () => {
  expect(formatDecimal(10.25, 'en')).toBe('10.3')
  expect(formatDecimal(0.1, 'it')).toBe('0,1')
  expect(formatDecimal(3, 'it')).toBe('3,0')
})

test('languageName shows the server’s language names in the user’s language; an unknown one as sent', () => {
  expect(languageName('Italian', 'it')).toBe('Italiano')
  expect(languageName('English', 'it')).toBe('Inglese')
  expect(languageName('Japanese', 'en')).toBe('Japanese')
  expect(languageName('Klingon', 'it')).toBe('Klingon')
})
