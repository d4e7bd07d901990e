/**
 * The file_seasons table (runtime/db/schema.ts): which season of which show each torrent's files
 * hold. A pack lists its episodes one after another, so a row that repeats the previous one's
 * torrent, show and season is dropped on the way in (search takes each id once, so the repeats of a
 * torrent whose files the archive splits do no harm). The rest (~10% of the files rows) are inserted
 * as they come, beside the files load: nothing waits in memory while both loads run, the import's
 * peak.
 */
import type { Database } from 'bun:sqlite'
import { BatchInsert } from './batch-insert.ts'

export class FileSeasons {
  readonly #insert: BatchInsert
  // The row recorded last: [torrent, imdb, season].
  readonly #last = [Number.NaN, Number.NaN, Number.NaN]

  constructor(db: Database) {
    this.#insert = new BatchInsert(db, 'file_seasons', ['torrent', 'imdb', 'season'])
  }

  /** Records one files row; rows without a torrent, show or season say nothing a season search reads. */
  add(torrent: number | null, imdb: number | null, season: number | null): void {
    // Not finite: bound as NULL in files (SQLite stores NaN as NULL), so no season either.
    if (torrent === null || imdb === null || season === null || !Number.isFinite(imdb) || !Number.isFinite(season)) return
    const last = this.#last
    if (last[0] === torrent && last[1] === imdb && last[2] === season) return
    const insert = this.#insert
    insert.values[insert.offset] = last[0] = torrent
    insert.values[insert.offset + 1] = last[1] = imdb
    insert.values[insert.offset + 2] = last[2] = season
    insert.advance()
  }

  /** Inserts the rows still waiting (inside the load's transaction) and releases the statements. */
  finish(): void {
    try {
      this.#insert.flush()
    } finally {
      this.#insert.finalize()
    }
  }

  /** Releases the statements of a load that failed (again is a no-op). */
  release(): void {
    this.#insert.finalize()
  }
}
