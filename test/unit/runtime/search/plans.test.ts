/**
 * Query plans of every search strategy, read with EXPLAIN QUERY PLAN from the statements search()
 * really runs. Without ANALYZE, SQLite plans a small file exactly like a million-row one, so these
 * pin what keeps the benchmark fast: indexes, no full scans, no sort for the RSS order.
 */
import type { Database } from 'bun:sqlite'
import { afterAll, describe, expect, test } from 'bun:test'
import type { SearchQuery } from '../../../../runtime/search/query.ts'
import { search, stopsAtPage } from '../../../../runtime/search/search.ts'
import { queryTokens } from '../../../../runtime/search/tokens.ts'
import { baseQuery, openCatalogue } from './_catalogue.ts'

const catalogue = openCatalogue()
afterAll(() => catalogue.close())

type Bindings = Array<string | number | null>

/** Runs search() and returns every statement it ran, with its bindings. */
const statementsOf = (overrides: Partial<SearchQuery>): Array<[string, Bindings]> => {
  const db = catalogue.snapshot.db
  const statements: Array<[string, Bindings]> = []
  const recording = new Proxy(db, {
    get: (target, property) => {
      if (property !== 'query') return Reflect.get(target, property)
      return (sql: string) => {
        const statement = target.query(sql)
        const record =
          (method: 'all' | 'get' | 'values') =>
          (...args: Bindings) => {
            statements.push([sql, args])
            return statement[method](...args)
          }
        return { all: record('all'), get: record('get'), values: record('values') }
      }
    },
  }) as Database
  search(recording, baseQuery(overrides))
  return statements
}

