/** A season without id or words: filter the first rows of the ranking's rank table. */
import type { Database } from 'bun:sqlite'
import type { SearchQuery, SearchResult } from '../query.ts'
import type { Fragment, RankedIndex } from '../rank.ts'
import { capFor, fetchInOrder, inRankOrder } from './plan-rows.ts'

/** Rows of the ranking's rank table that windowed() reads before it gives way to a full sort. */
const WINDOW_ROWS = 20_000

/**
 * A season without id or words (t=tvsearch&season=1) matches a large share of the catalogue, and
 * sorting it all costs ~0.5 s at 1M. The first WINDOW_ROWS rows of the ranking's rank table hold the page
 * whenever they hold offset + limit hits (they come first in the final order), so they are filtered
 * in that order; the count is capped like broad()'s. Null (the caller sorts) when the window falls short.
 */
export const windowed = (
  db: Database,
  query: SearchQuery,
  plan: { where: Fragment; score: Fragment; index: RankedIndex },
): SearchResult | null => {
  const ids = db
    .query(`SELECT w.id FROM (${firstRows(plan)}) w JOIN torrents t ON t.id = w.id WHERE ${plan.where.sql} LIMIT ?`)
    .values(...plan.score.params, WINDOW_ROWS, ...plan.where.params, query.offset + query.limit) as Array<[number]>
  if (ids.length < query.offset + query.limit) return null
  const page = ids.slice(query.offset).map((row) => row[0])
  const row = db
    .query(`SELECT count(*) AS n FROM (SELECT 1 FROM torrents t WHERE ${plan.where.sql} LIMIT ?)`)
    .get(...plan.where.params, capFor(query)) as { n: number }
  return { items: fetchInOrder(db, page, plan.score), total: row.n }
}

/** The ids (and scores) of the first `?` rows in the ranking's order, from its rank table. */
const firstRows = (plan: { score: Fragment; index: RankedIndex }): string =>
  plan.score.sql === '0'
    ? `SELECT id, 0 AS score FROM ${plan.index} ORDER BY rank LIMIT ?`
    : `${inRankOrder(plan.index, plan.score, 't.id')} ORDER BY o.rank LIMIT ?`
