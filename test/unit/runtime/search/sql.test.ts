import { afterAll, describe, expect, test } from 'bun:test'
import type { CatalogueSlice, SearchQuery } from '../../../../runtime/search/query.ts'
import { search } from '../../../../runtime/search/search.ts'
import { queryTokens } from '../../../../runtime/search/tokens.ts'
import { baseQuery, labelOf, openCatalogue } from './_catalogue.ts'

const catalogue = openCatalogue()
afterAll(() => catalogue.close())

const found = (overrides: Partial<SearchQuery>): string[] =>
  search(catalogue.snapshot.db, baseQuery(overrides))
    .items.map((hit) => labelOf(hit.info_hash))
    .sort()

const sorted = (labels: string[]) => [...labels].sort()

describe('t=tvsearch by IMDb id', () => {
  const shows = (imdb: number, season: number | null = null, episode: number | null = null) =>
    found({ scope: 'shows', imdb, season, episode })

  // The two Stagione packs carry no id; the crosswalk links them by the show's name (Show A → tt100).
  test('alone: every series/anime row of the id, with a files row of it or linked by its name, never other types', () => {
    expect(shows(100)).toEqual(
      sorted([
        'a_s01e01',
        'a_s01e02_e04',
        'a_s01_pack',
        'a_s10_pack',
        'a_s10e01',
        'a_s01_s03',
        'a_complete',
        'a_files_pack',
        'a_s02e05_sub',
        'a_anime',
        'mixed_pack',
        'a_stagione_2',
        'a_stagione_12',
      ]),
    )
  })

  test('season 1: own columns, title packs, ranges and complete series, never S10', () => {
    expect(shows(100, 1)).toEqual(sorted(['a_s01e01', 'a_s01e02_e04', 'a_s01_pack', 'a_s01_s03', 'a_complete', 'a_anime']))
  })

  test('season 10 does not match season 1 or a S01-S03 range', () => {
    expect(shows(100, 10)).toEqual(sorted(['a_s10_pack', 'a_s10e01', 'a_complete']))
  })

  test('episode: the episode, packs mapping it in files, ranges and complete series', () => {
    expect(shows(100, 2, 5)).toEqual(sorted(['a_s02e05_sub', 'a_files_pack', 'a_s01_s03', 'a_complete', 'a_stagione_2']))
  })

  test('a files row without an id falls back to the torrent id', () => {
    expect(shows(100, 2, 6)).toEqual(sorted(['a_files_pack', 'a_s01_s03', 'a_complete', 'a_stagione_2']))
    expect(shows(200, 4, 1)).toEqual(['mixed_pack'])
  })

  // pack_seasons answers this (files rows without an id, under the torrent's): not the show's own rows.
  test('a season is found through a files row without an id too, for packs of the show only', () => {
    expect(shows(200, 4)).toEqual(['mixed_pack'])
    expect(shows(100, 4)).toEqual(sorted(['a_complete']))
    expect(shows(100, 2)).toEqual(sorted(['a_s02e05_sub', 'a_files_pack', 'a_s01_s03', 'a_complete', 'a_stagione_2']))
  })

  test('a multi-episode title and a season pack contain the episodes they span', () => {
    expect(shows(100, 1, 3)).toEqual(sorted(['a_s01e02_e04', 'a_s01_pack', 'a_s01_s03', 'a_complete']))
  })

  test('a pack of another show is found through its files rows of this show only', () => {
    expect(shows(100, 3, 1)).toEqual(sorted(['mixed_pack', 'a_s01_s03', 'a_complete']))
    expect(shows(200, 3, 1)).toEqual(['b_s03e01'])
  })
})

describe('t=tvsearch by title and season', () => {
  const words = queryTokens('Show A')

  test('season evidence from the title (Stagione 2, not 12), own columns, ranges and any files row', () => {
    expect(found({ scope: 'shows', words, season: 2 })).toEqual(
      sorted(['a_stagione_2', 'a_s01_s03', 'a_complete', 'a_s02e05_sub', 'a_files_pack']),
    )
  })

  test('episode through a files row of the torrent', () => {
    expect(found({ scope: 'shows', words, season: 7, episode: 7 })).toEqual(sorted(['a_stagione_2', 'a_complete']))
  })

  test('a season without title or id still searches that season', () => {
    expect(found({ scope: 'shows', season: 12 })).toEqual(sorted(['a_stagione_12', 'a_complete']))
  })
})

