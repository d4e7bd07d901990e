/** The newest releases: no words, no id, no season (selection.ts isRecentQuery). */
import type { Database } from 'bun:sqlite'
import type { SearchHit, SearchQuery, SearchResult } from '../query.ts'
import type { Fragment } from '../rank.ts'
import { capFor, COLUMNS, RECENT_ORDER } from './plan-rows.ts'

/** Newest first; the count is capped (a separate, index-only statement). */
export const recent = (db: Database, query: SearchQuery, where: Fragment): SearchResult => {
  const items = db
    .query(`SELECT ${COLUMNS}, 0 AS score FROM torrents t WHERE ${where.sql} ORDER BY ${RECENT_ORDER} LIMIT ? OFFSET ?`)
    .all(...where.params, query.limit, query.offset) as SearchHit[]
  const row = db
    .query(`SELECT count(*) AS n FROM (SELECT 1 FROM torrents t WHERE ${where.sql} LIMIT ?)`)
    .get(...where.params, capFor(query)) as { n: number }
  return { items, total: row.n }
}
