/**
 * The swappable snapshot database handle. Every query runs synchronously on the main thread,
 * so once swap() returns no request can still hold the previous handle: it is closed at once.
 */
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { FILES_FILE, FILES_SCHEMA, MAIN_FILE, SNAPSHOT_TABLES } from './schema.ts'

export interface OpenSnapshot {
  db: Database
  directory: string
  tag: string
}

/**
 * What search needs and older imports lacked: every table of SNAPSHOT_TABLES (the rank tables are
 * newer than the rest; torrents_fts is numbered by rank since torrent_rank exists) and files naming
 * their torrent by id. Null when the snapshot has them all.
 */
const missingLayout = (db: Database): string | null => {
  const tables = [...SNAPSHOT_TABLES.main.map((table) => ['main', table]), ...SNAPSHOT_TABLES.files.map((table) => [FILES_SCHEMA, table])]
  for (const [schema, table] of tables) {
    if (!db.query(`SELECT 1 FROM ${schema}.sqlite_master WHERE name = ?`).get(table)) return `no ${table} table`
  }
  if (!db.query(`SELECT 1 FROM pragma_table_info('files', '${FILES_SCHEMA}') WHERE name = 'torrent'`).get())
    return 'files without torrent ids'
  return null
}

/** Opens a snapshot directory read-only, with files.db attached. */
export const openSnapshot = (directory: string, tag: string): OpenSnapshot => {
  const db = new Database(join(directory, MAIN_FILE), { readonly: true })
  try {
    db.run('PRAGMA query_only = 1')
    db.run('PRAGMA cache_size = -32000')
    // The largest map SQLite allows (its 2 GiB build limit): index probes of a large snapshot then
    // read straight from the page cache instead of through pread and a 32 MB page cache.
    db.run('PRAGMA mmap_size = 2147418112')
    // A plain path, not a `file:` URI (bun:sqlite opens without SQLITE_OPEN_URI); an attached
    // file inherits the read-only flag of the main connection.
    db.run(`ATTACH DATABASE ? AS ${FILES_SCHEMA}`, [join(directory, FILES_FILE)])
    const missing = missingLayout(db)
    if (missing) throw new Error(`it was imported by an older version: ${missing}`)
  } catch (error) {
    db.close()
    throw error
  }
  return { db, directory, tag }
}

export class SnapshotDatabase {
  #current: OpenSnapshot | null = null

  get current(): OpenSnapshot | null {
    return this.#current
  }

  get db(): Database | null {
    return this.#current?.db ?? null
  }

  get tag(): string | null {
    return this.#current?.tag ?? null
  }

  /** Installs `next` and returns the previous snapshot (still open) so the caller can roll back. */
  swap(next: OpenSnapshot | null): OpenSnapshot | null {
    const previous = this.#current
    this.#current = next
    return previous
  }

  /** A real round trip to the handle, made for each status request. */
  probe(): boolean {
    const db = this.#current?.db
    if (!db) return false
    try {
      const row = db.query('SELECT count(*) AS n FROM sqlite_master WHERE name = ?').get('torrents') as { n: number }
      return row.n === 1
    } catch {
      return false
    }
  }

  close(): void {
    this.#current?.db.close()
    this.#current = null
  }
}

/**
 * Points SQLite's temporary files (the sorter spills of index builds over millions of rows, temp
 * tables) at `directory` — under DATA_DIR, never a NAS's small, volatile /tmp. The setting is
 * process-wide, so it is made once at start-up before any import runs; '' restores the default.
 */
export const useSqliteTempDirectory = (directory: string): void => {
  const db = new Database(':memory:')
  try {
    db.run(`PRAGMA temp_store_directory = '${directory.replaceAll("'", "''")}'`)
  } finally {
    db.close()
  }
}
