import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deriveTorrent } from '../../../../runtime/search/derive.ts'
import type { SearchQuery } from '../../../../runtime/search/query.ts'
import { BROAD_MATCHES, findTorrent, search, TOTAL_CAP } from '../../../../runtime/search/search.ts'
import { queryTokens } from '../../../../runtime/search/tokens.ts'
import type { CustomRule, ResultProcessing } from '../../../../runtime/settings/schema.ts'
import { buildSnapshot, hashOf, type TorrentRow } from '../../../helpers/snapshot-rows.ts'
import { baseQuery } from './_catalogue.ts'

// 150 releases with many ties (seeders, upload day) and every marker, so order and paging are tested
// where they are hardest: equal scores, equal seeders, NULL seeders, equal dates.
const MARKERS = ['ITA', 'SUB.ITA', 'MULTI', 'DUAL', 'ENG', 'iTALiAN', 'ITA.ENG', '[SUB ITA]', 'CAM.ITA', '']
const TYPES = ['movie', 'series', 'anime', 'unknown']
const rows: TorrentRow[] = Array.from({ length: 150 }, (_, i) => ({
  info_hash: hashOf(`release-${i}`),
  title: `Release ${i} Common ${MARKERS[i % MARKERS.length]} ${i % 3 === 0 ? '1080p' : '720p'}`,
  type: TYPES[i % 4],
  provider: i % 5 === 0 ? 'Knaben (1337x)' : 'ilcorsaronero',
  seeders: i % 7 === 0 ? null : (i * 37) % 11,
  size: i % 9 === 0 ? null : 1_000_000 * ((i * 13) % 17),
  uploaded: 1_700_000_000 + ((i * 7) % 10) * 86_400,
}))

const directory = mkdtempSync(join(tmpdir(), 'icvdb-search-order-'))
const snapshot = buildSnapshot(directory, { torrents: rows })
afterAll(() => {
  snapshot.db.close()
  rmSync(directory, { recursive: true, force: true })
})

const CUSTOM_RULES: CustomRule[] = [
  { enabled: true, field: 'title', operator: 'contains', value: 'cam', action: 'exclude' },
  { enabled: true, field: 'provider', operator: 'equals', value: 'KNABEN (1337X)', action: 'score', score: 30 },
  { enabled: true, field: 'seeders', operator: 'gte', value: 5, action: 'score', score: 7.5 },
  { enabled: true, field: 'size', operator: 'lte', value: 3_000_000, action: 'score', score: -20 },
  { enabled: false, field: 'title', operator: 'contains', value: 'release', action: 'exclude' },
]

const PRESETS: ResultProcessing[] = [
  { preset: 'unfiltered', custom_rules: [] },
  { preset: 'italian_preferred', custom_rules: [] },
  { preset: 'italian_only', custom_rules: [] },
  { preset: 'custom', custom_rules: CUSTOM_RULES },
]

/** An independent model of product.md §6: filter, score, then score/seeders/date/hash order. */
const expected = (processing: ResultProcessing, keep: (row: TorrentRow) => boolean = () => true, list = rows): string[] => {
  const scored = list.filter(keep).flatMap((row) => {
    const derived = deriveTorrent(row.title)
    const fold = row.title.toLowerCase()
    let score = 0
    if (processing.preset === 'italian_only' && !derived.audio_ita) return []
    if (processing.preset === 'italian_preferred') score = derived.audio_ita ? 100 : derived.multi_audio ? 25 : 0
    if (processing.preset === 'custom') {
      if (fold.includes('cam')) return []
      if (row.provider === 'Knaben (1337x)') score += 30
      if (row.seeders != null && row.seeders >= 5) score += 7.5
      if (row.size != null && row.size <= 3_000_000) score -= 20
    }
    return [{ row, score }]
  })
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      (b.row.seeders ?? -1) - (a.row.seeders ?? -1) ||
      (b.row.uploaded as number) - (a.row.uploaded as number) ||
      (a.row.info_hash < b.row.info_hash ? -1 : 1),
  )
  return scored.map(({ row }) => row.info_hash)
}

const hashes = (query: Partial<SearchQuery>) => search(snapshot.db, baseQuery(query)).items.map((hit) => hit.info_hash)

