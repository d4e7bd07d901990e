/** Id searches under a ranking with a rank table, and the paging in rank order they share with positioned titles. */
import type { Database } from 'bun:sqlite'
import type { SearchQuery, SearchResult } from '../query.ts'
import type { Fragment, RankedIndex } from '../rank.ts'
import { orderByRank, rankPositions } from '../rank-positions.ts'
import { capFor, fetchInOrder, inChunks, passingInOrder } from './plan-rows.ts'

/**
 * An id search (t=movie, t=tvsearch by id) under a ranking with a rank table. Its candidates come from
 * indexes alone and are put in result order by their ids (rank-positions.ts); only then are rows read:
 * `rest` (scope, categories, the ranking's filter) on just enough of them for the page and the count,
 * which stops at capFor() unless nothing is left to test, and the page's rows. A show with 14,000
 * torrents in a season used to fetch and sort all 14,000 rows (~60 ms); now ~5 ms.
 */
export const rankedIds = (
  db: Database,
  query: SearchQuery,
  plan: { ids: Fragment; rest: Fragment; score: Fragment; index: RankedIndex },
): SearchResult => {
  // One JSON text, not a row per id: a huge show lists ~20,000 of them (~250 ns a row as values()).
  const list = `WITH candidates(id) AS (${plan.ids.sql}) SELECT json_group_array(id) AS ids FROM candidates WHERE id IS NOT NULL`
  const row = db.query(list).get(...plan.ids.params) as { ids: string }
  return pageInRankOrder(db, query, JSON.parse(row.ids) as number[], plan)
}

/**
 * Every candidate of a search, put in the order of `plan.index` by its positions: the page's rows,
 * and the count (exact, or up to capFor() when `rest` must be tested on the rows, in chunks).
 */
export const pageInRankOrder = (
  db: Database,
  query: SearchQuery,
  ids: number[],
  plan: { rest: Fragment; score: Fragment; index: RankedIndex },
): SearchResult => {
  const ordered = orderByRank(rankPositions(db, plan.index), ids)
  const passing = plan.rest.sql === '1' ? ordered : passingInOrder(db, inChunks(ordered), plan.rest, capFor(query))
  return { items: fetchInOrder(db, passing.slice(query.offset, query.offset + query.limit), plan.score), total: passing.length }
}
