/**
 * search(db, query) → { items, total }: one SQL statement filters, ranks and pages the whole result,
 * so pages never repeat or skip a release; the count comes with it or from one more statement.
 */
import type { Database } from 'bun:sqlite'
import { broad, BROAD_MATCHES, indexWalkPays, titleMatches } from './plans/broad.ts'
import { COLUMNS, whereClause } from './plans/plan-rows.ts'
import { positionedTitles } from './plans/positioned-titles.ts'
import { ranked } from './plans/ranked.ts'
import { rankedIds } from './plans/ranked-ids.ts'
import { rankedTitles } from './plans/ranked-titles.ts'
import { recent } from './plans/recent.ts'
import { windowed } from './plans/windowed.ts'
import type { SearchHit, SearchQuery, SearchResult } from './query.ts'
import { ranking } from './rank.ts'
import { isBareSearch, isIdSearch, isRecentQuery, isTitleSearch } from './selection.ts'
import { idCandidates, matchConditions, narrowingConditions } from './sql.ts'

// Bounds the plans use that callers and tests name too.
export { BROAD_MATCHES } from './plans/broad.ts'
export { TOTAL_CAP, tableRows } from './plans/plan-rows.ts'
export { LISTED_FROM_OFFSET } from './plans/ranked-titles.ts'

/** Which plan search() took (diagnostics: the explain report): the functions of plans/*.ts. */
export type SearchPlan =
  | 'no-category'
  | 'no-words'
  | 'rankedIds'
  | 'recent'
  | 'rankedTitles'
  | 'positionedTitles'
  | 'broad'
  | 'windowed'
  | 'ranked'

export const search = (db: Database, query: SearchQuery, trace?: { plan?: SearchPlan }): SearchResult => {
  const noted = (plan: SearchPlan, result: SearchResult): SearchResult => {
    if (trace) trace.plan = plan
    return result
  }
  if (query.slices !== null && query.slices.length === 0) return noted('no-category', { items: [], total: 0 })
  if (query.wordless) return noted('no-words', { items: [], total: 0 })
  const rank = ranking(query.processing)
  const filters = rank.filter ? [rank.filter] : []
  const index = rank.index
  // An id search in a ranking's order needs its candidates and the row conditions apart, never the whole WHERE.
  const ids = index && idCandidates(query)
  if (index && ids)
    return noted(
      'rankedIds',
      rankedIds(db, query, { ids, rest: whereClause([...narrowingConditions(query), ...filters]), score: rank.score, index }),
    )
  const where = whereClause([...matchConditions(query), ...filters])
  if (isRecentQuery(query)) return noted('recent', recent(db, query, where))
  if (index && isTitleSearch(query)) {
    // The conditions without the words: tested on each FTS hit's row.
    const rest = whereClause([...matchConditions({ ...query, words: [] }), ...filters])
    if (index === 'torrent_rank') return noted('rankedTitles', rankedTitles(db, query, rest))
    const positioned = positionedTitles(db, query, { rest, score: rank.score, index })
    if (positioned) return noted('positionedTitles', positioned)
    const matches = titleMatches(db, query)
    if (matches >= BROAD_MATCHES || indexWalkPays(db, query, matches))
      return noted('broad', broad(db, query, { where, rest, score: rank.score, index, matches }))
  }
  const bare = index && isBareSearch(query)
  const window = bare && windowed(db, query, { where, score: rank.score, index })
  return window ? noted('windowed', window) : noted('ranked', ranked(db, query, where, rank.score))
}

/**
 * Whether search() answers `query` by a plan that stops at its page: the newest releases, an id
 * search in a ranking's order (rankedIds) or title words in the default order (rankedTitles). Their
 * cost is bounded (~0.2–1 ms at 1M), so the main thread may run them itself; any other plan may sort
 * or walk a whole result and belongs on a search worker.
 */
export const stopsAtPage = (query: SearchQuery): boolean => {
  if (isRecentQuery(query)) return true
  const index = ranking(query.processing).index
  return index !== null && (isIdSearch(query) || (index === 'torrent_rank' && isTitleSearch(query)))
}

/** search() where there may be no snapshot yet: then an empty result. */
export const searchOrEmpty = (db: Database | null, query: SearchQuery): SearchResult => (db ? search(db, query) : { items: [], total: 0 })

/** The torrent behind a `t=get` link, or null. */
export const findTorrent = (db: Database, infoHash: string): SearchHit | null =>
  (db
    .query(`SELECT ${COLUMNS}, 0 AS score FROM torrents t WHERE t.info_hash = ? ORDER BY t.id LIMIT 1`)
    .get(infoHash.toLowerCase()) as SearchHit | null) ?? null
