/**
 * The feed job of the search pool: a Torznab search run and rendered where it ran (a worker, or the
 * main thread as a fallback), so the main thread only writes bytes (see pool-jobs.ts).
 */
import type { Database } from 'bun:sqlite'
import type { SearchQuery } from '../search/query.ts'
import { searchOrEmpty } from '../search/search.ts'
import { resultFeed } from '../torznab/feed-items.ts'
import type { Links } from '../torznab/links.ts'
import type { TitleMode } from '../torznab/served-title.ts'

/** A Torznab search as its pool job: the query and what the feed needs besides the hits. */
export interface FeedJob {
  query: SearchQuery
  links: Links
  /** RELEASE_TITLES (normalised when absent); part of the answer cache's key like the rest of the job. */
  titles?: TitleMode
}

/** Searches and renders the feed (on a pool worker); no snapshot yet → an empty feed. */
export const searchFeed = (db: Database | null, job: FeedJob): string => {
  return resultFeed(searchOrEmpty(db, job.query), job.query.offset, job.links, job.titles)
}
