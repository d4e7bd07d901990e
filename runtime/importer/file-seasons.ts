/**
 * The file_seasons and pack_seasons tables (runtime/db/schema.ts): which season of which show each
 * torrent's files hold — file_seasons for files rows with an IMDb id of their own, pack_seasons for
 * those without one, under the torrent's id. A pack lists its episodes one after another, so a row
 * that repeats the previous one's torrent, show and season is dropped on the way in (search takes
 * each id once, so the repeats of a torrent whose files the archive splits do no harm). The rest
 * (~10% of the files rows) are inserted as they come, beside the files load: nothing waits in memory
 * while both loads run, the import's peak.
 */
import type { Database } from 'bun:sqlite'
import { BatchInsert } from './batch-insert.ts'

/** One of the two tables: its insert and the row recorded last. */
class SeasonRuns {
  readonly insert: BatchInsert
  // [torrent, imdb, season]
  readonly #last = [Number.NaN, Number.NaN, Number.NaN]

  constructor(db: Database, table: string) {
    this.insert = new BatchInsert(db, table, ['torrent', 'imdb', 'season'])
  }

  add(torrent: number, imdb: number, season: number): void {
    const last = this.#last
    if (last[0] === torrent && last[1] === imdb && last[2] === season) return
    const insert = this.insert
    insert.values[insert.offset] = last[0] = torrent
    insert.values[insert.offset + 1] = last[1] = imdb
    insert.values[insert.offset + 2] = last[2] = season
    insert.advance()
  }
}

export class FileSeasons {
  readonly #own: SeasonRuns
  readonly #packs: SeasonRuns

  constructor(db: Database) {
    this.#own = new SeasonRuns(db, 'file_seasons')
    this.#packs = new SeasonRuns(db, 'pack_seasons')
  }

  /**
   * Records one files row, with the IMDb id of its torrent (`show`). Rows without a torrent or season
   * say nothing a season search reads; a value that is not a finite number is bound as NULL in files
   * (SQLite stores NaN as NULL), so it counts as missing here too.
   */
  add(torrent: number | null, imdb: number | null, season: number | null, show: number | null = null): void {
    if (torrent === null || season === null || !Number.isFinite(season)) return
    if (imdb !== null && Number.isFinite(imdb)) this.#own.add(torrent, imdb, season)
    else if (show !== null && Number.isFinite(show)) this.#packs.add(torrent, show, season)
  }

  /** Inserts the rows still waiting (inside the load's transaction) and releases the statements. */
  finish(): void {
    try {
      this.#own.insert.flush()
      this.#packs.insert.flush()
    } finally {
      this.release()
    }
  }

  /** Releases the statements of a load that failed (again is a no-op). */
  release(): void {
    this.#own.insert.finalize()
    this.#packs.insert.finalize()
  }
}
