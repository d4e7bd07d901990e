import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import { storedFold } from '../../../../runtime/search/derive.ts'
import { ranking, ruleMatch } from '../../../../runtime/search/rank.ts'
import type { CustomRule } from '../../../../runtime/settings/schema.ts'

// The columns rank.ts reads, in a table named like the real one (alias t), the folds stored as the importer stores them.
const db = new Database(':memory:')
db.run(
  'CREATE TABLE torrents (id INTEGER PRIMARY KEY, title TEXT, provider TEXT, title_fold TEXT, provider_fold TEXT, size INTEGER, seeders INTEGER, audio_ita INTEGER, multi_audio INTEGER)',
)
const fold = (text: string | null | undefined) => (text == null ? null : storedFold(text))
const row = (values: {
  title?: string | null
  provider?: string | null
  size?: number | null
  seeders?: number | null
  ita?: number
  multi?: number
}) => {
  db.run('DELETE FROM torrents')
  db.run('INSERT INTO torrents VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)', [
    values.title ?? null,
    values.provider ?? null,
    fold(values.title),
    fold(values.provider),
    values.size ?? null,
    values.seeders ?? null,
    values.ita ?? 0,
    values.multi ?? 0,
  ])
}
const evaluate = (sql: string, params: Array<string | number | null>) =>
  (db.query(`SELECT (${sql}) AS v FROM torrents t`).get(...params) as { v: number }).v

const rule = (field: CustomRule['field'], operator: string, value: string | number): CustomRule =>
  ({ enabled: true, field, operator, value, action: 'exclude' }) as CustomRule

describe('ruleMatch', () => {
  test.each([
    ['title', 'contains', 'CAM', 'movie.cam.2024', 1],
    ['title', 'contains', 'cam', 'movie.web.2024', 0],
    ['title', 'contains', 'STRASSE', 'die straße', 1],
    ['title', 'contains', 'Straße', 'die strasse', 1],
    ['title', 'not_contains', 'cam', 'movie.web', 1],
    ['title', 'not_contains', 'web', 'movie.web', 0],
    ['title', 'equals', 'Movie.WEB', 'movie.web', 1],
    ['title', 'equals', 'movie', 'movie.web', 0],
    ['provider', 'equals', 'ilCorsaroNero', 'ilcorsaronero', 1],
    ['provider', 'contains', '1337', 'knaben (1337x)', 1],
    // Stored folds (non-ASCII) and SQLite's lower() (ASCII) meet the same folded value.
    ['title', 'contains', 'CITTÀ', 'La Città Incantata', 1],
    ['title', 'contains', 'città', 'LA CITTÀ INCANTATA', 1],
    ['title', 'equals', 'LA CITTÀ', 'la città', 1],
    ['title', 'contains', 'MOVIE', 'The.MOVIE.2024', 1],
    ['provider', 'equals', 'ÉLITE', 'élite', 1],
  ] as const)('%s %s %p against %p → %p', (field, operator, value, column, expected) => {
    row(field === 'title' ? { title: column, provider: 'p' } : { title: 't', provider: column })
    const match = ruleMatch(rule(field, operator, value))
    expect(evaluate(match.sql, match.params)).toBe(expected)
  })

  test.each([
    ['size', 'equals', 100, 100, 1],
    ['size', 'equals', 100, 101, 0],
    ['size', 'gte', 100, 100, 1],
    ['size', 'gte', 100, 99, 0],
    ['size', 'lte', 100, 100, 1],
    ['size', 'lte', 100, 101, 0],
    ['seeders', 'gte', 1.5, 2, 1],
    ['seeders', 'lte', -1, 0, 0],
    ['size', 'gte', 3_000_000_000, 5_000_000_000, 1],
  ] as const)('%s %s %p against %p → %p', (field, operator, value, column, expected) => {
    row({ title: 't', provider: 'p', [field]: column })
    const match = ruleMatch(rule(field, operator, value))
    expect(evaluate(match.sql, match.params)).toBe(expected)
  })

  test.each([
    ['size', 'equals', 0],
    ['size', 'gte', 0],
    ['seeders', 'lte', 1000],
    ['title', 'contains', 'x'],
    ['title', 'equals', 'x'],
  ] as const)('a NULL %s never matches %s', (field, operator, value) => {
    row({ title: null, provider: 'p', size: null, seeders: null })
    const match = ruleMatch(rule(field, operator, value))
    expect(evaluate(match.sql, match.params)).toBe(0)
  })

  test('a NULL text matches not_contains', () => {
    row({ title: null, provider: null })
    const match = ruleMatch(rule('provider', 'not_contains', 'x'))
    expect(evaluate(match.sql, match.params)).toBe(1)
  })

  test('user text is a bound parameter, never SQL', () => {
    const match = ruleMatch(rule('title', 'contains', "x') OR 1=1 --"))
    expect(match.sql).not.toContain('1=1')
    expect(match.params).toEqual(["x') or 1=1 --"])
  })
})

