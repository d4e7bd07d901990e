/**
 * What the query plans (plans/*.ts) share: the hit columns and orders, the count's bound, rows
 * fetched by id in a given order, and ids tested against the remaining conditions a chunk at a time.
 */
import type { Database } from 'bun:sqlite'
import type { SearchHit, SearchQuery } from '../query.ts'
import type { Fragment, RankedIndex } from '../rank.ts'
import { all } from '../sql.ts'

export const COLUMNS = ['info_hash', 'title', 'provider', 'size', 'type', 'uploaded', 'seeders', 'imdb', 'tmdb', 'season', 'episode']
  .concat(['season_first', 'season_last', 'episode_first', 'episode_last', 'resolution', 'languages', 'subtitles'])
  .map((column) => `t.${column}`)
  .join(', ')

// The catalogue's order for equal scores (the importer numbers torrent_rank by it): info_hash, then
// the rowid, make it total even if two rows share a hash.
export const DEFAULT_ORDER = 't.seeders DESC NULLS LAST, t.uploaded DESC, t.info_hash, t.id'
export const RANKED_ORDER = `score DESC, ${DEFAULT_ORDER}`
export const RECENT_ORDER = 't.uploaded DESC, t.info_hash, t.id'
// The same order over a fetched page (score comes from the page, the rest from the row).
export const PAGE_ORDER = `page.score DESC, ${DEFAULT_ORDER}`

/**
 * No client reads `total` to stop paging (they stop at a short page), and counting a million rows
 * is not free, so the recent-releases feed, title words in the default order (rankedTitles), very broad
 * words under italian_preferred, id searches in a ranking's order (rankedIds) and a season searched
 * without id or words (when its page lies in the first WINDOW_ROWS rows) count up to this bound (or
 * SearchQuery.totalCap), or one past the requested page when that is deeper: `total` is then a lower
 * bound that says "more".
 */
export const TOTAL_CAP = 1000
export const whereClause = (parts: Fragment[]): Fragment => (parts.length > 0 ? all(parts) : { sql: '1', params: [] })
export const capFor = (query: SearchQuery) => Math.max(query.totalCap ?? TOTAL_CAP, query.offset + query.limit + 1)

// Rows tested beyond what is still missing, in case `rest` drops some (the scope rarely does).
const TEST_MARGIN = 50

/** Ids in result order, handed out `count` at a time (an empty array: no more). */
export type IdSource = (count: number) => number[]

export const inChunks = (ids: number[]): IdSource => {
  let start = 0
  return (count) => ids.slice(start, (start += count))
}

/**
 * The first `cap` ids of `source` (in its order) whose rows meet `rest`, tested a chunk at a time;
 * chunks at least double, so a filter that drops most rows (italian_only on a show with few Italian
 * releases) costs a few statements, not one per page's worth of rows.
 */
export const passingInOrder = (db: Database, source: IdSource, rest: Fragment, cap: number): number[] => {
  const test = db.query(`SELECT t.id FROM torrents t WHERE t.id IN (SELECT value FROM json_each(?)) AND ${rest.sql}`)
  const passing: number[] = []
  let size = 0
  while (passing.length < cap) {
    size = Math.max(cap - passing.length + TEST_MARGIN, size * 2)
    const chunk = source(size)
    if (chunk.length === 0) break
    const kept = new Set((test.values(JSON.stringify(chunk), ...rest.params) as Array<[number]>).map(([id]) => id))
    for (const id of chunk) if (kept.has(id) && passing.length < cap) passing.push(id)
  }
  return passing
}

// Rows of torrents (ids are dense from 1), for the walk's cost estimate and /metrics; the snapshot never changes.
const sizes = new WeakMap<Database, number>()
export const tableRows = (db: Database): number => {
  if (!sizes.has(db)) sizes.set(db, (db.query('SELECT max(id) AS n FROM torrents').get() as { n: number | null }).n ?? 0)
  return sizes.get(db) as number
}

/** The torrents (t) in the order of a rank table (o.rank), with `score` computed on each. */
export const inRankOrder = (index: RankedIndex, score: Fragment, columns: string): string =>
  `SELECT ${columns}, ${score.sql} AS score FROM ${index} o CROSS JOIN torrents t ON t.id = o.id`

/** The rows of `ids`, in that order, with the ranking's score. */
export const fetchInOrder = (db: Database, ids: number[], score: Fragment): SearchHit[] => {
  if (ids.length === 0) return []
  const hits = db
    .query(`SELECT t.id, ${COLUMNS}, ${score.sql} AS score FROM torrents t WHERE t.id IN (SELECT value FROM json_each(?))`)
    .all(...score.params, JSON.stringify(ids)) as Array<SearchHit & { id?: number }>
  return inOrder(hits, ids)
}

/** The fetched rows in the order of `ids` (without their id). */
const inOrder = (hits: Array<SearchHit & { id?: number }>, ids: number[]): SearchHit[] => {
  const position = new Map(ids.map((id, i) => [id, i]))
  hits.sort((a, b) => (position.get(a.id as number) as number) - (position.get(b.id as number) as number))
  for (const hit of hits) delete hit.id
  return hits
}
