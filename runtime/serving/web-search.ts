/**
 * GET /webapi/search: the Torznab search (same parser, same search) as JSON for the UI's search
 * page. Bad parameters are 422 {"detail": …} here instead of Torznab error documents.
 */
import type { OpenSnapshot } from '../db/database.ts'
import { AppError } from '../errors.ts'
import type { SearchResult } from '../search/query.ts'
import { TOTAL_CAP } from '../search/search.ts'
import type { ResultProcessing } from '../settings/schema.ts'
import { TorznabError } from '../torznab/errors.ts'
import { categoriesOf, downloadUrl, imdbText, listOf, magnetUri, seasonEpisodeOf } from '../torznab/feed-items.ts'
import type { Links } from '../torznab/links.ts'
import { parseTorznabParams, type TorznabRequest } from '../torznab/params.ts'
import { servedTitles, type TitleMode } from '../torznab/served-title.ts'
import type { SearchPool } from './search-pool.ts'
import { runPooledSearch } from './torznab-answers.ts'

export interface WebSearchItem {
  /** As stored upstream (and in the magnet's dn). */
  title: string
  /** As the *arr apps receive it in the Torznab <title> (served-title.ts, RELEASE_TITLES). */
  served_title: string
  info_hash: string
  size: number | null
  seeders: number | null
  peers: number | null
  /** The most specific category; `categories` holds parent and subcategory. */
  category: number
  categories: number[]
  /** Audio languages (English names), as the Torznab `language` attributes. */
  language: string[]
  /** Subtitle languages (English names), as the Torznab `subs` attributes. */
  subs: string[]
  /** ISO 8601. */
  uploaded: string
  age_days: number
  score: number
  magnet: string
  /** The t=get link, as Torznab clients receive it. */
  download_url: string
  imdbid: string | null
  season: number | null
  episode: number | null
  provider: string
}

export interface WebSearchPage {
  total: number
  /** False when `total` is the search's counting bound, so the true count may be higher ("1,000+"). */
  total_exact: boolean
  offset: number
  limit: number
  items: WebSearchItem[]
}

const SEARCHES = new Set(['search', 'tvsearch', 'movie'])

export const parseWebSearchParams = (search: URLSearchParams): TorznabRequest => {
  let request: TorznabRequest
  try {
    request = parseTorznabParams(search)
  } catch (error) {
    if (!(error instanceof TorznabError)) throw error
    throw new AppError('invalid', error.code === 202 ? 'Incorrect parameter: t' : error.message)
  }
  if (!SEARCHES.has(request.t)) throw new AppError('invalid', 'Incorrect parameter: t')
  return request
}

const DAY_SECONDS = 86_400

/** One page of the shared search, through the search pool, shaped for the UI. */
export const pooledWebSearchPage = async (
  pool: SearchPool,
  snapshot: OpenSnapshot | null,
  request: TorznabRequest,
  processing: ResultProcessing,
  links: Links,
  nowMs: number,
  titles: TitleMode = 'normalised',
): Promise<WebSearchPage> => pageOf(await runPooledSearch(pool, snapshot, request, processing), request, { links, nowMs, titles })

const pageOf = (
  result: SearchResult,
  request: TorznabRequest,
  { links, nowMs, titles }: { links: Links; nowMs: number; titles: TitleMode },
): WebSearchPage => {
  const served = servedTitles(result.items, titles)
  const items = result.items.map((hit, i): WebSearchItem => {
    const categories = categoriesOf(hit)
    return {
      title: hit.title,
      served_title: served[i],
      info_hash: hit.info_hash,
      size: hit.size,
      seeders: hit.seeders,
      peers: hit.seeders,
      category: categories[categories.length - 1],
      categories,
      language: listOf(hit.languages),
      subs: listOf(hit.subtitles),
      uploaded: new Date(hit.uploaded * 1000).toISOString(),
      age_days: Math.max(0, Math.floor((nowMs / 1000 - hit.uploaded) / DAY_SECONDS)),
      score: hit.score,
      magnet: magnetUri(hit, links.trackers),
      download_url: downloadUrl(hit, links),
      imdbid: hit.imdb === null ? null : `tt${imdbText(hit.imdb)}`,
      ...seasonEpisodeOf(hit),
      provider: hit.provider,
    }
  })
  // The search stops counting at its bound (search.ts capFor): a total equal to it is "at least".
  const bound = Math.max(TOTAL_CAP, request.offset + request.limit + 1)
  return { total: result.total, total_exact: result.total !== bound, offset: request.offset, limit: request.limit, items }
}