describe('ranking presets', () => {
  const score = (processing: Parameters<typeof ranking>[0]) => evaluate(ranking(processing).score.sql, ranking(processing).score.params)

  test('unfiltered scores 0 and filters nothing', () => {
    row({ title: 'x', ita: 1, multi: 1 })
    expect(score({ preset: 'unfiltered', custom_rules: [] })).toBe(0)
    expect(ranking({ preset: 'unfiltered', custom_rules: [] }).filter).toBeNull()
  })

  test.each([
    [1, 0, 100],
    [1, 1, 100],
    [0, 1, 25],
    [0, 0, 0],
  ])('italian_preferred: audio_ita %p, multi %p → %p', (ita, multi, expected) => {
    row({ title: 'x', ita, multi })
    expect(score({ preset: 'italian_preferred', custom_rules: [] })).toBe(expected)
    expect(ranking({ preset: 'italian_preferred', custom_rules: [] }).filter).toBeNull()
  })

  test('italian_only keeps Italian audio only', () => {
    const filter = ranking({ preset: 'italian_only', custom_rules: [] }).filter!
    row({ title: 'x', ita: 1 })
    expect(evaluate(filter.sql, filter.params)).toBe(1)
    row({ title: 'x', ita: 0, multi: 1 })
    expect(evaluate(filter.sql, filter.params)).toBe(0)
  })

  test('custom: enabled score rules add up, disabled rules and excludes do not score', () => {
    const rules: CustomRule[] = [
      { enabled: true, field: 'title', operator: 'contains', value: 'web', action: 'score', score: 10 },
      { enabled: true, field: 'seeders', operator: 'gte', value: 5, action: 'score', score: -2.5 },
      { enabled: false, field: 'title', operator: 'contains', value: 'web', action: 'score', score: 1000 },
      { enabled: true, field: 'title', operator: 'contains', value: 'cam', action: 'exclude' },
    ]
    row({ title: 'movie.web', seeders: 7 })
    expect(score({ preset: 'custom', custom_rules: rules })).toBe(7.5)
    const filter = ranking({ preset: 'custom', custom_rules: rules }).filter!
    expect(evaluate(filter.sql, filter.params)).toBe(1)
    row({ title: 'movie.cam', seeders: 7 })
    expect(evaluate(filter.sql, filter.params)).toBe(0)
  })

  test('custom without enabled rules scores 0 and filters nothing', () => {
    const rules: CustomRule[] = [{ enabled: false, field: 'title', operator: 'contains', value: 'x', action: 'exclude' }]
    expect(ranking({ preset: 'custom', custom_rules: rules })).toEqual({
      score: { sql: '0', params: [] },
      filter: null,
      index: 'torrent_rank',
    })
  })

  test('each ranking names the index in its order, or none when rules score', () => {
    expect(ranking({ preset: 'unfiltered', custom_rules: [] }).index).toBe('torrent_rank')
    expect(ranking({ preset: 'italian_only', custom_rules: [] }).index).toBe('torrent_rank')
    expect(ranking({ preset: 'italian_preferred', custom_rules: [] }).index).toBe('torrent_rank_italian')
    const scoring: CustomRule[] = [{ enabled: true, field: 'seeders', operator: 'gte', value: 1, action: 'score', score: 1 }]
    expect(ranking({ preset: 'custom', custom_rules: scoring }).index).toBeNull()
  })
})
