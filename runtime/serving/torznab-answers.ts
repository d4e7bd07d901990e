/**
 * The /api answers as the serving layer runs them: where a search runs (threading policy), which
 * feeds the answer cache keeps, and the t=get lookup. Torznab words stay in runtime/torznab/.
 */
import type { Database } from 'bun:sqlite'
import type { OpenSnapshot } from '../db/database.ts'
import type { SearchResult } from '../search/query.ts'
import { findTorrent, searchOrEmpty, stopsAtPage } from '../search/search.ts'
import type { ResultProcessing } from '../settings/schema.ts'
import { TorznabError } from '../torznab/errors.ts'
import { magnetUri } from '../torznab/feed-items.ts'
import type { Links } from '../torznab/links.ts'
import type { TorznabRequest } from '../torznab/params.ts'
import { feedQuery, toSearchQuery } from '../torznab/search-query.ts'
import type { TitleMode } from '../torznab/served-title.ts'
import type { RunOptions, SearchPool } from './search-pool.ts'

/** The one search path behind /api and /webapi/search, in-process; no snapshot yet → an empty result. */
export const runSearch = (db: Database | null, request: TorznabRequest, processing: ResultProcessing): SearchResult =>
  searchOrEmpty(db, toSearchQuery(request, processing))

/** The same on the search pool (Worker threads) when it has any. */
export const runPooledSearch = (
  pool: SearchPool,
  snapshot: OpenSnapshot | null,
  request: TorznabRequest,
  processing: ResultProcessing,
): Promise<SearchResult> => pool.run(snapshot, 'search', toSearchQuery(request, processing))

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