describe('t=movie by id', () => {
  // m_film pairs tt1000 with TMDB 11, so the crosswalk adds m_tmdb_only (TMDB 11 alone) and
  // m_title_only (no id, "Film One" 2001 as only tt1000's rows name it) to either id.
  test('IMDb id by number, plus packs listing it in pack_files (with or without their own id), and the linked rows', () => {
    expect(found({ scope: 'movies', imdb: 1000 })).toEqual(
      sorted(['m_film', 'm_unpadded', 'm_pack', 'm_pack_noid', 'm_tmdb_only', 'm_title_only']),
    )
  })

  test('TMDB id: torrents.tmdb, and through the pair the IMDb-only rows, the packs and the linked rows', () => {
    expect(found({ scope: 'movies', tmdb: 11 })).toEqual(
      sorted(['m_film', 'm_tmdb_only', 'm_unpadded', 'm_pack', 'm_pack_noid', 'm_title_only']),
    )
  })

  test('several ids are ORed', () => {
    expect(found({ scope: 'movies', imdb: 1000, tmdb: 12 })).toEqual(
      sorted(['m_film', 'm_unpadded', 'm_pack', 'm_pack_noid', 'm_other', 'm_tmdb_only', 'm_title_only']),
    )
  })

  test('an unknown id finds nothing: there is no fallback to a title search', () => {
    expect(found({ scope: 'movies', imdb: 4242 })).toEqual([])
  })
})

describe('title words', () => {
  test('every word must match, whatever the case and separators', () => {
    expect(found({ words: queryTokens('FILM-one') })).toEqual(sorted(['m_film', 'm_unpadded', 'm_tmdb_only', 'm_title_only']))
  })

  test('accents do not matter', () => {
    expect(found({ words: queryTokens('liberta') })).toEqual(['m_libertà'])
    expect(found({ words: queryTokens('LIBERTÀ') })).toEqual(['m_libertà'])
  })

  test('FTS syntax in user text is plain words', () => {
    expect(found({ words: queryTokens('film NOT one') })).toEqual([])
    expect(found({ words: queryTokens('"film" OR* two') })).toEqual([])
    expect(found({ words: queryTokens('film two') })).toEqual(['m_other'])
  })
})

describe('categories (slices)', () => {
  const inSlices = (slices: CatalogueSlice[]) => found({ slices })

  test('a parent covers every resolution of its kind', () => {
    expect(inSlices([{ kind: 'movie' }])).toEqual(
      sorted(['m_film', 'm_unpadded', 'm_pack', 'm_pack_noid', 'm_other', 'm_tmdb_only', 'm_title_only', 'm_libertà']),
    )
    expect(inSlices([{ kind: 'television' }])).toContain('a_unknown')
    expect(inSlices([{ kind: 'television' }])).toContain('a_anime')
  })

  test('a subcategory narrows to one resolution', () => {
    expect(inSlices([{ kind: 'movie', resolution: 3 }])).toEqual(sorted(['m_unpadded', 'm_pack_noid']))
    expect(inSlices([{ kind: 'series', resolution: 3 }])).toEqual(['a_s02e05_sub'])
  })

  test('anime is its own slice, and TV subcategories leave anime out', () => {
    expect(inSlices([{ kind: 'anime' }])).toEqual(['a_anime'])
    expect(inSlices([{ kind: 'series', resolution: 2 }])).not.toContain('a_anime')
  })

  test('slices are ORed', () => {
    expect(inSlices([{ kind: 'anime' }, { kind: 'movie', resolution: 3 }])).toEqual(sorted(['a_anime', 'm_unpadded', 'm_pack_noid']))
  })

  test('no known slice at all is an empty result', () => {
    expect(search(catalogue.snapshot.db, baseQuery({ slices: [] }))).toEqual({ items: [], total: 0 })
  })
})
