/**
 * The only bridge between Torznab and search: a request becomes a SearchQuery (which parameters each
 * function honours comes from SUPPORTED_PARAMS), and a hit becomes a feed item or a /webapi item.
 */
import type { Database } from 'bun:sqlite'
import type { OpenSnapshot } from '../db/database.ts'
import type { RunOptions, SearchPool } from '../search/search-pool.ts'
import { findTorrent, searchOrEmpty, stopsAtPage } from '../search/search.ts'
import type { CatalogueSlice, SearchHit, SearchQuery, SearchResult, SearchScope } from '../search/query.ts'
import { queryTokens } from '../search/tokens.ts'
import type { ResultProcessing } from '../settings/schema.ts'
import * as C from './categories.ts'
import { TorznabError } from './errors.ts'
import { renderFeed, rfc1123, TORRENT_TYPE } from './feed.ts'
import type { Links } from './links.ts'
import { servedTitles, type TitleMode } from './served-title.ts'
import { escapeXml } from './xml.ts'
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
  // An empty list of slices matches nothing (search.ts answers it without a statement).
  const slices = onlyUnhonouredIds(request, honours) ? [] : slicesOf(request.cat)
  return { scope: SCOPES[t], words, imdb, tmdb, season, episode, slices, processing, limit, offset }
}

/** Parent and, when the title tells the resolution, subcategory. */
export const categoriesOf = (hit: Pick<SearchHit, 'type' | 'resolution'>): number[] => {
  if (hit.type === 'anime') return [C.TV, C.TV_ANIME]
  const [parent, sd, hd, uhd] = hit.type === 'movie' ? [C.MOVIES, C.MOVIES_SD, C.MOVIES_HD, C.MOVIES_UHD] : [C.TV, C.TV_SD, C.TV_HD, C.TV_UHD]
  const sub = [null, sd, hd, uhd][hit.resolution]
  return sub ? [parent, sub] : [parent]
}