/** Walks every page of `size` and returns the concatenation. */
const walk = (query: Partial<SearchQuery>, size: number): string[] => {
  const seen: string[] = []
  for (let offset = 0; ; offset += size) {
    const page = hashes({ ...query, offset, limit: size })
    seen.push(...page)
    if (page.length < size) return seen
  }
}

describe('ranked order (one SQL statement over the whole result)', () => {
  test.each(PRESETS.map((processing) => [processing.preset, processing] as const))(
    '%s: score, seeders (NULL last), newest, info hash',
    (_, processing) => {
      expect(hashes({ words: queryTokens('release'), processing })).toEqual(expected(processing))
    },
  )

  test.each(PRESETS.map((processing) => [processing.preset, processing] as const))(
    '%s: pages of 7 concatenate to the whole result, no duplicates, no gaps',
    (_, processing) => {
      const all = expected(processing)
      const pages = walk({ words: queryTokens('common'), processing }, 7)
      expect(pages).toEqual(all)
      expect(new Set(pages).size).toBe(all.length)
    },
  )

  test.each(PRESETS.map((processing) => [processing.preset, processing] as const))(
    '%s: total counts the whole filtered result on every page',
    (_, processing) => {
      for (const offset of [0, 50, 140, 1000]) {
        const result = search(snapshot.db, baseQuery({ words: queryTokens('release'), processing, offset, limit: 10 }))
        expect(result.total).toBe(expected(processing).length)
      }
    },
  )

  test('an offset past the end is an empty page with the right total', () => {
    expect(search(snapshot.db, baseQuery({ words: queryTokens('release'), offset: 500, limit: 10 }))).toEqual({ items: [], total: 150 })
  })
})

describe('recent releases (no words, no id, no season)', () => {
  const newest = (keep: (row: TorrentRow) => boolean) =>
    rows
      .filter(keep)
      .sort((a, b) => (b.uploaded as number) - (a.uploaded as number) || (a.info_hash < b.info_hash ? -1 : 1))
      .map((row) => row.info_hash)

  test('t=search: every type, newest first, ties by info hash, whatever the preset scores', () => {
    expect(hashes({})).toEqual(newest(() => true))
    expect(hashes({ processing: PRESETS[1] })).toEqual(newest(() => true))
  })

  test('t=movie and t=tvsearch: only their types, newest first', () => {
    expect(hashes({ scope: 'movies' })).toEqual(newest((row) => row.type === 'movie'))
    expect(hashes({ scope: 'shows' })).toEqual(newest((row) => row.type === 'series' || row.type === 'anime'))
  })

  test('hard filters still apply: italian_only, custom excludes, categories', () => {
    expect(hashes({ processing: PRESETS[2] })).toEqual(newest((row) => deriveTorrent(row.title).audio_ita === 1))
    expect(hashes({ processing: PRESETS[3] })).toEqual(newest((row) => !row.title.toLowerCase().includes('cam')))
    expect(hashes({ slices: [{ kind: 'anime' }] })).toEqual(newest((row) => row.type === 'anime'))
  })

  test('pages of 9 concatenate to the whole feed', () => {
    expect(walk({ scope: 'shows' }, 9)).toEqual(newest((row) => row.type === 'series' || row.type === 'anime'))
  })

  test('total is exact below the count cap', () => {
    expect(search(snapshot.db, baseQuery({ limit: 5 })).total).toBe(150)
  })

  test('over a large feed, total stops at the cap, or one past the requested page when deeper', () => {
    const big = mkdtempSync(join(tmpdir(), 'icvdb-search-cap-'))
    const count = TOTAL_CAP + 50
    const many = buildSnapshot(big, {
      torrents: Array.from({ length: count }, (_, i) => ({
        info_hash: hashOf(`many-${i}`),
        title: `Many ${i}`,
        uploaded: 1_600_000_000 + i,
      })),
    })
    try {
      expect(search(many.db, baseQuery({ limit: 100 })).total).toBe(TOTAL_CAP)
      expect(search(many.db, baseQuery({ offset: TOTAL_CAP - 60, limit: 100 })).total).toBe(TOTAL_CAP + 41)
      expect(search(many.db, baseQuery({ offset: count - 10, limit: 100 }))).toMatchObject({ total: count })
      expect(search(many.db, baseQuery({ offset: count - 10, limit: 100 })).items).toHaveLength(10)
      // Title words in the default order count the same way (runtime/search/search.ts rankedTitles).
      expect(search(many.db, baseQuery({ words: queryTokens('many'), limit: 1 })).total).toBe(TOTAL_CAP)
      expect(search(many.db, baseQuery({ words: queryTokens('many'), offset: count - 10, limit: 100 })).total).toBe(count)
      // A smaller cap (Torznab asks for 0) counts only one past the page, and still exactly at the end.
      expect(search(many.db, baseQuery({ totalCap: 0, limit: 100 })).total).toBe(101)
      expect(search(many.db, baseQuery({ totalCap: 0, words: queryTokens('many'), offset: 200, limit: 50 })).total).toBe(251)
      expect(search(many.db, baseQuery({ totalCap: 0, words: queryTokens('many'), offset: count - 10, limit: 100 })).total).toBe(count)
    } finally {
      many.db.close()
      rmSync(big, { recursive: true, force: true })
    }
  })
})

