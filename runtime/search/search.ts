/**
 * search(db, query) → { items, total }: one SQL statement filters, ranks and pages the whole result,
 * so pages never repeat or skip a release; the count comes with it or from one more statement.
 */
import type { Database } from 'bun:sqlite'
import { isRecentQuery, type SearchHit, type SearchQuery, type SearchResult } from './query.ts'
import { ranking, type Fragment } from './rank.ts'
import { all, matchConditions } from './sql.ts'
import { ftsMatch } from './tokens.ts'

const COLUMNS = ['info_hash', 'title', 'provider', 'size', 'type', 'uploaded', 'seeders', 'imdb', 'tmdb', 'season', 'episode']
  .concat(['season_first', 'season_last', 'episode_first', 'episode_last', 'resolution', 'languages', 'subtitles'])
  .map((column) => `t.${column}`)
  .join(', ')

// info_hash, then the rowid, make the order total even if two rows share a hash.
const RANKED_ORDER = 'score DESC, t.seeders DESC NULLS LAST, t.uploaded DESC, t.info_hash, t.id'
const RECENT_ORDER = 't.uploaded DESC, t.info_hash, t.id'
// The same order over a fetched page (score comes from the page, the rest from the row).
const PAGE_ORDER = 'page.score DESC, t.seeders DESC NULLS LAST, t.uploaded DESC, t.info_hash, t.id'
// RANKED_ORDER when every score is 0: exactly the order of the torrents_ranked index (rowid last).
const UNSCORED_ORDER = 't.seeders DESC, t.uploaded DESC, t.info_hash, t.id'

/**
 * No client reads `total` to stop paging (they stop at a short page), and counting a million rows
 * is not free, so the recent-releases feed and very broad title searches count up to this bound, or
 * one past the requested page when that is deeper: `total` is then a lower bound that says "more".
 */
export const TOTAL_CAP = 1000
/** Title words matching at least this many titles are "broad": see broad(). */
export const BROAD_MATCHES = 10_000

const whereClause = (parts: Fragment[]): Fragment => (parts.length > 0 ? all(parts) : { sql: '1', params: [] })
const capFor = (query: SearchQuery) => Math.max(TOTAL_CAP, query.offset + query.limit + 1)

export const search = (db: Database, query: SearchQuery): SearchResult => {
  if (query.slices !== null && query.slices.length === 0) return { items: [], total: 0 }
  const rank = ranking(query.processing)
  const filters = rank.filter ? [rank.filter] : []
  const where = whereClause([...matchConditions(query), ...filters])
  if (isRecentQuery(query)) return recent(db, query, where)
  if (rank.index && hasIndex(db, rank.index) && isBroad(db, query)) {
    return broad(db, query, { where, rest: whereClause([...matchConditions({ ...query, words: [] }), ...filters]), score: rank.score, index: rank.index })
  }
  return ranked(db, query, where, rank.score)
}

type Row = SearchHit & { total?: number }

/** Newest first; the count is capped (a separate, index-only statement). */
const recent = (db: Database, query: SearchQuery, where: Fragment): SearchResult => {
  const items = db
    .query(`SELECT ${COLUMNS}, 0 AS score FROM torrents t WHERE ${where.sql} ORDER BY ${RECENT_ORDER} LIMIT ? OFFSET ?`)
    .all(...where.params, query.limit, query.offset) as SearchHit[]
  const row = db.query(`SELECT count(*) AS n FROM (SELECT 1 FROM torrents t WHERE ${where.sql} LIMIT ?)`).get(...where.params, capFor(query)) as { n: number }
  return { items, total: row.n }
}

/**
 * Ranked: every hit is scored and sorted in SQL, then paged. The sort carries only ids and keys (the
 * page's rows are fetched afterwards), and the window count rides along, so the conditions run once;
 * only a page past the end needs a separate count.
 */
const ranked = (db: Database, query: SearchQuery, where: Fragment, score: Fragment): SearchResult => {
  const page = `SELECT t.id, ${score.sql} AS score, count(*) OVER () AS total FROM torrents t WHERE ${where.sql} ORDER BY ${RANKED_ORDER} LIMIT ? OFFSET ?`
  const rows = db
    .query(`WITH page AS (${page}) SELECT ${COLUMNS}, page.score, page.total FROM page JOIN torrents t ON t.id = page.id ORDER BY ${PAGE_ORDER}`)
    .all(...score.params, ...where.params, query.limit, query.offset) as Row[]
  if (rows.length === 0) {
    const row = db.query(`SELECT count(*) AS n FROM torrents t WHERE ${where.sql}`).get(...where.params) as { n: number }
    return { items: [], total: row.n }
  }
  const total = rows[0].total as number
  for (const row of rows) delete row.total
  return { items: rows, total }
}

/** A pure title search (no id, no season) whose words match at least BROAD_MATCHES titles. */
const isBroad = (db: Database, query: SearchQuery): boolean => {
  if (query.words.length === 0 || query.imdb !== null || query.tmdb !== null || query.season !== null) return false
  const sql = 'SELECT count(*) AS n FROM (SELECT 1 FROM torrents_fts WHERE torrents_fts MATCH ? LIMIT ?)'
  return (db.query(sql).get(ftsMatch(query.words), BROAD_MATCHES) as { n: number }).n >= BROAD_MATCHES
}

// A snapshot imported by an older build may lack a newer index: then the plain plan serves.
const indexes = new WeakMap<Database, Set<string>>()
const hasIndex = (db: Database, name: string): boolean => {
  let names = indexes.get(db)
  if (!names) {
    names = new Set((db.query(`SELECT name FROM sqlite_master WHERE type = 'index'`).all() as Array<{ name: string }>).map((row) => row.name))
    indexes.set(db, names)
  }
  return names.has(name)
}

interface BroadPlan {
  where: Fragment
  /** The conditions without the words, for the FTS-driven count. */
  rest: Fragment
  score: Fragment
  index: string
}

/**
 * Broad words (a word such as "1080p" matches half the catalogue): sorting every hit would cost up
 * to a second, so an index already in the ranking's order is walked instead, stopping after the
 * page. The count stops at the cap, driven lazily by FTS.
 */
const broad = (db: Database, query: SearchQuery, plan: BroadPlan): SearchResult => {
  const order = plan.score.sql === '0' ? UNSCORED_ORDER : `score DESC, ${UNSCORED_ORDER}`
  const items = db
    .query(`SELECT ${COLUMNS}, ${plan.score.sql} AS score FROM torrents t INDEXED BY ${plan.index} WHERE ${plan.where.sql} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...plan.score.params, ...plan.where.params, query.limit, query.offset) as SearchHit[]
  const count = `SELECT count(*) AS n FROM (SELECT 1 FROM torrents_fts JOIN torrents t ON t.id = torrents_fts.rowid WHERE torrents_fts MATCH ? AND ${plan.rest.sql} LIMIT ?)`
  const row = db.query(count).get(ftsMatch(query.words), ...plan.rest.params, capFor(query)) as { n: number }
  return { items, total: row.n }
}

/** The torrent behind a `t=get` link, or null. */
export const findTorrent = (db: Database, infoHash: string): SearchHit | null =>
  (db.query(`SELECT ${COLUMNS}, 0 AS score FROM torrents t WHERE t.info_hash = ? ORDER BY t.id LIMIT 1`).get(infoHash.toLowerCase()) as SearchHit | null) ??
  null
