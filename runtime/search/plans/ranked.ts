/** The general plan: score, sort and page every hit in SQL. */
import type { Database } from 'bun:sqlite'
import type { SearchHit, SearchQuery, SearchResult } from '../query.ts'
import type { Fragment } from '../rank.ts'
import { COLUMNS, PAGE_ORDER, RANKED_ORDER } from './plan-rows.ts'

type Row = SearchHit & { total?: number }

/**
 * Ranked: every hit is scored and sorted in SQL, then paged. The sort carries only ids and keys (the
 * page's rows are fetched afterwards), and the window count rides along, so the conditions run once;
 * only a page past the end needs a separate count.
 */
export const ranked = (db: Database, query: SearchQuery, where: Fragment, score: Fragment): SearchResult => {
  const page = `SELECT t.id, ${score.sql} AS score, count(*) OVER () AS total FROM torrents t WHERE ${where.sql} ORDER BY ${RANKED_ORDER} LIMIT ? OFFSET ?`
  const rows = db
    .query(
      `WITH page AS (${page}) SELECT ${COLUMNS}, page.score, page.total FROM page JOIN torrents t ON t.id = page.id ORDER BY ${PAGE_ORDER}`,
    )
    .all(...score.params, ...where.params, query.limit, query.offset) as Row[]
  if (rows.length === 0) {
    const row = db.query(`SELECT count(*) AS n FROM torrents t WHERE ${where.sql}`).get(...where.params) as { n: number }
    return { items: [], total: row.n }
  }
  const total = rows[0].total as number
  for (const row of rows) delete row.total
  return { items: rows, total }
}