describe('a season without id or words (the first rows of the ranking index, then a full sort)', () => {
  const shows: TorrentRow[] = rows.map((row, i) => ({
    ...row,
    title: `Show ${i % 9} S0${1 + (i % 3)}E0${1 + (i % 4)} ${MARKERS[i % MARKERS.length]}`,
    type: 'series',
  }))
  const showDirectory = mkdtempSync(join(tmpdir(), 'icvdb-search-season-'))
  const showSnapshot = buildSnapshot(showDirectory, { torrents: shows })
  afterAll(() => {
    showSnapshot.db.close()
    rmSync(showDirectory, { recursive: true, force: true })
  })
  const seasonOne = (row: TorrentRow) => row.title.includes(' S01E')

  test.each(PRESETS.map((processing) => [processing.preset, processing] as const))(
    '%s: pages of 7 are the ranked order of the whole result',
    (_, processing) => {
      const all = expected(processing, seasonOne, shows)
      const seen: string[] = []
      for (let offset = 0; offset <= all.length; offset += 7) {
        const page = search(showSnapshot.db, baseQuery({ scope: 'shows', season: 1, processing, offset, limit: 7 }))
        expect(page.total).toBe(all.length)
        seen.push(...page.items.map((hit) => hit.info_hash))
      }
      expect(seen).toEqual(all)
    },
  )

  test('an episode narrows it the same way', () => {
    const unfiltered: ResultProcessing = { preset: 'unfiltered', custom_rules: [] }
    const hits = search(showSnapshot.db, baseQuery({ scope: 'shows', season: 1, episode: 2, processing: unfiltered, limit: 5 }))
    expect(hits.items.map((hit) => hit.info_hash)).toEqual(expected(unfiltered, (row) => row.title.includes(' S01E02'), shows).slice(0, 5))
  })
})

