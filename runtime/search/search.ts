/**
 * search(db, query) → { items, total }: one SQL statement filters, ranks and pages the whole result,
 * so pages never repeat or skip a release; the count comes with it or from one more statement.
 */
import type { Database } from 'bun:sqlite'
import { isRecentQuery, type SearchHit, type SearchQuery, type SearchResult } from './query.ts'
import { ranking, ZERO_SCORE, type Fragment, type RankedIndex } from './rank.ts'
import { orderByRank, rankOrder, rankPositions } from './rank-positions.ts'
import { all, idCandidates, isIdSearch, matchConditions, narrowingConditions, TITLE_HITS } from './sql.ts'
import { postingsOf, RankIntersection } from './title-postings.ts'
import { ftsMatch, titlesMatching, walkableTokens } from './tokens.ts'

const COLUMNS = ['info_hash', 'title', 'provider', 'size', 'type', 'uploaded', 'seeders', 'imdb', 'tmdb', 'season', 'episode']
  .concat(['season_first', 'season_last', 'episode_first', 'episode_last', 'resolution', 'languages', 'subtitles'])
  .map((column) => `t.${column}`)
  .join(', ')

// info_hash, then the rowid, make the order total even if two rows share a hash.
const RANKED_ORDER = 'score DESC, t.seeders DESC NULLS LAST, t.uploaded DESC, t.info_hash, t.id'
const RECENT_ORDER = 't.uploaded DESC, t.info_hash, t.id'
// The same order over a fetched page (score comes from the page, the rest from the row).
const PAGE_ORDER = 'page.score DESC, t.seeders DESC NULLS LAST, t.uploaded DESC, t.info_hash, t.id'

/**
 * No client reads `total` to stop paging (they stop at a short page), and counting a million rows
 * is not free, so the recent-releases feed, title words in the default order (rankedTitles), very broad
 * words under italian_preferred, id searches in a ranking's order (rankedIds) and a season searched
 * without id or words (when its page lies in the first WINDOW_ROWS rows) count up to this bound (or
 * SearchQuery.totalCap), or one past the requested page when that is deeper: `total` is then a lower
 * bound that says "more".
 */
export const TOTAL_CAP = 1000
/** Under italian_preferred, title words matching at least this many titles are "broad": see broad(). */
export const BROAD_MATCHES = 10_000

const whereClause = (parts: Fragment[]): Fragment => (parts.length > 0 ? all(parts) : { sql: '1', params: [] })
const capFor = (query: SearchQuery) => Math.max(query.totalCap ?? TOTAL_CAP, query.offset + query.limit + 1)

/** Which strategy search() took (diagnostics: the explain report); search.ts's function names. */
export type SearchPlan = 'no-category' | 'rankedIds' | 'recent' | 'rankedTitles' | 'positionedTitles' | 'broad' | 'windowed' | 'ranked'