/** Runs search() and returns the plan lines of the statement that reads the page. */
const pagePlan = (overrides: Partial<SearchQuery>, marker = 'LIMIT ? OFFSET ?'): string[] => {
  const [sql, args] = statementsOf(overrides).find(([text]) => text.includes(marker)) ?? ['', []]
  return (catalogue.snapshot.db.query(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as Array<{ detail: string }>).map((row) => row.detail)
}

const fullScan = (lines: string[]) => lines.filter((line) => /^SCAN (t|s|torrents|f|files)\b/.test(line) && !line.includes('INDEX'))

describe('recent releases', () => {
  test.each([
    ['t=search', {}],
    ['t=movie', { scope: 'movies' }],
    ['t=tvsearch', { scope: 'shows' }],
    ['italian_only', { processing: { preset: 'italian_only', custom_rules: [] } }],
  ] as Array<[string, Partial<SearchQuery>]>)('%s walks torrents_recent in order, no sort', (_, overrides) => {
    const page = pagePlan(overrides)
    expect(page.join('\n')).toContain('INDEX torrents_recent')
    expect(page.join('\n')).not.toContain('TEMP B-TREE FOR ORDER BY')
    expect(fullScan(page)).toEqual([])
  })
})

// Id searches list their candidates in one statement (search.ts rankedIds), under every ranking with a rank table.
const CANDIDATES = 'WITH candidates(id)'

describe('searches use indexes, never a full scan of torrents or files', () => {
  test.each([
    ['movie by IMDb id', { scope: 'movies', imdb: 1000 }, ['torrents_imdb', 'pack_files_imdb', 'torrents_info_hash']],
    ['movie by TMDB id', { scope: 'movies', tmdb: 11 }, ['torrents_tmdb']],
    ['show by id', { scope: 'shows', imdb: 100 }, ['torrents_imdb', 'files_episode']],
    ['season by id', { scope: 'shows', imdb: 100, season: 2 }, ['torrents_imdb', 'file_seasons_show', 'files_torrent']],
    ['episode by id', { scope: 'shows', imdb: 100, season: 2, episode: 5 }, ['torrents_imdb', 'files_episode', 'files_torrent']],
  ] as Array<[string, Partial<SearchQuery>, string[]]>)('%s: its candidates', (_, overrides, indexes) => {
    const candidates = pagePlan(overrides, CANDIDATES)
    for (const index of indexes) expect(candidates.join('\n')).toContain(index)
    expect(fullScan(candidates)).toEqual([])
  })

  test('title and episode', () => {
    const page = pagePlan({ scope: 'shows', words: queryTokens('show a'), season: 2, episode: 5 })
    for (const index of ['SCAN f VIRTUAL TABLE', 'files_torrent']) expect(page.join('\n')).toContain(index)
    expect(fullScan(page)).toEqual([])
  })

  test('an id search reads rows by primary key only: the candidates it tests and its page', () => {
    for (const marker of ['AND (t.type', 'SELECT t.id, t.info_hash']) {
      const lines = pagePlan({ scope: 'shows', imdb: 100, season: 2 }, marker)
      expect(lines.join('\n')).toContain('SEARCH t USING INTEGER PRIMARY KEY')
      expect(fullScan(lines)).toEqual([])
    }
  })

  test('under scoring rules an id search ranks in SQL, through the same indexes', () => {
    const processing = {
      preset: 'custom',
      custom_rules: [{ field: 'title', operator: 'contains', value: 'ita', action: 'score', score: 10, enabled: true }],
    }
    const page = pagePlan({ scope: 'shows', imdb: 100, season: 2, processing } as Partial<SearchQuery>)
    for (const index of ['torrents_imdb', 'file_seasons_show', 'files_torrent']) expect(page.join('\n')).toContain(index)
    expect(fullScan(page)).toEqual([])
  })

  test('id lookups read only covering indexes', () => {
    for (const [overrides, indexes] of [
      [{ season: 2, episode: 5 }, ['torrents_imdb', 'files_episode', 'files_torrent']],
      [{ season: 2 }, ['torrents_imdb', 'file_seasons_show', 'files_torrent']],
    ] as Array<[Partial<SearchQuery>, string[]]>) {
      const candidates = pagePlan({ scope: 'shows', imdb: 100, ...overrides }, CANDIDATES)
      for (const index of indexes) expect(candidates.join('\n')).toContain(`COVERING INDEX ${index}`)
    }
  })
})

describe('title words under a ranking without scores', () => {
  const RANKINGS = [
    ['t=search', {}],
    ['t=movie', { scope: 'movies' }],
    ['italian_only', { processing: { preset: 'italian_only', custom_rules: [] } }],
  ] as Array<[string, Partial<SearchQuery>]>

  test.each(RANKINGS)('%s: one word reads the FTS hits in rank order, no sort', (_, overrides) => {
    const lines = pagePlan({ ...overrides, words: queryTokens('show') }, 'MATCH ?')
    expect(lines[0]).toStartWith('SCAN f VIRTUAL TABLE')
    expect(lines.join('\n')).not.toContain('TEMP B-TREE')
    expect(fullScan(lines)).toEqual([])
  })

  test.each(RANKINGS)('%s: several words read each word list from the FTS index, no sort', (_, overrides) => {
    const list = pagePlan({ ...overrides, words: queryTokens('show a') }, 'json_group_array(rowid)')
    expect(list).toEqual(['SCAN torrents_fts VIRTUAL TABLE INDEX 0:M1'])
  })

  test('several words under a filter test the hits by primary key', () => {
    const test = pagePlan({ scope: 'movies', words: queryTokens('film one') }, 'json_each(?)').join('\n')
    expect(test).toContain('SEARCH t USING INTEGER PRIMARY KEY')
    expect(fullScan(test.split('\n'))).toEqual([])
  })
})

describe('a season without id or words', () => {
  test('filters the first rows of torrent_rank in their order, no sort', () => {
    const page = pagePlan({ scope: 'shows', season: 2 }, 'FROM torrent_rank ORDER BY rank').join('\n')
    expect(page).toContain('SCAN torrent_rank')
    expect(page).toMatch(/SCAN w[\s\S]*SEARCH t USING INTEGER PRIMARY KEY/)
    expect(page).not.toContain('TEMP B-TREE')
  })
})

describe('stopsAtPage: which searches the main thread may run itself', () => {
  const SCORING = {
    preset: 'custom',
    custom_rules: [{ enabled: true, field: 'title', operator: 'contains', value: 'a', action: 'score', score: 5 }],
  } as SearchQuery['processing']
  const ITALIAN = { preset: 'italian_preferred', custom_rules: [] } as SearchQuery['processing']
  const ITALIAN_ONLY = { preset: 'italian_only', custom_rules: [] } as SearchQuery['processing']
  const CASES: Array<[string, Partial<SearchQuery>, boolean]> = [
    ['newest releases', {}, true],
    ['newest releases under a scoring rule', { processing: SCORING }, true],
    ['a film by id', { scope: 'movies', imdb: 1000 }, true],
    ['an episode by id under italian_preferred', { scope: 'shows', imdb: 100, season: 1, episode: 1, processing: ITALIAN }, true],
    ['title words', { words: ['show', 'a'] }, true],
    ['title words under italian_only', { words: ['show', 'a'], processing: ITALIAN_ONLY }, true],
    ['title words under italian_preferred', { words: ['show', 'a'], processing: ITALIAN }, false],
    ['title words under a scoring rule', { words: ['show', 'a'], processing: SCORING }, false],
    ['an id under a scoring rule', { scope: 'movies', imdb: 1000, processing: SCORING }, false],
    ['a season without id', { scope: 'shows', season: 2 }, false],
    ['title words with a season', { scope: 'shows', words: ['show'], season: 1 }, false],
  ]

  test.each(CASES)('%s', (_, overrides, expected) => {
    expect(stopsAtPage(baseQuery(overrides))).toBe(expected)
  })

  // What makes a search unbounded: a sort of every hit (ranked), a walk of a rank table (broad, walk, windowed).
  const WHOLE_RESULT = /count\(\*\) OVER \(\)|ORDER BY o\.rank|FROM torrent_rank ORDER BY rank|torrent_rank_italian ORDER BY rank/

  test.each(CASES.filter(([, , bounded]) => bounded))('%s runs no statement over the whole result', (_, overrides) => {
    for (const [sql] of statementsOf(overrides)) expect(sql).not.toMatch(WHOLE_RESULT)
  })
})