describe('broad title words (matching at least BROAD_MATCHES titles)', () => {
  // Enough rows for the broad plan, with ties in seeders and dates, NULL seeders, and types.
  const count = BROAD_MATCHES + 300
  const wide: TorrentRow[] = Array.from({ length: count }, (_, i) => ({
    info_hash: hashOf(`wide-${i}`),
    title: `${i % 7 === 0 ? 'Wìde' : 'Wide'} ${i % 3 === 0 ? 'ITA' : 'ENG'} ${i % 2 === 0 ? 'rare' : 'x'}`,
    type: i % 4 === 0 ? 'movie' : 'series',
    seeders: i % 11 === 0 ? null : i % 13,
    uploaded: 1_600_000_000 + (i % 17) * 86_400,
  }))
  const order = (keep: (row: TorrentRow) => boolean) =>
    wide
      .filter(keep)
      .sort(
        (a, b) =>
          (b.seeders ?? -1) - (a.seeders ?? -1) || (b.uploaded as number) - (a.uploaded as number) || (a.info_hash < b.info_hash ? -1 : 1),
      )
      .map((row) => row.info_hash)
  const directory = mkdtempSync(join(tmpdir(), 'icvdb-search-broad-'))
  let db: ReturnType<typeof buildSnapshot>['db']
  beforeAll(() => {
    db = buildSnapshot(directory, { torrents: wide }).db
  })
  afterAll(() => {
    db.close()
    rmSync(directory, { recursive: true, force: true })
  })

  test('pages in the same order as a full sort, for unfiltered and italian_only, with filters', () => {
    const page = (query: Partial<SearchQuery>) => search(db, baseQuery({ words: queryTokens('wide'), ...query }))
    expect(page({ limit: 200 }).items.map((hit) => hit.info_hash)).toEqual(order(() => true).slice(0, 200))
    expect(page({ limit: 100, offset: 5000 }).items.map((hit) => hit.info_hash)).toEqual(order(() => true).slice(5000, 5100))
    const italian: ResultProcessing = { preset: 'italian_only', custom_rules: [] }
    expect(page({ limit: 50, offset: 1000, processing: italian }).items.map((hit) => hit.info_hash)).toEqual(
      order((row) => row.title.includes('ITA')).slice(1000, 1050),
    )
    const preferred: ResultProcessing = { preset: 'italian_preferred', custom_rules: [] }
    const italianFirst = [...order((row) => row.title.includes('ITA')), ...order((row) => !row.title.includes('ITA'))]
    expect(page({ limit: 100, offset: 6800, processing: preferred }).items.map((hit) => hit.info_hash)).toEqual(
      italianFirst.slice(6800, 6900),
    )
    expect(page({ limit: 50, scope: 'movies' }).items.map((hit) => hit.info_hash)).toEqual(
      order((row) => row.type === 'movie').slice(0, 50),
    )
  })

  test('counts up to the cap, or one past a deeper page, and exactly at the end', () => {
    const page = (query: Partial<SearchQuery>) => search(db, baseQuery({ words: queryTokens('wide'), ...query }))
    expect(page({ limit: 100 }).total).toBe(TOTAL_CAP)
    expect(page({ limit: 100, offset: 5000 }).total).toBe(5101)
    expect(page({ limit: 100, offset: count - 50 })).toMatchObject({ total: count })
  })

  test('in the default order, words are counted up to the cap unless the page ends the result', () => {
    const page = (query: Partial<SearchQuery>) => search(db, baseQuery({ words: queryTokens('rare'), ...query }))
    const rare = (row: TorrentRow) => row.title.endsWith('rare')
    expect(page({ limit: 100, offset: 2000 })).toMatchObject({ total: 2101 })
    expect(page({ limit: 100, offset: 2000 }).items.map((hit) => hit.info_hash)).toEqual(order(rare).slice(2000, 2100))
    const movies = page({ limit: 30, offset: 40, scope: 'movies' })
    expect(movies.items.map((hit) => hit.info_hash)).toEqual(order((row) => rare(row) && row.type === 'movie').slice(40, 70))
    expect(movies.total).toBe(TOTAL_CAP)
    const lastMovies = order((row) => rare(row) && row.type === 'movie').length
    expect(page({ limit: 100, offset: lastMovies - 5, scope: 'movies' })).toMatchObject({ total: lastMovies })
    expect(search(db, baseQuery({ words: queryTokens('wide rare'), limit: 1 })).total).toBe(TOTAL_CAP)
  })

  test('words under a ranking that scores are counted exactly', () => {
    const rules: ResultProcessing = {
      preset: 'custom',
      custom_rules: [{ enabled: true, field: 'title', operator: 'contains', value: 'eng', action: 'score', score: 1 }],
    }
    const result = search(db, baseQuery({ words: queryTokens('wide'), limit: 3, processing: rules }))
    expect(result.total).toBe(count)
    expect(result.items.map((hit) => hit.score)).toEqual([1, 1, 1])
  })
})

describe('findTorrent', () => {
  test('finds a release by info hash in any case', () => {
    expect(findTorrent(snapshot.db, hashOf('release-3').toUpperCase())?.title).toBe(rows[3].title)
  })

  test('returns null for an unknown hash', () => {
    expect(findTorrent(snapshot.db, 'f'.repeat(40))).toBeNull()
  })
})
