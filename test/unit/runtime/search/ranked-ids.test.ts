/**
 * Id searches under a ranking with a rank table (search.ts rankedIds) order their candidates by the
 * importer's positions; the same queries under a custom rule that scores 0 take the SQL path that
 * fetches and sorts every hit (ranked). On an imported fixture both must give the same pages and
 * counts, for every id of the archive, every kind of id search and a few pages.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SearchQuery } from '../../../../runtime/search/query.ts'
import { search } from '../../../../runtime/search/search.ts'
import type { ResultProcessing } from '../../../../runtime/settings/schema.ts'
import { importFixture, type FixtureSnapshot } from '../../../helpers/fixture-snapshot.ts'
import { buildSnapshot, hashOf } from '../../../helpers/snapshot-rows.ts'
import { baseQuery } from './_catalogue.ts'

// Scores nothing (× 0), but a score rule leaves the rank tables aside: the whole result is sorted in SQL.
const SORTED_IN_SQL: ResultProcessing = {
  preset: 'custom',
  custom_rules: [{ enabled: true, field: 'title', operator: 'contains', value: 'a', action: 'score', score: 0 }],
}
const UNFILTERED: ResultProcessing = { preset: 'unfiltered', custom_rules: [] }
const PAGES = [
  { offset: 0, limit: 100 },
  { offset: 0, limit: 3 },
  { offset: 3, limit: 3 },
  { offset: 7, limit: 5 },
]

let fixture: FixtureSnapshot
beforeAll(async () => {
  fixture = await importFixture()
})
afterAll(() => fixture.remove())

const idQueries = (): Array<Partial<SearchQuery>> => {
  const db = fixture.snapshot.db
  const movies = db.query("SELECT DISTINCT imdb FROM torrents WHERE type = 'movie' AND imdb IS NOT NULL").values() as Array<[number]>
  const tmdbs = db.query("SELECT DISTINCT tmdb FROM torrents WHERE type = 'movie' AND tmdb IS NOT NULL").values() as Array<[number]>
  const seasons = db
    .query(
      "SELECT DISTINCT imdb, season, episode FROM files WHERE imdb IS NOT NULL AND season IS NOT NULL UNION SELECT DISTINCT imdb, season, episode FROM torrents WHERE type <> 'movie' AND imdb IS NOT NULL AND season IS NOT NULL",
    )
    .values() as Array<[number, number, number | null]>
  const queries: Array<Partial<SearchQuery>> = [
    ...movies.map(([imdb]) => ({ scope: 'movies' as const, imdb })),
    ...tmdbs.map(([tmdb]) => ({ scope: 'movies' as const, tmdb })),
    ...seasons.flatMap(([imdb, season, episode]) => [
      { scope: 'shows' as const, imdb },
      { scope: 'shows' as const, imdb, season },
      ...(episode === null ? [] : [{ scope: 'shows' as const, imdb, season, episode }]),
    ]),
  ]
  // A show and its seasons come once per episode above.
  return [...new Map(queries.map((query) => [JSON.stringify(query), query])).values()]
}

describe('id searches in a ranking order', () => {
  test('give the pages and counts of the same search sorted whole in SQL', () => {
    const queries = idQueries()
    expect(queries.length).toBeGreaterThan(20)
    let hits = 0
    for (const overrides of queries) {
      for (const page of PAGES) {
        const query = baseQuery({ ...overrides, ...page })
        const byPositions = search(fixture.snapshot.db, { ...query, processing: UNFILTERED })
        const sorted = search(fixture.snapshot.db, { ...query, processing: SORTED_IN_SQL })
        expect(byPositions.items.map((hit) => hit.info_hash)).toEqual(sorted.items.map((hit) => hit.info_hash))
        expect(byPositions.total).toBe(sorted.total)
        hits += byPositions.items.length
      }
    }
    expect(hits).toBeGreaterThan(100)
  })

  test('under exclude rules (rows tested in chunks) give the pages and counts of the same rules sorted in SQL', () => {
    const excludes: ResultProcessing['custom_rules'] = [
      { enabled: true, field: 'title', operator: 'contains', value: 'ita', action: 'exclude' },
      { enabled: true, field: 'seeders', operator: 'lte', value: 3, action: 'exclude' },
    ]
    const byPositions: ResultProcessing = { preset: 'custom', custom_rules: excludes }
    const sortedInSql: ResultProcessing = { preset: 'custom', custom_rules: [...excludes, ...SORTED_IN_SQL.custom_rules] }
    let hits = 0
    for (const overrides of idQueries()) {
      for (const page of [...PAGES, { offset: 0, limit: 1, totalCap: 0 }] as Array<{ offset: number; limit: number; totalCap?: number }>) {
        const query = baseQuery({ ...overrides, ...page })
        const ours = search(fixture.snapshot.db, { ...query, processing: byPositions })
        const sql = search(fixture.snapshot.db, { ...query, processing: sortedInSql })
        expect(ours.items.map((hit) => hit.info_hash)).toEqual(sql.items.map((hit) => hit.info_hash))
        expect(ours.total).toBe(page.totalCap === 0 ? Math.min(sql.total, 2) : sql.total)
        hits += ours.items.length
      }
    }
    expect(hits).toBeGreaterThan(20)
  })

  test('a count cut short at one past the page says "more" exactly when more exist', () => {
    for (const overrides of idQueries()) {
      const query = baseQuery({ ...overrides, offset: 0, limit: 2, totalCap: 0 })
      const all = search(fixture.snapshot.db, { ...query, limit: 100, processing: SORTED_IN_SQL }).total
      expect(search(fixture.snapshot.db, { ...query, processing: UNFILTERED }).total).toBe(Math.min(all, 3))
    }
  })
})

describe('a filter that drops most of a big show', () => {
  // One season of 300 releases (plus files naming 100 packs), of which the rules keep one in twenty:
  // the candidates are tested in growing chunks, several of them for every page.
  const directory = mkdtempSync(join(tmpdir(), 'icvdb-ranked-ids-'))
  const torrents = Array.from({ length: 300 }, (_, i) => ({
    info_hash: hashOf(`big-show-${i}`),
    title: i % 3 === 0 ? `Big Show S01 Pack ${i}` : `Big Show S01E${(i % 40) + 1} ${i}`,
    type: 'series',
    imdb: 'tt0000042',
    seeders: i % 20 === 0 ? 10 + (i % 7) : i % 4,
    uploaded: 1_700_000_000 + (i % 11) * 3_600,
  }))
  const files = torrents
    .filter((_, i) => i % 3 === 0)
    .flatMap((torrent) => [1, 2, 3].map((episode) => ({ info_hash: torrent.info_hash, imdb: 'tt0000042', season: 1, episode })))
  const snapshot = buildSnapshot(directory, { torrents, files })
  afterAll(() => {
    snapshot.db.close()
    rmSync(directory, { recursive: true, force: true })
  })
  const excludes: ResultProcessing['custom_rules'] = [{ enabled: true, field: 'seeders', operator: 'lte', value: 3, action: 'exclude' }]

  test('pages and counts equal the whole-result SQL sort, for the season, an episode and the show', () => {
    let hits = 0
    for (const overrides of [{ season: 1 }, { season: 1, episode: 2 }, {}] as Array<Partial<SearchQuery>>) {
      for (const page of [
        { offset: 0, limit: 1 },
        { offset: 3, limit: 4 },
        { offset: 10, limit: 100 },
      ]) {
        const query = baseQuery({ scope: 'shows', imdb: 42, ...overrides, ...page, totalCap: 0 })
        const ours = search(snapshot.db, { ...query, processing: { preset: 'custom', custom_rules: excludes } })
        const sql = search(snapshot.db, {
          ...query,
          processing: { preset: 'custom', custom_rules: [...excludes, ...SORTED_IN_SQL.custom_rules] },
        })
        expect(ours.items.map((hit) => hit.info_hash)).toEqual(sql.items.map((hit) => hit.info_hash))
        expect(ours.total).toBe(Math.min(sql.total, page.offset + page.limit + 1))
        hits += ours.items.length
      }
    }
    expect(hits).toBeGreaterThan(15)
  })
})
