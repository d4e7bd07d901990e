/**
 * Torznab parameters → SearchQuery: which parameters each function honours comes from SUPPORTED_PARAMS,
 * categories become catalogue slices, daily-show dates become title words.
 */
import type { CatalogueSlice, SearchQuery, SearchScope } from '../search/query.ts'
import { queryTokens } from '../search/tokens.ts'
import type { ResultProcessing } from '../settings/schema.ts'
import * as C from './categories.ts'
import { PARAM, SUPPORTED_PARAMS, type SearchFunction, type TorznabRequest } from './params.ts'

const SCOPES: Record<SearchFunction, SearchScope> = { search: 'everything', tvsearch: 'shows', movie: 'movies' }

const SLICES = new Map<number, CatalogueSlice>([
  [C.MOVIES, { kind: 'movie' }],
  [C.MOVIES_SD, { kind: 'movie', resolution: 1 }],
  [C.MOVIES_HD, { kind: 'movie', resolution: 2 }],
  [C.MOVIES_UHD, { kind: 'movie', resolution: 3 }],
  [C.TV, { kind: 'television' }],
  [C.TV_SD, { kind: 'series', resolution: 1 }],
  [C.TV_HD, { kind: 'series', resolution: 2 }],
  [C.TV_UHD, { kind: 'series', resolution: 3 }],
  [C.TV_ANIME, { kind: 'anime' }],
])

/** Unknown categories are ignored; only unknown ones leave an empty list (an empty result). */
const slicesOf = (cat: number[] | null): CatalogueSlice[] | null =>
  cat === null ? null : cat.flatMap((id) => (SLICES.has(id) ? [SLICES.get(id) as CatalogueSlice] : []))

const two = (n: number) => String(n).padStart(2, '0')

/**
 * Only identifiers the function does not honour (t=tvsearch&tvdbid=81189&season=2&ep=5) and no q:
 * dropping them would answer S02E05 of every show, so nothing may match (torznab-clients.md §G).
 */
const onlyUnhonouredIds = (request: TorznabRequest, honours: (name: string) => boolean): boolean =>
  request.ids.length > 0 && !request.ids.some(honours) && !request.q

const ABSOLUTE_EPISODE = /^\d{1,4}$/

export const toSearchQuery = (request: TorznabRequest, processing: ResultProcessing): SearchQuery => {
  const t = (request.t in SCOPES ? request.t : 'search') as SearchFunction
  const honours = (name: string) => SUPPORTED_PARAMS[t].includes(name)
  const imdb = honours(PARAM.imdbid) ? request.imdbid : null
  const tmdb = honours(PARAM.tmdbid) ? request.tmdbid : null
  // An id identifies the title better than any spelling of it, so q only matters without one, except
  // a bare number on a TV search: Sonarr searches an anime episode as its ids plus the absolute number
  // (`imdbid=…&q=30`), and a show of thousands of releases would fill its 1,000 results with others.
  const text = request.q?.trim() ?? ''
  const absolute = t === 'tvsearch' && ABSOLUTE_EPISODE.test(text)
  const q = (imdb === null && tmdb === null) || absolute ? text : ''
  let words = q ? queryTokens(q) : []
  const wordless = q !== '' && words.length === 0
  let season = honours(PARAM.season) ? request.season : null
  const ep = honours(PARAM.ep) && season !== null ? request.ep : null
  let episode = ep && 'number' in ep ? ep.number : null
  if (ep && 'month' in ep) {
    // Daily shows (season=YYYY&ep=MM/DD): titles carry the air date, e.g. Show.2024.05.23.
    words = [...words, String(season), two(ep.month), two(ep.day)]
    season = null
    episode = null
  }
  const { limit, offset } = request
  // An empty list of slices matches nothing (search.ts answers it without a statement).
  const slices = onlyUnhonouredIds(request, honours) ? [] : slicesOf(request.cat)
  return { scope: SCOPES[t], words, ...(wordless && { wordless }), imdb, tmdb, season, episode, slices, processing, limit, offset }
}

/**
 * Torznab counts a cut-short result only one past the page: its clients stop paging at a short page
 * and never read `total` (torznab-clients.md), and counting a common word's thousand hits would cost
 * a title search ~40% more than finding its page. The web UI keeps the larger count it shows.
 */
const FEED_TOTAL_CAP = 0

/** The query a Torznab feed runs (the explain report analyses the same one). */
export const feedQuery = (request: TorznabRequest, processing: ResultProcessing): SearchQuery => ({
  ...toSearchQuery(request, processing),
  totalCap: FEED_TOTAL_CAP,
})