export const search = (db: Database, query: SearchQuery, trace?: { plan?: SearchPlan }): SearchResult => {
  const noted = (plan: SearchPlan, result: SearchResult): SearchResult => {
    if (trace) trace.plan = plan
    return result
  }
  if (query.slices !== null && query.slices.length === 0) return noted('no-category', { items: [], total: 0 })
  const rank = ranking(query.processing)
  const filters = rank.filter ? [rank.filter] : []
  const index = rank.index
  // An id search in a ranking's order needs its candidates and the row conditions apart, never the whole WHERE.
  const ids = index && idCandidates(query)
  if (index && ids) return noted('rankedIds', rankedIds(db, query, { ids, rest: whereClause([...narrowingConditions(query), ...filters]), score: rank.score, index }))
  const where = whereClause([...matchConditions(query), ...filters])
  if (isRecentQuery(query)) return noted('recent', recent(db, query, where))
  if (index && isTitleSearch(query)) {
    // The conditions without the words: tested on each FTS hit's row.
    const rest = whereClause([...matchConditions({ ...query, words: [] }), ...filters])
    if (index === 'torrent_rank') return noted('rankedTitles', rankedTitles(db, query, rest))
    const positioned = positionedTitles(db, query, { rest, score: rank.score, index })
    if (positioned) return noted('positionedTitles', positioned)
    const matches = titleMatches(db, query)
    if (matches >= BROAD_MATCHES || indexWalkPays(db, query, matches)) return noted('broad', broad(db, query, { where, rest, score: rank.score, index, matches }))
  }
  const bare = index && query.words.length === 0 && query.imdb === null && query.tmdb === null
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

/**
 * An id search (t=movie, t=tvsearch by id) under a ranking with a rank table. Its candidates come from
 * indexes alone and are put in result order by their ids (rank-positions.ts); only then are rows read:
 * `rest` (scope, categories, the ranking's filter) on just enough of them for the page and the count,
 * which stops at capFor() unless nothing is left to test, and the page's rows. A show with 14,000
 * torrents in a season used to fetch and sort all 14,000 rows (~60 ms); now ~5 ms.
 */
const rankedIds = (db: Database, query: SearchQuery, plan: { ids: Fragment; rest: Fragment; score: Fragment; index: RankedIndex }): SearchResult => {
  // One JSON text, not a row per id: a huge show lists ~20,000 of them (~250 ns a row as values()).
  const list = `WITH candidates(id) AS (${plan.ids.sql}) SELECT json_group_array(id) AS ids FROM candidates WHERE id IS NOT NULL`
  const row = db.query(list).get(...plan.ids.params) as { ids: string }
  return pageInRankOrder(db, query, JSON.parse(row.ids) as number[], plan)
}

/**
 * Every candidate of a search, put in the order of `plan.index` by its positions: the page's rows,
 * and the count (exact, or up to capFor() when `rest` must be tested on the rows, in chunks).
 */
const pageInRankOrder = (db: Database, query: SearchQuery, ids: number[], plan: { rest: Fragment; score: Fragment; index: RankedIndex }): SearchResult => {
  const ordered = orderByRank(rankPositions(db, plan.index), ids)
  const passing = plan.rest.sql === '1' ? ordered : passingInOrder(db, inChunks(ordered), plan.rest, capFor(query))
  return { items: fetchInOrder(db, passing.slice(query.offset, query.offset + query.limit), plan.score), total: passing.length }
}

/** positionedTitles() lists every hit when the rarest word holds at most this many titles. */
const POSITIONED_TITLE_HITS = 50_000

/**
 * Title words under a ranking with its own rank table (italian_preferred). The word lists'
 * intersection (title-postings.ts) is every hit, in the default order; the ranking's positions put
 * them in its order, as for an id search. A name's words meet in a few hundred titles (~0.1 ms), and
 * a single name word such as "reed" lists some 25,000 (3–12 ms), where counting the FTS matches and
 * sorting or walking cost 30–40 ms. Null when the rarest word is too common to list every hit:
 * broad() walks the rank table instead.
 */
const positionedTitles = (db: Database, query: SearchQuery, plan: { rest: Fragment; score: Fragment; index: RankedIndex }): SearchResult | null => {
  const lists = postingsOf(db, query.words)
  if (Math.min(...lists.map((list) => list.length)) > POSITIONED_TITLE_HITS) return null
  const order = rankOrder(db, 'torrent_rank')
  const ids = new RankIntersection(lists).next(POSITIONED_TITLE_HITS).map((rank) => order[rank])
  return pageInRankOrder(db, query, ids, plan)
}

// Rows tested beyond what is still missing, in case `rest` drops some (the scope rarely does).
const TEST_MARGIN = 50

/** Ids in result order, handed out `count` at a time (an empty array: no more). */
type IdSource = (count: number) => number[]

const inChunks = (ids: number[]): IdSource => {
  let start = 0
  return (count) => ids.slice(start, (start += count))
}

/**
 * The first `cap` ids of `source` (in its order) whose rows meet `rest`, tested a chunk at a time;
 * chunks at least double, so a filter that drops most rows (italian_only on a show with few Italian
 * releases) costs a few statements, not one per page's worth of rows.
 */
const passingInOrder = (db: Database, source: IdSource, rest: Fragment, cap: number): number[] => {
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

/** Words, and nothing else that picks rows by id or season (scope, categories and filters may apply). */
const isTitleSearch = (query: SearchQuery): boolean =>
  query.words.length > 0 && query.imdb === null && query.tmdb === null && query.season === null

/** For a pure title search, how many titles hold the words, counted up to BROAD_MATCHES. */
const titleMatches = (db: Database, query: SearchQuery): number => {
  const sql = 'SELECT count(*) AS n FROM (SELECT 1 FROM torrents_fts WHERE torrents_fts MATCH ? LIMIT ?)'
  return (db.query(sql).get(ftsMatch(query.words), BROAD_MATCHES) as { n: number }).n
}

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
const rankedTitles = (db: Database, query: SearchQuery, rest: Fragment): SearchResult => {
  const order = rankOrder(db, 'torrent_rank')
  const cap = capFor(query)
  let ids: number[]
  if (query.words.length > 1 || query.offset >= LISTED_FROM_OFFSET) {
    const hits = new RankIntersection(postingsOf(db, query.words))
    const next: IdSource = (count) => hits.next(count).map((rank) => order[rank])
    ids = rest.sql === '1' ? next(cap) : passingInOrder(db, next, rest, cap)
  } else {
    const sql = rest.sql === '1'
      ? 'SELECT rowid FROM torrents_fts f WHERE f.torrents_fts MATCH ? ORDER BY rowid LIMIT ?'
      : `SELECT f.rowid FROM ${TITLE_HITS} CROSS JOIN torrents t ON t.id = r.id WHERE f.torrents_fts MATCH ? AND ${rest.sql} ORDER BY f.rowid LIMIT ?`
    const ranks = db.query(sql).values(ftsMatch(query.words), ...rest.params, cap) as Array<[number]>
    ids = ranks.map(([rank]) => order[rank])
  }
  return { items: fetchInOrder(db, ids.slice(query.offset, query.offset + query.limit), ZERO_SCORE), total: ids.length }
}

/**
 * Below BROAD_MATCHES the FTS-driven index walk of broad() still beats sorting when the words are
 * common enough: sorting fetches every hit's row (~1.8 µs), the walk reads each FTS rowid (~0.15 µs)
 * and then index entries (~0.3 µs) until the page is full, about wanted × rows / matches of them.
 */
const indexWalkPays = (db: Database, query: SearchQuery, matches: number): boolean =>
  matches * matches * 1.65 > (query.offset + query.limit) * tableRows(db) * 0.3

// Rows of torrents (ids are dense from 1), for the walk's cost estimate and /metrics; the snapshot never changes.
const sizes = new WeakMap<Database, number>()
export const tableRows = (db: Database): number => {
  if (!sizes.has(db)) sizes.set(db, (db.query('SELECT max(id) AS n FROM torrents').get() as { n: number | null }).n ?? 0)
  return sizes.get(db) as number
}

interface BroadPlan {
  where: Fragment
  /** The conditions without the words, for the FTS-driven count. */
  rest: Fragment
  score: Fragment
  index: 'torrent_rank_italian'
  /** Titles holding the words, counted up to BROAD_MATCHES. */
  matches: number
}

/** The torrents (t) in the order of a rank table (o.rank), with `score` computed on each. */
const inRankOrder = (index: RankedIndex, score: Fragment, columns: string): string =>
  `SELECT ${columns}, ${score.sql} AS score FROM ${index} o CROSS JOIN torrents t ON t.id = o.id`

/**
 * Broad words (a word such as "1080p" matches half the catalogue): sorting every hit would cost up
 * to a second, so the rank table of the ranking is walked instead, stopping after the page. The
 * count stops at the cap, driven lazily by FTS.
 */
const broad = (db: Database, query: SearchQuery, plan: BroadPlan): SearchResult => {
  const isBroad = plan.matches >= BROAD_MATCHES
  const items = (isBroad && walkableTokens(query.words) && walk(db, query, plan)) ||
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
    const matches = titlesMatching(batch.map((row) => row[1]), query.words)
    batch.forEach((row, i) => matches[i] && ids.push(row[0]))
    walked += size
    if (batch.length < size) break
  }
  return fetchInOrder(db, ids.slice(query.offset, wanted), plan.score)
}

/** Rows of the ranking's rank table that windowed() reads before it gives way to a full sort. */
const WINDOW_ROWS = 20_000

/**
 * A season without id or words (t=tvsearch&season=1) matches a large share of the catalogue, and
 * sorting it all costs ~0.5 s at 1M. The first WINDOW_ROWS rows of the ranking's rank table hold the page
 * whenever they hold offset + limit hits (they come first in the final order), so they are filtered
 * in that order; the count is capped like broad()'s. Null (the caller sorts) when the window falls short.
 */
const windowed = (db: Database, query: SearchQuery, plan: { where: Fragment; score: Fragment; index: RankedIndex }): SearchResult | null => {
  const ids = db
    .query(`SELECT w.id FROM (${firstRows(plan)}) w JOIN torrents t ON t.id = w.id WHERE ${plan.where.sql} LIMIT ?`)
    .values(...plan.score.params, WINDOW_ROWS, ...plan.where.params, query.offset + query.limit) as Array<[number]>
  if (ids.length < query.offset + query.limit) return null
  const page = ids.slice(query.offset).map((row) => row[0])
  const row = db.query(`SELECT count(*) AS n FROM (SELECT 1 FROM torrents t WHERE ${plan.where.sql} LIMIT ?)`).get(...plan.where.params, capFor(query)) as { n: number }
  return { items: fetchInOrder(db, page, plan.score), total: row.n }
}

/** The ids (and scores) of the first `?` rows in the ranking's order, from its rank table. */
const firstRows = (plan: { score: Fragment; index: RankedIndex }): string =>
  plan.score.sql === '0' ? `SELECT id, 0 AS score FROM ${plan.index} ORDER BY rank LIMIT ?` : `${inRankOrder(plan.index, plan.score, 't.id')} ORDER BY o.rank LIMIT ?`

/** The rows of `ids`, in that order, with the ranking's score. */
const fetchInOrder = (db: Database, ids: number[], score: Fragment): SearchHit[] => {
  if (ids.length === 0) return []
  const hits = db
    .query(`SELECT t.id, ${COLUMNS}, ${score.sql} AS score FROM torrents t WHERE t.id IN (SELECT value FROM json_each(?))`)
    .all(...score.params, JSON.stringify(ids)) as Array<SearchHit & { id?: number }>
  return inOrder(hits, ids)
}

/** search() where there may be no snapshot yet: then an empty result. */
export const searchOrEmpty = (db: Database | null, query: SearchQuery): SearchResult => (db ? search(db, query) : { items: [], total: 0 })

/** The fetched rows in the order of `ids` (without their id). */
const inOrder = (hits: Array<SearchHit & { id?: number }>, ids: number[]): SearchHit[] => {
  const position = new Map(ids.map((id, i) => [id, i]))
  hits.sort((a, b) => (position.get(a.id as number) as number) - (position.get(b.id as number) as number))
  for (const hit of hits) delete hit.id
  return hits
}

/** The torrent behind a `t=get` link, or null. */
export const findTorrent = (db: Database, infoHash: string): SearchHit | null =>
  (db.query(`SELECT ${COLUMNS}, 0 AS score FROM torrents t WHERE t.info_hash = ? ORDER BY t.id LIMIT 1`).get(infoHash.toLowerCase()) as SearchHit | null) ??
  null
