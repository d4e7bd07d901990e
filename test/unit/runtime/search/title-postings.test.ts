/**
 * Title words as in-memory rank lists (runtime/search/title-postings.ts): the galloping seek and the
 * intersection against naive versions, and title searches of several words (rankedTitles, and
 * positionedTitles under italian_preferred) against the same searches sorted whole in SQL through
 * FTS5's own MATCH, on a catalogue with common and rare words.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CatalogueSlice, SearchQuery } from '../../../../runtime/search/query.ts'
import { LISTED_FROM_OFFSET, search } from '../../../../runtime/search/search.ts'
import { postingsOf, RankBitmap, RankIntersection, seek, type RankList } from '../../../../runtime/search/title-postings.ts'
import type { ResultProcessing } from '../../../../runtime/settings/schema.ts'
import { Random } from '../../../bench/random.ts'
import { buildSnapshot, hashOf } from '../../../helpers/snapshot-rows.ts'
import { baseQuery } from './_catalogue.ts'

/** A strictly increasing list of values below `range`, each present with probability `density`. */
const sortedList = (random: Random, range: number, density: number): Uint32Array => {
  const values: number[] = []
  for (let value = 1; value < range; value++) if (random.chance(density)) values.push(value)
  return Uint32Array.from(values)
}

describe('seek', () => {
  test('finds the first index at or after `from` holding a value ≥ target, as a linear scan does', () => {
    const random = new Random('seek')
    for (let round = 0; round < 200; round++) {
      const list = sortedList(random, random.between(1, 400), random.pick([0.01, 0.2, 0.9]))
      for (let probe = 0; probe < 20; probe++) {
        const from = random.between(0, list.length)
        const target = random.between(0, 420)
        let linear = from
        while (linear < list.length && list[linear] < target) linear++
        expect(seek(list, from, target)).toBe(linear)
      }
    }
  })
})

describe('RankBitmap', () => {
  test('ceiling gives the least rank ≥ target, as a linear scan of the array does, across word boundaries', () => {
    const random = new Random('bitmap')
    for (let round = 0; round < 200; round++) {
      const list = sortedList(random, random.between(2, 300), random.pick([0.01, 0.2, 0.9, 1]))
      if (list.length === 0) continue
      const bitmap = RankBitmap.of(list)
      expect(bitmap.length).toBe(list.length)
      expect([...bitmap]).toEqual([...list])
      for (let target = 0; target < 320; target += random.between(1, 7))
        expect(bitmap.ceiling(target)).toBe(list.find((value) => value >= target) ?? -1)
    }
    // Rank 31 and 63 set the sign bit of their 32-bit word.
    expect([...RankBitmap.of([31, 32, 63, 64])]).toEqual([31, 32, 63, 64])
  })
})

describe('RankIntersection', () => {
  const naive = (lists: RankList[]): number[] => {
    if (lists.length === 0) return []
    const others = lists.slice(1).map((list) => new Set<number>(list))
    return [...lists[0]].filter((value) => others.every((set) => set.has(value)))
  }

  test('gives the values every list holds, ascending, however it is asked (one to five lists, any sizes)', () => {
    const random = new Random('intersection')
    for (let round = 0; round < 300; round++) {
      const range = random.between(1, 3000)
      // Common words come as bitmaps: any mix of both forms.
      const lists = Array.from({ length: random.between(1, 5) }, (): RankList => {
        const list = sortedList(random, range, random.pick([0.001, 0.05, 0.3, 0.8, 1]))
        return list.length > 0 && random.chance(0.5) ? RankBitmap.of(list) : list
      })
      const expected = naive(lists)
      const cursor = new RankIntersection(lists)
      const got: number[] = []
      for (let chunk = cursor.next(random.between(1, 50)); chunk.length > 0; chunk = cursor.next(random.between(1, 50))) got.push(...chunk)
      expect(got).toEqual(expected)
      expect(cursor.next(10)).toEqual([])
    }
  })

  test('an empty list, or no list, has nothing in common', () => {
    expect(new RankIntersection([Uint32Array.of(1, 2, 3), new Uint32Array(0)]).next(5)).toEqual([])
    expect(new RankIntersection([]).next(5)).toEqual([])
  })

  test('stops at the count asked and goes on from there', () => {
    const cursor = new RankIntersection([Uint32Array.of(1, 2, 3, 5, 8, 13), Uint32Array.of(2, 3, 4, 5, 6, 7, 8, 9, 13)])
    expect(cursor.next(2)).toEqual([2, 3])
    expect(cursor.next(1)).toEqual([5])
    expect(cursor.next(9)).toEqual([8, 13])
  })
})

