/**
 * The result orders of the catalogue, numbered once at import: the default order (seeders, newest,
 * info_hash, id — search's DEFAULT_ORDER) and italian_preferred's (its score, then the default order).
 * Their positions ("ranks") number the rows of torrents_fts, so a title search under the default
 * ranking reads its FTS hits already in result order and stops after the page instead of fetching and
 * sorting every hit. SQLite's sorter orders the loaded torrents table: it works within the cache
 * size and spills to temporary files beyond it, so the import's memory does not grow with the sort
 * keys of the catalogue (a JavaScript sort of them held ~50 bytes a torrent: docs/benchmarks.md).
 */
import type { Database } from 'bun:sqlite'
import { DEFAULT_ORDER } from '../search/plans/plan-rows.ts'
import { ITALIAN_PREFERRED, type RankedIndex } from '../search/rank.ts'
import { BatchInsert } from './batch-insert.ts'

/** Torrent ids (from 1) in the default order, and in the order of italian_preferred. */
export interface RankOrders {
  byDefault: Uint32Array
  italian: Uint32Array
}

/** The buffers of both orders, which move between threads with the message instead of being copied. */
export const orderBuffers = (orders: RankOrders): ArrayBuffer[] => [
  orders.byDefault.buffer as ArrayBuffer,
  orders.italian.buffer as ArrayBuffer,
]

/**
 * A stable partition of `ids` by score, highest first: the order of ORDER BY score DESC, then the
 * order of `ids`. `classOf[i]` is the class of `ids[i]`, `scores[c]` the score of class c.
 */
const byScore = (ids: Uint32Array, classOf: Uint8Array, scores: readonly number[]): Uint32Array => {
  const classes = scores.map((_, index) => index).sort((a, b) => scores[b] - scores[a])
  const counts = new Array<number>(scores.length).fill(0)
  for (const index of classOf) counts[index]++
  const starts = new Array<number>(scores.length)
  let next = 0
  for (const index of classes) (starts[index] = next), (next += counts[index])
  const ordered = new Uint32Array(ids.length)
  for (let i = 0; i < ids.length; i++) ordered[starts[classOf[i]]++] = ids[i]
  return ordered
}

/**
 * Both orders of the torrents table (ids from 1), read through one sort by SQLite: ~5 bytes a torrent
 * are held, the orders themselves (the service holds their positions too).
 */
export const readRankOrders = (db: Database): RankOrders => {
  const [[count]] = db.query('SELECT count(*) FROM torrents').values() as [[number]]
  const byDefault = new Uint32Array(count)
  const classOf = new Uint8Array(count)
  // The italian_preferred scores seen (a handful), each one's class number.
  const classes = new Map<number, number>()
  const rows = db.query(`SELECT t.id AS id, ${ITALIAN_PREFERRED.sql} AS score FROM torrents t ORDER BY ${DEFAULT_ORDER}`)
  let at = 0
  for (const row of rows.iterate() as IterableIterator<{ id: number; score: number }>) {
    let index = classes.get(row.score)
    if (index === undefined) classes.set(row.score, (index = classes.size))
    byDefault[at] = row.id
    classOf[at++] = index
  }
  rows.finalize()
  if (at !== count || classes.size > 255) throw new Error(`the rank order read ${at} of ${count} torrents in ${classes.size} score classes`)
  return { byDefault, italian: byScore(byDefault, classOf, [...classes.keys()]) }
}

/** Appends `count` rows of two integer columns, `row(n)` giving the n-th (1-based) row in key order. */
const appendPairs = (db: Database, table: string, columns: [string, string], count: number, row: (n: number) => [number, number]): void => {
  const insert = new BatchInsert(db, table, columns)
  try {
    for (let n = 1; n <= count; n++) {
      const [first, second] = row(n)
      insert.values[insert.offset] = first
      insert.values[insert.offset + 1] = second
      insert.advance()
    }
    insert.flush()
  } finally {
    insert.finalize()
  }
}

/** Writes an order as rank → id into `table` (torrent_rank, torrent_rank_italian: walked in result order). */
export const writeRanks = (db: Database, table: string, ids: Uint32Array): void =>
  appendPairs(db, table, ['rank', 'id'], ids.length, (rank) => [rank, ids[rank - 1]])

/** Each id's rank (from 1) in an order of ids: index id of the result; index 0, which no torrent has, holds 0. */
export const positionsOf = (ids: Uint32Array): Uint32Array => {
  const positions = new Uint32Array(ids.length + 1)
  ids.forEach((id, index) => (positions[id] = index + 1))
  return positions
}

/** Writes the default order the other way, id → rank, into `table` (the title index is filled through it). */
export const writeRankOf = (db: Database, table: string, byDefault: Uint32Array): void => {
  const rankOf = positionsOf(byDefault)
  appendPairs(db, table, ['id', 'rank'], byDefault.length, (id) => [id, rankOf[id]])
}

/** Writes each ranking's positions (id → rank) as one blob into rank_positions: ~10 ms for a million torrents. */
export const writeRankPositions = (db: Database, orders: Record<RankedIndex, Uint32Array>): void => {
  const insert = db.prepare('INSERT INTO rank_positions (ranking, positions) VALUES (?, ?)')
  try {
    for (const [ranking, ids] of Object.entries(orders)) {
      const positions = positionsOf(ids)
      insert.run(ranking, new Uint8Array(positions.buffer, positions.byteOffset, positions.byteLength))
    }
  } finally {
    insert.finalize()
  }
}