// encodeURIComponent throws on a lone surrogate; the database may hold anything (and seldom does).
const SURROGATE = /[\uD800-\uDFFF]/
const wellFormed = (text: string): string => (SURROGATE.test(text) ? text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD') : text)

// The trackers' part is the same for every item of every feed: encoded once per list.
const trackerParts = new WeakMap<readonly string[], string>()
const trackersPart = (trackers: readonly string[]): string => {
  let part = trackerParts.get(trackers)
  if (part === undefined) trackerParts.set(trackers, (part = trackers.map((tracker) => `&tr=${encodeURIComponent(tracker)}`).join('')))
  return part
}

/** A magnet from its encoded parts, joined by `and`: '&' in a URI, '&amp;' in XML text. */
const magnet = (id: string, name: string, trackers: string, and: string): string => `magnet:?xt=urn:btih:${id}${and}dn=${name}${trackers}`

export const magnetUri = (hit: Pick<SearchHit, 'info_hash' | 'title'>, trackers: readonly string[]): string =>
  magnet(encodeURIComponent(hit.info_hash), encodeURIComponent(wellFormed(hit.title)), trackersPart(trackers), '&')

/** Season and episode when known: the row's own columns first, else a single one named by the title. */
export const seasonEpisodeOf = (hit: SearchHit): { season: number | null; episode: number | null } => {
  if (hit.season !== null) return { season: hit.season, episode: hit.episode }
  const season = hit.season_first !== null && hit.season_first === hit.season_last ? hit.season_first : null
  const episode = season !== null && hit.episode_first !== null && hit.episode_first === hit.episode_last ? hit.episode_first : null
  return { season, episode }
}

export const imdbText = (imdb: number): string => String(imdb).padStart(7, '0')
export const listOf = (text: string | null): string[] => (text ? text.split(',') : [])

const downloadPrefix = (links: Links): string => `${links.base}/api?t=get&id=`
export const downloadUrl = (hit: Pick<SearchHit, 'info_hash'>, links: Links): string => downloadPrefix(links) + encodeURIComponent(hit.info_hash)

/**
 * What every item of a feed shares, as XML text. Escaping a whole URL costs more than the rest of its
 * item, so feed URLs are joined from parts escaped apart (the same text, as parts meet at ASCII).
 */
interface FeedLinks {
  download: string
  trackers: string
}

/** A function of a column's text, remembered: few values recur (Italian,English…), but any may occur: 1000 at most. */
const memo = <Value>(compute: (text: string) => Value) => {
  const known = new Map<string, Value>()
  return (text: string): Value => {
    let value = known.get(text)
    if (value === undefined) {
      if (known.size === 1000) known.clear()
      known.set(text, (value = compute(text)))
    }
    return value
  }
}

// Escaping neither adds nor drops a comma, so the list is escaped whole.
const listAttrs = (name: string) =>
  memo((list) => (list ? escapeXml(list).split(',') : []).map((value) => `<torznab:attr name="${name}" value="${value}"/>`).join(''))
const languageAttrs = listAttrs('language')
const subsAttrs = listAttrs('subs')

// Type and resolution decide the categories: rendered once per type, for each resolution.
const RESOLUTIONS = [0, 1, 2, 3] as const
const categoryAttrsByResolution = memo((type) =>
  RESOLUTIONS.map((resolution) =>
    categoriesOf({ type, resolution })
      .map((id) => `<torznab:attr name="category" value="${id}"/>`)
      .join(''),
  ),
)
// A resolution other than 1-3 tells no subcategory, as 0 does.
const categoryAttrs = (hit: SearchHit): string => {
  const byResolution = categoryAttrsByResolution(hit.type)
  return byResolution[hit.resolution] ?? byResolution[0]
}

const HEX = /^[0-9A-Fa-f]*$/
// What encodeURIComponent leaves as it is and XML too (not '): half the titles, e.g. Dune.2021.1080p.
const URI_AND_XML_SAFE = /^[\w.!~*()-]*$/
const nameXml = (title: string): string => (URI_AND_XML_SAFE.test(title) ? title : escapeXml(encodeURIComponent(wellFormed(title))))

/** A hit as a feed `<item>` titled `title` (served-title.ts), optional attributes only when known. */
const renderItem = (hit: SearchHit, title: string, links: FeedLinks): string => {
  // Hashes are hex, the same in a URL and in XML; the database may hold anything else.
  const plain = HEX.test(hit.info_hash)
  const guid = plain ? hit.info_hash : escapeXml(hit.info_hash)
  const id = plain ? hit.info_hash : escapeXml(encodeURIComponent(hit.info_hash))
  const url = links.download + id
  let text = `<item><title>${escapeXml(title)}</title><guid isPermaLink="false">${guid}</guid><link>${url}</link><pubDate>${rfc1123(hit.uploaded)}</pubDate>`
  // The plain <size> element too: cross-seed and other Jackett-style readers take the size only from it.
  if (hit.size !== null) text += `<size>${hit.size}</size>`
  text += `<enclosure url="${url}" length="${hit.size ?? 0}" type="${TORRENT_TYPE}"/>${categoryAttrs(hit)}`
  if (hit.size !== null) text += `<torznab:attr name="size" value="${hit.size}"/>`
  // No leecher data exists: peers = seeders, and neither is sent when unknown (never a fake 0).
  if (hit.seeders !== null) text += `<torznab:attr name="seeders" value="${hit.seeders}"/><torznab:attr name="peers" value="${hit.seeders}"/>`
  text += `<torznab:attr name="infohash" value="${guid}"/><torznab:attr name="magneturl" value="${magnet(id, nameXml(hit.title), links.trackers, '&amp;')}"/>`
  if (hit.imdb !== null) {
    const imdb = imdbText(hit.imdb)
    text += `<torznab:attr name="imdb" value="${imdb}"/><torznab:attr name="imdbid" value="tt${imdb}"/>`
  }
  if (hit.tmdb !== null) text += `<torznab:attr name="tmdbid" value="${hit.tmdb}"/>`
  const { season, episode } = seasonEpisodeOf(hit)
  if (season !== null) text += `<torznab:attr name="season" value="${season}"/>`
  if (episode !== null) text += `<torznab:attr name="episode" value="${episode}"/>`
  text += `${languageAttrs(hit.languages ?? '')}${subsAttrs(hit.subtitles ?? '')}`
  return `${text}<torznab:attr name="downloadvolumefactor" value="0"/><torznab:attr name="uploadvolumefactor" value="1"/></item>`
}

/** Hits as the `<item>` elements of one feed, titled as `titles` says (RELEASE_TITLES). */
export const feedItems = (hits: SearchHit[], links: Links, titles: TitleMode = 'normalised'): string[] => {
  const shared = { download: escapeXml(downloadPrefix(links)), trackers: escapeXml(trackersPart(links.trackers)) }
  const served = servedTitles(hits, titles)
  return hits.map((hit, i) => renderItem(hit, served[i], shared))
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
  /** RELEASE_TITLES (normalised when absent); part of the answer cache's key like the rest of the job. */
  titles?: TitleMode
}

/** Searches and renders the feed (on a pool worker); no snapshot yet → an empty feed. */
export const searchFeed = (db: Database | null, job: FeedJob): string => {
  const result = searchOrEmpty(db, job.query)
  return renderFeed({ self: `${job.links.base}/api`, offset: job.query.offset, total: result.total, items: feedItems(result.items, job.links, job.titles) })
}

/**
 * Torznab counts a cut-short result only one past the page: its clients stop paging at a short page
 * and never read `total` (torznab-clients.md), and counting a common word's thousand hits would cost
 * a title search ~40% more than finding its page. The web UI keeps the larger count it shows.
 */
const FEED_TOTAL_CAP = 0

/** The query a Torznab feed runs (the explain report analyses the same one). */
export const feedQuery = (request: TorznabRequest, processing: ResultProcessing): SearchQuery => ({ ...toSearchQuery(request, processing), totalCap: FEED_TOTAL_CAP })

/**
 * A search whose plan stops at its page runs on the calling thread: measured at 1M torrents on two
 * cores with 8 clients, handing such ~0.5 ms searches to a worker bought no throughput and tripled
 * p99 (three busy threads and the load on two cores); the rest keeps the main thread free.
 * Feeds of title words are not kept: such searches seldom repeat (RSS syncs, id searches and seasons
 * do), their ~100 KB feeds would push out those that do, and keeping them added 1–6 ms to the p99 of
 * title searches that missed (measured with 8 clients at 1M, three interleaved rounds).
 */
export const pooledSearchFeed = (
  pool: SearchPool,
  snapshot: OpenSnapshot | null,
  request: TorznabRequest,
  processing: ResultProcessing,
  links: Links,
  titles: TitleMode = 'normalised',
  trace?: RunOptions['trace'],
): Promise<string | Uint8Array<ArrayBuffer>> => {
  const query = feedQuery(request, processing)
  return pool.run(snapshot, 'feed', { query, links, titles }, { inline: stopsAtPage(query), keep: query.words.length === 0, trace })
}

/** `t=get&id=<infohash>` → the magnet URI to redirect to. */
export const magnetFor = (db: Database | null, id: string | null, trackers: readonly string[]): string => {
  if (id === null) throw new TorznabError(200, 'Missing parameter: id')
  const hit = db ? findTorrent(db, id) : null
  if (!hit) throw new TorznabError(300, 'No such item')
  return magnetUri(hit, trackers)
}
