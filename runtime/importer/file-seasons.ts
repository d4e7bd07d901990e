/**
 * The file_seasons table (runtime/db/schema.ts): which season of which show each torrent's files
 * hold. A pack lists its episodes one after another, so a row that repeats the previous one's
 * torrent, show and season is dropped on the way in (search takes each id once, so the repeats of a
 * torrent whose files the archive splits do no harm); the rest (~10% of the files rows) wait
 * in typed-array chunks (24 bytes a row: IMDb numbers reach ten digits) until the files load ends.
 */
import type { Database } from 'bun:sqlite'
import { BatchInsert } from './batch-insert.ts'

const CHUNK_ROWS = 1 << 16

export class FileSeasons {
  readonly #chunks: Float64Array[] = []
  #rows = 0
  #last: Float64Array | null = null

  /** Records one files row; rows without a torrent, show or season say nothing a season search reads. */
  add(torrent: number | null, imdb: number | null, season: number | null): void {
    // Not finite: bound as NULL in files (SQLite stores NaN as NULL), so no season either.
    if (torrent === null || imdb === null || season === null || !Number.isFinite(imdb) || !Number.isFinite(season)) return
    const last = this.#last
    if (last && last[0] === torrent && last[1] === imdb && last[2] === season) return
    const slot = (this.#rows % CHUNK_ROWS) * 3
    if (slot === 0) this.#chunks.push(new Float64Array(CHUNK_ROWS * 3))
    const chunk = this.#chunks[this.#chunks.length - 1]
    chunk[slot] = torrent
    chunk[slot + 1] = imdb
    chunk[slot + 2] = season
    this.#last = chunk.subarray(slot, slot + 3)
    this.#rows++
  }

  get rows(): number {
    return this.#rows
  }

  /** Inserts every recorded row into file_seasons (inside the caller's transaction) and lets the chunks go. */
  write(db: Database): void {
    const insert = new BatchInsert(db, 'file_seasons', ['torrent', 'imdb', 'season'])
    try {
      for (let row = 0; row < this.#rows; row++) {
        const chunk = this.#chunks[Math.floor(row / CHUNK_ROWS)]
        const slot = (row % CHUNK_ROWS) * 3
        insert.values[insert.offset] = chunk[slot]
        insert.values[insert.offset + 1] = chunk[slot + 1]
        insert.values[insert.offset + 2] = chunk[slot + 2]
        insert.advance()
      }
      insert.flush()
    } finally {
      insert.finalize()
    }
    this.#chunks.length = 0
    this.#last = null
  }
}
