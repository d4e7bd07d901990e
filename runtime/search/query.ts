/**
 * The search vocabulary shared by /api and /webapi/search: what to look for (SearchQuery) and what
 * comes back (SearchHit). Protocol-free: the Torznab adapter translates to and from it.
 */
import type { ResultProcessing } from '../settings/schema.ts'

/** Which torrent types a function searches: t=search, t=movie, t=tvsearch. */
export type SearchScope = 'everything' | 'movies' | 'shows'

/**
 * A part of the catalogue that a category names. `television` is every non-movie type (unknown
 * included), `series` is television without anime; `resolution` narrows it (1 SD, 2 HD, 3 UHD).
 */
export interface CatalogueSlice {
  kind: 'movie' | 'television' | 'series' | 'anime'
  resolution?: 1 | 2 | 3
}

export interface SearchQuery {
  scope: SearchScope
  /** Title words every hit must contain (case, accents and separators do not matter). */
  words: string[]
  /**
   * Words were asked for, but the text held no letter or digit (`q=!!!`, an emoji): no title can hold
   * them, so nothing matches (never the feed a query without words gives).
   */
  wordless?: boolean
  /** Numeric IMDb id (tt0111161 → 111161). */
  imdb: number | null
  tmdb: number | null
  season: number | null
  /** Only meaningful with a season. */
  episode: number | null
  /** Slices a hit must fall in (any of them); null = the whole catalogue. */
  slices: CatalogueSlice[] | null
  processing: ResultProcessing
  offset: number
  limit: number
  /**
   * Where a count that is cut short (RSS, title words in the default order, broad words, a bare
   * season, id searches in a ranking's order) stops: TOTAL_CAP of search.ts when absent, and never
   * before one past the page.
   */
  totalCap?: number
}

/** One torrent as search returns it. */
export interface SearchHit {
  info_hash: string
  title: string
  provider: string
  size: number | null
  type: string
  /** Unix seconds. */
  uploaded: number
  seeders: number | null
  imdb: number | null
  tmdb: number | null
  season: number | null
  episode: number | null
  season_first: number | null
  season_last: number | null
  episode_first: number | null
  episode_last: number | null
  resolution: 0 | 1 | 2 | 3
  languages: string | null
  subtitles: string | null
  score: number
}

export interface SearchResult {
  items: SearchHit[]
  /**
   * Every hit of the query; for RSS, title words, broad words, a bare season and id searches under a
   * ranking with a rank table counted up to a bound (SearchQuery.totalCap) when the result goes on.
   */
  total: number
}
