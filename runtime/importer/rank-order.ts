/**
 * The default result order of the catalogue (seeders, newest, info_hash, id — search's UNSCORED
 * order), computed once at import from three columns per torrent. Its positions ("ranks") number the
 * rows of torrents_fts, so a title search under the default ranking reads its FTS hits already in
 * result order and stops after the page instead of fetching and sorting every hit. The order of
 * italian_preferred (Italian audio, then MULTI/DUAL, then the rest, each in the default order) comes
 * from the same sort: cheaper than an index on the score expression (~1.2 s at 1M).
 */
import type { Database } from 'bun:sqlite'
import type { RankedIndex } from '../search/rank.ts'
import { BatchInsert } from './batch-insert.ts'

// A hash is kept as the number of its first 13 hex digits (52 bits, exact in a double): the rest
// only matters between two rows with equal seeders, upload time and those digits, which order()
// settles by reading their full hashes back (with 1M random hashes, hardly ever).
const HEAD_DIGITS = 13

/**
 * The value of the first 13 characters when they are lower-case hex digits (their numeric order is
 * then their text order; what follows only matters between equal heads, settled on the full text),
 * or -1 for any other text.
 */
const hashHead = (text: string): number => {
  if (text.length < HEAD_DIGITS) return -1
  let head = 0
  for (let k = 0; k < HEAD_DIGITS; k++) {
    const code = text.charCodeAt(k)
    const digit = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : -1
    if (digit < 0) return -1
    head = head * 16 + digit
  }
  return head
}

// Keys are kept in fixed chunks: growing one array by doubling would hold two copies at the peak.
const CHUNK_BITS = 16
const CHUNK_ROWS = 1 << CHUNK_BITS
const CHUNK_MASK = CHUNK_ROWS - 1

/** [start, end) of each stretch of `indexes` longer than one whose neighbours are all `same`. */
const runsOf = (indexes: Uint32Array, same: (a: number, b: number) => boolean): Array<[start: number, end: number]> => {
  const runs: Array<[number, number]> = []
  for (let start = 0, end = 1; start < indexes.length; start = end, end = start + 1) {
    while (end < indexes.length && same(indexes[start], indexes[end])) end++
    if (end - start > 1) runs.push([start, end])
  }
  return runs
}

/**
 * Positions ordered by `keys` descending, then by position, with two native numeric sorts instead of
 * a JavaScript comparator (~0.2 s against ~0.45 s at 1M): each key becomes its rank among the distinct
 * keys, and rank × 2^bits + position sorts as one exact double. Null past 2^26 positions.
 */
const descendingOrder = (keys: Float64Array): Uint32Array | null => {
  const bits = Math.max(1, Math.ceil(Math.log2(keys.length + 1)))
  if (bits > 26) return null
  const distinct = keys.slice().sort()
  let count = 0
  for (let i = 0; i < distinct.length; i++) if (count === 0 || distinct[i] !== distinct[count - 1]) distinct[count++] = distinct[i]
  const scale = 2 ** bits
  const composite = new Float64Array(keys.length)
  for (let position = 0; position < keys.length; position++) {
    let low = 0
    let high = count - 1
    while (low < high) {
      const middle = (low + high) >>> 1
      if (distinct[middle] < keys[position]) low = middle + 1
      else high = middle
    }
    // The largest key gets rank 0.
    composite[position] = (count - 1 - low) * scale + position
  }
  composite.sort()
  const order = new Uint32Array(keys.length)
  for (let i = 0; i < order.length; i++) order[i] = composite[i] % scale
  return order
}

/** Full info hashes of some torrents (by id), for ties the hash heads cannot settle. */
export type HashLookup = (ids: number[]) => Map<number, string>

/** Classes of italian_preferred, best first (runtime/search/rank.ts ITALIAN_PREFERRED: 100, 25, 0). */
export const ITALIAN_AUDIO = 0
export const MULTI_AUDIO = 1
export const OTHER_AUDIO = 2
const AUDIO_CLASSES = 3

/** Torrent ids (from 1) in the default order, and in the order of italian_preferred. */
export interface RankOrders {
  byDefault: Uint32Array
  italian: Uint32Array
}

/** The sort keys of every torrent in archive order (id = index + 1): 24 bytes a torrent. */
export class RankKeys {
  readonly #seeders: Float64Array[] = []
  readonly #uploaded: Float64Array[] = []
  readonly #heads: Float64Array[] = []
  readonly #audio: Uint8Array[] = []
  /** Hashes not starting with 13 lower-case hex digits (never seen upstream): their first 13 characters. */
  readonly #oddHeads = new Map<number, string>()
  count = 0

  /** `seeders` null sorts after every number, as SQLite's `seeders DESC` puts NULLs last; `audio` is ITALIAN_AUDIO… */
  add(seeders: number | null, uploaded: number, infoHash: string, audio: number): void {
    const slot = this.count & CHUNK_MASK
    if (slot === 0) {
      for (const list of [this.#seeders, this.#uploaded, this.#heads]) list.push(new Float64Array(CHUNK_ROWS))
      this.#audio.push(new Uint8Array(CHUNK_ROWS))
    }
    const chunk = this.count >>> CHUNK_BITS
    this.#audio[chunk][slot] = audio
    this.#seeders[chunk][slot] = seeders ?? Number.NEGATIVE_INFINITY
    this.#uploaded[chunk][slot] = uploaded
    const head = hashHead(infoHash)
    if (head >= 0) this.#heads[chunk][slot] = head
    else this.#oddHeads.set(this.count, infoHash.slice(0, HEAD_DIGITS))
    this.count++
  }

  #head(index: number): number {
    return this.#heads[index >>> CHUNK_BITS][index & CHUNK_MASK]
  }

  #headText(index: number): string {
    return this.#oddHeads.get(index) ?? this.#head(index).toString(16).padStart(HEAD_DIGITS, '0')
  }

