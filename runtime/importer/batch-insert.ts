/**
 * Bulk loading into one SQLite file: load-time pragmas and 50-row prepared INSERTs whose values
 * are bound as numbers, not numeric strings (import-calibration.md §2: together ~35% faster).
 */
import { Database, type Statement } from 'bun:sqlite'

/** A value bound to a statement: numbers stay numbers (see above). */
export type SqlValue = string | number | null

const ROWS_PER_STATEMENT = 50

// Appending rows needs few cached pages, and both pipelines load at once; the index sorts that
// follow work in chunks of the cache size. Measured on the 1M dump: 4 MB while loading and 8 MB for
// the sorts peak at 270–280 MB and are as fast as 16 MB throughout, which peaked at 337 MB.
const LOAD_CACHE_KIB = 4000
export const INDEX_CACHE_KIB = 8000

/** Opens a new file for a bulk load: no journal (a failed import is thrown away), small cache, temp on disk. */
export const openBulkDatabase = (path: string, tablesDdl: readonly string[]): Database => {
  const db = new Database(path, { create: true })
  try {
    // page_size must precede the first table; cache_size is in KiB when negative.
    db.run('PRAGMA page_size = 16384')
    db.run('PRAGMA journal_mode = OFF')
    db.run('PRAGMA synchronous = OFF')
    db.run('PRAGMA locking_mode = EXCLUSIVE')
    db.run(`PRAGMA cache_size = -${LOAD_CACHE_KIB}`)
    db.run('PRAGMA temp_store = FILE')
    for (const ddl of tablesDdl) db.run(ddl)
  } catch (error) {
    db.close()
    throw error
  }
  return db
}

const placeholders = (columns: number, rows: number): string => {
  const row = `(${new Array(columns).fill('?').join(',')})`
  return new Array(rows).fill(row).join(',')
}

/** Collects rows into one flat value array and inserts them 50 at a time. */
export class BatchInsert {
  /** Row mappers write the next row's values here, starting at `offset`. */
  readonly values: SqlValue[]
  offset = 0
  rows = 0
  readonly #width: number
  readonly #batch: Statement
  readonly #single: Statement
  #finalized = false

  constructor(db: Database, table: string, columns: readonly string[]) {
    this.#width = columns.length
    this.values = new Array(columns.length * ROWS_PER_STATEMENT).fill(null)
    const prefix = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `
    this.#batch = db.prepare(prefix + placeholders(columns.length, ROWS_PER_STATEMENT))
    this.#single = db.prepare(prefix + placeholders(columns.length, 1))
  }

  /** Marks the row at `offset` as complete; runs the statement when 50 rows are waiting. */
  advance(): void {
    this.rows++
    this.offset += this.#width
    if (this.offset === this.values.length) {
      this.#batch.run(this.values as never)
      this.offset = 0
    }
  }

  /** Inserts the rows still waiting (fewer than 50), one by one. */
  flush(): void {
    for (let start = 0; start < this.offset; start += this.#width) {
      this.#single.run(this.values.slice(start, start + this.#width) as never)
    }
    this.offset = 0
  }

  /** Releases both statements (again is a no-op), so closing the connection frees the file at once. */
  finalize(): void {
    if (this.#finalized) return
    this.#finalized = true
    this.#batch.finalize()
    this.#single.finalize()
  }
}
