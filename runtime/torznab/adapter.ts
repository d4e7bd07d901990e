/**
 * The only bridge between Torznab and search: a request becomes a SearchQuery (which parameters each
 * function honours comes from SUPPORTED_PARAMS), and a hit becomes a feed item or a /webapi item.
 */
import type { Database } from 'bun:sqlite'
import type { OpenSnapshot } from '../db/database.ts'
import type { SearchPool } from '../search/search-pool.ts'
import { findTorrent, searchOrEmpty } from '../search/search.ts'
import type { CatalogueSlice, SearchHit, SearchQuery, SearchResult, SearchScope } from '../search/query.ts'
import { queryTokens } from '../search/tokens.ts'
import type { ResultProcessing } from '../settings/schema.ts'
import * as C from './categories.ts'
import { TorznabError } from './errors.ts'
import { renderFeed, type FeedItem } from './feed.ts'
import type { Links } from './links.ts'
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

export const toSearchQuery = (request: TorznabRequest, processing: ResultProcessing): SearchQuery => {
  const t = (request.t in SCOPES ? request.t : 'search') as SearchFunction
  const honours = (name: string) => SUPPORTED_PARAMS[t].includes(name)
  const imdb = honours(PARAM.imdbid) ? request.imdbid : null
  const tmdb = honours(PARAM.tmdbid) ? request.tmdbid : null
  // An id identifies the title better than any spelling of it, so q only matters without one.
  let words = imdb === null && tmdb === null && request.q ? queryTokens(request.q) : []
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
  return { scope: SCOPES[t], words, imdb, tmdb, season, episode, slices: slicesOf(request.cat), processing, limit, offset }
}

/** Parent and, when the title tells the resolution, subcategory. */
export const categoriesOf = (hit: Pick<SearchHit, 'type' | 'resolution'>): number[] => {
  if (hit.type === 'anime') return [C.TV, C.TV_ANIME]
  const [parent, sd, hd, uhd] = hit.type === 'movie' ? [C.MOVIES, C.MOVIES_SD, C.MOVIES_HD, C.MOVIES_UHD] : [C.TV, C.TV_SD, C.TV_HD, C.TV_UHD]
  const sub = [null, sd, hd, uhd][hit.resolution]
  return sub ? [parent, sub] : [parent]
}

// encodeURIComponent throws on a lone surrogate; the database may hold anything.
const wellFormed = (text: string): string => text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD')

// The trackers' part is the same for every item of every feed: encoded once per list.
const trackerParts = new WeakMap<readonly string[], string>()
const trackersPart = (trackers: readonly string[]): string => {
  let part = trackerParts.get(trackers)
  if (part === undefined) trackerParts.set(trackers, (part = trackers.map((tracker) => `&tr=${encodeURIComponent(tracker)}`).join('')))
  return part
}

export const magnetUri = (hit: Pick<SearchHit, 'info_hash' | 'title'>, trackers: readonly string[]): string =>
  `magnet:?xt=urn:btih:${encodeURIComponent(hit.info_hash)}&dn=${encodeURIComponent(wellFormed(hit.title))}${trackersPart(trackers)}`

/** Season and episode when known: the row's own columns first, else a single one named by the title. */
export const seasonEpisodeOf = (hit: SearchHit): { season: number | null; episode: number | null } => {
  if (hit.season !== null) return { season: hit.season, episode: hit.episode }
  const season = hit.season_first !== null && hit.season_first === hit.season_last ? hit.season_first : null
  const episode = season !== null && hit.episode_first !== null && hit.episode_first === hit.episode_last ? hit.episode_first : null
  return { season, episode }
}

export const imdbText = (imdb: number): string => String(imdb).padStart(7, '0')
export const listOf = (text: string | null): string[] => (text ? text.split(',') : [])

export const downloadUrl = (hit: Pick<SearchHit, 'info_hash'>, links: Links): string => `${links.base}/api?t=get&id=${encodeURIComponent(hit.info_hash)}`

export const toFeedItem = (hit: SearchHit, links: Links): FeedItem => {
  const attrs: FeedItem['attrs'] = categoriesOf(hit).map((id) => ['category', id])
  if (hit.size !== null) attrs.push(['size', hit.size])
  // No leecher data exists: peers = seeders, and neither is sent when unknown (never a fake 0).
  if (hit.seeders !== null) attrs.push(['seeders', hit.seeders], ['peers', hit.seeders])
  attrs.push(['infohash', hit.info_hash], ['magneturl', magnetUri(hit, links.trackers)])
  if (hit.imdb !== null) attrs.push(['imdb', imdbText(hit.imdb)], ['imdbid', `tt${imdbText(hit.imdb)}`])
  if (hit.tmdb !== null) attrs.push(['tmdbid', hit.tmdb])
  const { season, episode } = seasonEpisodeOf(hit)
  if (season !== null) attrs.push(['season', season])
  if (episode !== null) attrs.push(['episode', episode])
  for (const language of listOf(hit.languages)) attrs.push(['language', language])
  for (const language of listOf(hit.subtitles)) attrs.push(['subs', language])
  attrs.push(['downloadvolumefactor', 0], ['uploadvolumefactor', 1])
  return { title: hit.title, guid: hit.info_hash, published: hit.uploaded, url: downloadUrl(hit, links), size: hit.size, attrs }
}

/** The one search path behind /api and /webapi/search, in-process; no snapshot yet → an empty result. */
export const runSearch = (db: Database | null, request: TorznabRequest, processing: ResultProcessing): SearchResult =>
  searchOrEmpty(db, toSearchQuery(request, processing))

/** The same on the search pool (Worker threads) when it has any. */
export const runPooledSearch = (pool: SearchPool, snapshot: OpenSnapshot | null, request: TorznabRequest, processing: ResultProcessing): Promise<SearchResult> =>
  pool.run(snapshot, 'search', toSearchQuery(request, processing))

/** A Torznab search as its pool job: the query and what the feed needs besides the hits. */
export interface FeedJob {
  query: SearchQuery
  links: Links
}

/** Searches and renders the feed (on a pool worker); no snapshot yet → an empty feed. */
export const searchFeed = (db: Database | null, job: FeedJob): string => {
  const result = searchOrEmpty(db, job.query)
  const items = result.items.map((hit) => toFeedItem(hit, job.links))
  return renderFeed({ self: `${job.links.base}/api`, offset: job.query.offset, total: result.total, items })
}

/**
 * Torznab counts a cut-short result only one past the page: its clients stop paging at a short page
 * and never read `total` (torznab-clients.md), and counting a common word's thousand hits would cost
 * a title search ~40% more than finding its page. The web UI keeps the larger count it shows.
 */
const FEED_TOTAL_CAP = 0

export const pooledSearchFeed = (pool: SearchPool, snapshot: OpenSnapshot | null, request: TorznabRequest, processing: ResultProcessing, links: Links): Promise<string> =>
  pool.run(snapshot, 'feed', { query: { ...toSearchQuery(request, processing), totalCap: FEED_TOTAL_CAP }, links })

/** `t=get&id=<infohash>` → the magnet URI to redirect to. */
export const magnetFor = (db: Database | null, id: string | null, trackers: readonly string[]): string => {
  if (id === null) throw new TorznabError(200, 'Missing parameter: id')
  const hit = db ? findTorrent(db, id) : null
  if (!hit) throw new TorznabError(300, 'No such item')
  return magnetUri(hit, trackers)
}