  /** Hash order by the first 13 characters; 0 leaves it to the full hashes. */
  #compareHeads(a: number, b: number): number {
    if (this.#oddHeads.size === 0 || !(this.#oddHeads.has(a) || this.#oddHeads.has(b))) return this.#head(a) - this.#head(b)
    const [left, right] = [this.#headText(a), this.#headText(b)]
    return left < right ? -1 : left > right ? 1 : 0
  }

  /**
   * Seeders and upload time as one number in the same order, when every row allows it (seeders
   * 0..2^20 or NULL, upload time 0..2^32 s): one flat array makes the sort ~40% faster.
   */
  #packedKeys(): Float64Array | null {
    const packed = new Float64Array(this.count)
    for (let i = 0; i < this.count; i++) {
      const seeders = this.#seeders[i >>> CHUNK_BITS][i & CHUNK_MASK]
      const uploaded = this.#uploaded[i >>> CHUNK_BITS][i & CHUNK_MASK]
      // NULL is level 0, below every count (0 seeders is level 1).
      const level = seeders === Number.NEGATIVE_INFINITY ? 0 : seeders + 1
      if (!(Number.isInteger(level) && (level >= 1 || seeders === Number.NEGATIVE_INFINITY) && level <= 2 ** 20)) return null
      if (!(Number.isInteger(uploaded) && uploaded >= 0 && uploaded < 2 ** 32)) return null
      packed[i] = level * 2 ** 32 + uploaded
    }
    return packed
  }

  /** Seeders, then upload time, both descending: > 0 when b comes first. */
  #keyOrder(packed: Float64Array | null): (a: number, b: number) => number {
    if (packed) return (a, b) => packed[b] - packed[a]
    const [seeders, uploaded] = [this.#seeders, this.#uploaded]
    return (a, b) =>
      seeders[b >>> CHUNK_BITS][b & CHUNK_MASK] - seeders[a >>> CHUNK_BITS][a & CHUNK_MASK] ||
      uploaded[b >>> CHUNK_BITS][b & CHUNK_MASK] - uploaded[a >>> CHUNK_BITS][a & CHUNK_MASK]
  }

  /** Torrent ids (1-based archive positions) in both orders: ~0.25 s for a million. */
  orders(fullHashes: HashLookup): RankOrders {
    const packed = this.#packedKeys()
    const byKey = this.#keyOrder(packed)
    // By key, then position; equal keys (rare: seeders and upload second) then go by hash head.
    const indexes = (packed && descendingOrder(packed)) || this.#comparatorOrder(byKey)
    for (const [start, end] of runsOf(indexes, (a, b) => byKey(a, b) === 0)) {
      indexes.subarray(start, end).sort((a, b) => this.#compareHeads(a, b) || a - b)
    }
    this.#settleTies(indexes, (a, b) => byKey(a, b) || this.#compareHeads(a, b), fullHashes)
    for (let i = 0; i < indexes.length; i++) indexes[i] += 1
    return { byDefault: indexes, italian: this.#italianOrder(indexes) }
  }

  /** Positions by `byKey`, then position, through a JavaScript comparator (keys outside the packed range). */
  #comparatorOrder(byKey: (a: number, b: number) => number): Uint32Array {
    const indexes = new Uint32Array(this.count)
    for (let i = 0; i < indexes.length; i++) indexes[i] = i
    return indexes.sort((a, b) => byKey(a, b) || a - b)
  }

  /** A stable partition of the default order by audio class: the classes come first by score, ties keep their rank. */
  #italianOrder(byDefault: Uint32Array): Uint32Array {
    const audioOf = (id: number) => this.#audio[(id - 1) >>> CHUNK_BITS][(id - 1) & CHUNK_MASK]
    const starts = new Array<number>(AUDIO_CLASSES + 1).fill(0)
    for (const id of byDefault) starts[audioOf(id) + 1]++
    for (let audio = 1; audio <= AUDIO_CLASSES; audio++) starts[audio] += starts[audio - 1]
    const italian = new Uint32Array(byDefault.length)
    for (const id of byDefault) italian[starts[audioOf(id)]++] = id
    return italian
  }

  /** Re-sorts each run of rows that `tied` cannot tell apart by their full hashes, then position. */
  #settleTies(indexes: Uint32Array, tied: (a: number, b: number) => number, fullHashes: HashLookup): void {
    const runs = runsOf(indexes, (a, b) => tied(a, b) === 0)
    if (runs.length === 0) return
    const hashes = fullHashes(runs.flatMap(([start, end]) => [...indexes.subarray(start, end)].map((index) => index + 1)))
    for (const [start, end] of runs) {
      indexes.subarray(start, end).sort((a, b) => {
        const [left, right] = [hashes.get(a + 1) ?? '', hashes.get(b + 1) ?? '']
        return left < right ? -1 : left > right ? 1 : a - b
      })
    }
  }
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