describe('title searches through rank lists', () => {
  // Words of every frequency: "the" and "di" in most titles, names in a few, pairs that rarely meet.
  const random = new Random('title-postings')
  const COMMON = ['the', 'di', 'la']
  const NAMES = ['quiet', 'family', 'blue', 'hunter', 'vigata', 'roma', 'winter', 'signal', 'harbor', 'mercer']
  const MARKERS = ['ITA', 'ENG', 'MULTI', 'SUB ITA', '1080p', '720p', '2160p', '']
  const torrents = Array.from({ length: 900 }, (_, i) => {
    const words = [...COMMON.filter(() => random.chance(0.6)), ...NAMES.filter(() => random.chance(0.25)), random.pick(MARKERS)]
    return {
      info_hash: hashOf(`title-postings-${i}`),
      title: `${words.join(random.pick([' ', '.', '_']))} ${i}`,
      type: random.pick(['movie', 'series', 'anime', 'unknown']),
      seeders: random.chance(0.1) ? null : random.between(0, 40),
      uploaded: 1_700_000_000 + random.between(0, 500) * 3_600,
    }
  })
  const directory = mkdtempSync(join(tmpdir(), 'icvdb-title-postings-'))
  const snapshot = buildSnapshot(directory, { torrents, files: [] })
  afterAll(() => {
    snapshot.db.close()
    rmSync(directory, { recursive: true, force: true })
  })

  // Scores nothing (× 0), but a score rule takes the path that sorts the whole result in SQL (FTS5 MATCH).
  const SORT_IN_SQL = [
    { enabled: true, field: 'title', operator: 'contains', value: 'a', action: 'score', score: 0 },
  ] as ResultProcessing['custom_rules']
  const EXCLUDES = [{ enabled: true, field: 'seeders', operator: 'lte', value: 30, action: 'exclude' }] as ResultProcessing['custom_rules']
  // Audio class of each release: 0 Italian, 1 MULTI/DUAL, 2 other (product.md §6's 100 / 25 / 0).
  const audio = new Map(
    snapshot.db
      .query('SELECT info_hash, CASE WHEN audio_ita = 1 THEN 0 WHEN multi_audio = 1 THEN 1 ELSE 2 END FROM torrents')
      .values() as Array<[string, number]>,
  )
  const byAudio = (hashes: string[]): string[] => [0, 1, 2].flatMap((kind) => hashes.filter((hash) => audio.get(hash) === kind))
  // Each ranking, the rules that sort the same search whole in SQL (default order), and what the ranking makes of that.
  const RANKINGS: Array<[string, ResultProcessing, ResultProcessing['custom_rules'], (hashes: string[]) => string[]]> = [
    ['unfiltered', { preset: 'unfiltered', custom_rules: [] }, SORT_IN_SQL, (hashes) => hashes],
    ['italian_only', { preset: 'italian_only', custom_rules: [] }, SORT_IN_SQL, (hashes) => hashes.filter((hash) => audio.get(hash) === 0)],
    ['excludes', { preset: 'custom', custom_rules: EXCLUDES }, [...EXCLUDES, ...SORT_IN_SQL], (hashes) => hashes],
    // A stable partition of the default order by audio class (runtime/importer/rank-order.ts).
    ['italian_preferred', { preset: 'italian_preferred', custom_rules: [] }, SORT_IN_SQL, byAudio],
  ]
  const WORDS = [
    ['quiet'],
    ['the'],
    ['the', 'di'],
    ['the', 'quiet', 'family'],
    ['di', 'la', 'vigata'],
    ['blue', 'hunter'],
    ['quiet', 'family', 'blue', 'hunter', 'roma'],
    ['the', 'nowhere'],
    ['mercer', 'the', 'la', 'di'],
  ]
  const NARROWING: Array<Partial<SearchQuery>> = [
    {},
    { scope: 'movies' },
    { scope: 'shows', slices: [{ kind: 'series', resolution: 2 }] as CatalogueSlice[] },
  ]
  // Past LISTED_FROM_OFFSET a single word is read from its list as well.
  const PAGES = [
    { offset: 0, limit: 100 },
    { offset: 0, limit: 3 },
    { offset: 5, limit: 7 },
    { offset: 40, limit: 20, totalCap: 0 },
    { offset: LISTED_FROM_OFFSET, limit: 30 },
  ]

  test('give the pages and counts of the same searches sorted whole in SQL, under every ranking and filter', () => {
    let hits = 0
    let deepHits = 0
    for (const [name, processing, sortRules, reorder] of RANKINGS) {
      for (const words of WORDS) {
        for (const narrowing of NARROWING) {
          const whole = search(snapshot.db, {
            ...baseQuery({ words, ...narrowing, limit: 10_000 }),
            processing: { preset: 'custom', custom_rules: sortRules },
          })
          const expected = reorder(whole.items.map((hit) => hit.info_hash))
          for (const page of PAGES) {
            const byLists = search(snapshot.db, { ...baseQuery({ words, ...narrowing, ...page }), processing })
            const context = `${name} ${words.join(' ')} ${JSON.stringify(narrowing)} ${JSON.stringify(page)}`
            expect(`${context}: ${byLists.items.map((hit) => hit.info_hash).join(' ')}`).toBe(
              `${context}: ${expected.slice(page.offset, page.offset + page.limit).join(' ')}`,
            )
            // Counted up to the cap, or exactly where every hit is listed (italian_preferred without a filter).
            const cap =
              name === 'italian_preferred' && !narrowing.scope ? Infinity : Math.max(page.totalCap ?? 1000, page.offset + page.limit + 1)
            expect(`${context}: ${byLists.total}`).toBe(`${context}: ${Math.min(expected.length, cap)}`)
            hits += byLists.items.length
            if (words.length === 1 && page.offset >= LISTED_FROM_OFFSET) deepHits += byLists.items.length
          }
        }
      }
    }
    expect(hits).toBeGreaterThan(1000)
    expect(deepHits).toBeGreaterThan(0)
  })

  test('a word list is read from the FTS index once per handle and equals what MATCH returns', () => {
    const [first] = postingsOf(snapshot.db, ['quiet'])
    expect(postingsOf(snapshot.db, ['quiet'])[0]).toBe(first)
    const ranks = snapshot.db.query(`SELECT rowid FROM torrents_fts WHERE torrents_fts MATCH '"quiet"' ORDER BY rowid`).values() as Array<
      [number]
    >
    expect([...first]).toEqual(ranks.map(([rank]) => rank))
  })

  test('a word in more than 1 title in 32 is kept as a bitmap (1 bit a title) holding the same ranks', () => {
    const [common] = postingsOf(snapshot.db, ['the'])
    expect(common).toBeInstanceOf(RankBitmap)
    const ranks = snapshot.db.query(`SELECT rowid FROM torrents_fts WHERE torrents_fts MATCH '"the"' ORDER BY rowid`).values() as Array<
      [number]
    >
    expect([...common]).toEqual(ranks.map(([rank]) => rank))
    expect(postingsOf(snapshot.db, ['mercer'])[0]).toBeInstanceOf(RankBitmap)
  })
})
