/** Common title words under italian_preferred: walk the rank table instead of sorting every hit. */
import type { Database } from 'bun:sqlite'
import type { SearchHit, SearchQuery, SearchResult } from '../query.ts'
import type { Fragment } from '../rank.ts'
import { TITLE_HITS } from '../sql.ts'
import { indexedTitle } from '../indexed-title.ts'
import { ftsMatch, titlesMatching, walkableTokens } from '../tokens.ts'
import { capFor, COLUMNS, fetchInOrder, inRankOrder, tableRows } from './plan-rows.ts'

/** Under italian_preferred, title words matching at least this many titles are "broad": see broad(). */
export const BROAD_MATCHES = 10_000

/** For a pure title search, how many titles hold the words, counted up to BROAD_MATCHES. */
export const titleMatches = (db: Database, query: SearchQuery): number => {
  const sql = 'SELECT count(*) AS n FROM (SELECT 1 FROM torrents_fts WHERE torrents_fts MATCH ? LIMIT ?)'
  return (db.query(sql).get(ftsMatch(query.words), BROAD_MATCHES) as { n: number }).n
}

/**
 * Below BROAD_MATCHES the FTS-driven index walk of broad() still beats sorting when the words are
 * common enough: sorting fetches every hit's row (~1.8 µs), the walk reads each FTS rowid (~0.15 µs)
 * and then index entries (~0.3 µs) until the page is full, about wanted × rows / matches of them.
 */
export const indexWalkPays = (db: Database, query: SearchQuery, matches: number): boolean =>
  matches * matches * 1.65 > (query.offset + query.limit) * tableRows(db) * 0.3

export interface BroadPlan {
  where: Fragment
  /** The conditions without the words, for the FTS-driven count. */
  rest: Fragment
  score: Fragment
  index: 'torrent_rank_italian'
  /** Titles holding the words, counted up to BROAD_MATCHES. */
  matches: number
}

/**
 * Broad words (a word such as "1080p" matches half the catalogue): sorting every hit would cost up
 * to a second, so the rank table of the ranking is walked instead, stopping after the page. The
 * count stops at the cap, driven lazily by FTS.
 */
export const broad = (db: Database, query: SearchQuery, plan: BroadPlan): SearchResult => {
  const isBroad = plan.matches >= BROAD_MATCHES
  const items =
    (isBroad && walkableTokens(query.words) && walk(db, query, plan)) ||
    (db
      .query(`${inRankOrder(plan.index, plan.score, COLUMNS)} WHERE ${plan.where.sql} ORDER BY o.rank LIMIT ? OFFSET ?`)
      .all(...plan.score.params, ...plan.where.params, query.limit, query.offset) as SearchHit[])
  // Fewer than BROAD_MATCHES hits are counted exactly (LIMIT -1: no limit), and need no count at all
  // when nothing but the words filters.
  if (!isBroad && plan.rest.sql === '1') return { items, total: plan.matches }
  const count = `SELECT count(*) AS n FROM (SELECT 1 FROM ${TITLE_HITS} CROSS JOIN torrents t ON t.id = r.id WHERE f.torrents_fts MATCH ? AND ${plan.rest.sql} LIMIT ?)`
  const row = db.query(count).get(ftsMatch(query.words), ...plan.rest.params, isBroad ? capFor(query) : -1) as { n: number }
  return { items, total: row.n }
}

// A walked row costs ~1 µs (row fetch and test), an FTS rowid of the other plan ~0.16 µs per word
// (each word's doclist is read whole, and it is at least as long as the hits): the walk gives way
// once the rate of matches so far says it would cost more, and past WALK_LIMIT rows.
const WALK_COST = 6
const WALK_LIMIT = 24_000

/**
 * Walks the ranking's rank table (without the words) in steps and keeps the titles holding every word
 * (decided without the FTS index, see titlesMatching): "1080p" at offset 1000 reads ~3,000 rows
 * instead of materialising 400,000 FTS rowids. Null when the FTS-driven plan is the cheaper one.
 */
const walk = (db: Database, query: SearchQuery, plan: BroadPlan): SearchHit[] | null => {
  const wanted = query.offset + query.limit
  const step = db.query(`${inRankOrder(plan.index, plan.score, 't.id, t.title')} WHERE ${plan.rest.sql} ORDER BY o.rank LIMIT ? OFFSET ?`)
  const rows = tableRows(db)
  const ids: number[] = []
  for (let walked = 0; ids.length < wanted; ) {
    const rate = walked === 0 ? 0.5 : Math.max(ids.length, 1) / walked
    const expected = walked + (wanted - ids.length) / rate
    if (walked > 0 && (expected > WALK_LIMIT || expected * WALK_COST > rate * rows * query.words.length)) return null
    const size = Math.min(Math.max(Math.ceil(((wanted - ids.length) / rate) * 1.2), 200), 4000)
    // values(): plain [id, title] arrays, no row objects for thousands of rows.
    const batch = step.values(...plan.score.params, ...plan.rest.params, size, walked) as Array<[number, string]>
    const matches = titlesMatching(
      batch.map((row) => indexedTitle(row[1])),
      query.words,
    )
    batch.forEach((row, i) => matches[i] && ids.push(row[0]))
    walked += size
    if (batch.length < size) break
  }
  return fetchInOrder(db, ids.slice(query.offset, wanted), plan.score)
}
