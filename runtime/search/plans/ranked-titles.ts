/** Title words in the default order: hits come in result order from the FTS index or the rank lists. */
import type { Database } from 'bun:sqlite'
import type { SearchQuery, SearchResult } from '../query.ts'
import { ZERO_SCORE, type Fragment } from '../rank.ts'
import { rankOrder } from '../rank-positions.ts'
import { TITLE_HITS } from '../sql.ts'
import { postingsOf, RankIntersection } from '../title-postings.ts'
import { ftsMatch } from '../tokens.ts'
import { capFor, fetchInOrder, passingInOrder, type IdSource } from './plan-rows.ts'

/**
 * From this offset on, one title word is read from its in-memory list too: FTS5 hands over the ranks
 * before a deep page one row at a time (~0.2 ms for a page at offset 1000), the list in microseconds.
 */
export const LISTED_FROM_OFFSET = 500

/**
 * A title search in the default order. torrents_fts rowids are ranks (runtime/importer/rank-order.ts),
 * so hits come in result order: the first capFor() of them are both the page and the count (a lower
 * bound past the cap), and nothing beyond is read. One word on a shallow page is read from the FTS
 * index, which stops at the cap; several words (or a deep page) come from in-memory rank lists
 * (title-postings.ts: FTS5's own AND of a name with "the" or "di" in it costs up to ~4 ms). `rest`
 * (scope, categories, italian_only, excludes) is tested on the hits' rows on the way.
 */
export const rankedTitles = (db: Database, query: SearchQuery, rest: Fragment): SearchResult => {
  const order = rankOrder(db, 'torrent_rank')
  const cap = capFor(query)
  let ids: number[]
  if (query.words.length > 1 || query.offset >= LISTED_FROM_OFFSET) {
    const hits = new RankIntersection(postingsOf(db, query.words))
    const next: IdSource = (count) => hits.next(count).map((rank) => order[rank])
    ids = rest.sql === '1' ? next(cap) : passingInOrder(db, next, rest, cap)
  } else {
    const sql =
      rest.sql === '1'
        ? 'SELECT rowid FROM torrents_fts f WHERE f.torrents_fts MATCH ? ORDER BY rowid LIMIT ?'
        : `SELECT f.rowid FROM ${TITLE_HITS} CROSS JOIN torrents t ON t.id = r.id WHERE f.torrents_fts MATCH ? AND ${rest.sql} ORDER BY f.rowid LIMIT ?`
    const ranks = db.query(sql).values(ftsMatch(query.words), ...rest.params, cap) as Array<[number]>
    ids = ranks.map(([rank]) => order[rank])
  }
  return { items: fetchInOrder(db, ids.slice(query.offset, query.offset + query.limit), ZERO_SCORE), total: ids.length }
}
