/** Checks a freshly built snapshot file before it may be installed: integrity, objects, row counts. */
import type { Database } from 'bun:sqlite'
import { ImportError } from './import-error.ts'

/** The first SQLite varint of `bytes` (big-endian 7-bit groups; a ninth byte gives all 8 bits). */
const varint = (bytes: Uint8Array): number => {
  let value = 0
  for (let i = 0; i < 9 && i < bytes.length; i++) {
    if (i === 8) return value * 256 + bytes[i]
    value = value * 128 + (bytes[i] & 0x7f)
    if ((bytes[i] & 0x80) === 0) return value
  }
  return value
}

/**
 * Rows of an FTS5 table that cannot be scanned (contentless, columnsize=0): FTS5 keeps the total in
 * its "averages" record (rowid 1 of <table>_data), which every insert updates.
 */
export const ftsRowCount = (db: Database, table: string): number => {
  const row = db.query(`SELECT block FROM ${table}_data WHERE id = 1`).get() as { block: Uint8Array } | null
  return row ? varint(row.block) : 0
}

/** Tables whose rows count(*) cannot scan, and how they are counted instead. */
const UNSCANNABLE: Record<string, (db: Database, table: string) => number> = { torrents_fts: ftsRowCount }

/** quick_check's complaints; a file too damaged to check at all is one complaint. */
const integrityProblems = (db: Database): string[] => {
  try {
    return (db.query('PRAGMA quick_check').values() as [string][]).map(([line]) => line).filter((line) => line !== 'ok')
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)]
  }
}

/**
 * Throws an ImportError unless `PRAGMA quick_check` passes, every object in `objects` exists and
 * each table holds exactly the rows read from the archive (`expected`, by table name).
 */
export const validateSnapshotFile = (db: Database, file: string, objects: readonly string[], expected: Record<string, number>): void => {
  const problems = integrityProblems(db)
  if (problems.length > 0) throw new ImportError(`${file} failed its integrity check: ${problems.slice(0, 3).join('; ')}`)
  const present = new Set((db.query('SELECT name FROM sqlite_master').values() as [string][]).map(([name]) => name))
  const missing = objects.filter((name) => !present.has(name))
  if (missing.length > 0) throw new ImportError(`${file} is missing ${missing.join(', ')} after the import`)
  for (const [table, rows] of Object.entries(expected)) {
    const count = UNSCANNABLE[table]?.(db, table) ?? (db.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
    if (count !== rows) throw new ImportError(`${file} holds ${count} rows in ${table}, but the archive has ${rows}`)
  }
}
