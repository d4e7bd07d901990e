/**
 * Snapshot validation for the switch: the full check (tables, tag, row counts against
 * snapshot_meta) runs before the window; the in-window check only proves the swapped handle answers.
 */
import type { Database } from 'bun:sqlite'
import type { SnapshotDatabase } from '../db/database.ts'
import { FILES_SCHEMA, META_KEYS, SNAPSHOT_TABLES } from '../db/schema.ts'

const COUNTED: ReadonlyArray<readonly [table: string, key: string]> = [
  ['torrents', META_KEYS.torrents],
  ['files', META_KEYS.files],
  ['pack_files', META_KEYS.packFiles],
]

const tableNames = (db: Database, schema: string): Set<string> =>
  new Set((db.query(`SELECT name FROM ${schema}.sqlite_master WHERE type = 'table'`).all() as { name: string }[]).map((row) => row.name))

const metaValue = (db: Database, key: string): string | null =>
  (db.query('SELECT value FROM snapshot_meta WHERE key = ?').get(key) as { value: string } | null)?.value ?? null

/** The reason a freshly imported snapshot must not be switched in, or null when it is complete. */
export const snapshotProblem = (db: Database, tag: string): string | null => {
  const main = tableNames(db, 'main')
  const files = tableNames(db, FILES_SCHEMA)
  const missing = [...SNAPSHOT_TABLES.main.filter((name) => !main.has(name)), ...SNAPSHOT_TABLES.files.filter((name) => !files.has(name))]
  if (missing.length > 0) return `the new snapshot lacks table ${missing.join(', ')}`
  const recordedTag = metaValue(db, META_KEYS.tag)
  if (recordedTag !== tag) return `the new snapshot records tag ${recordedTag ?? 'none'} instead of ${tag}`
  for (const [table, key] of COUNTED) {
    const recorded = metaValue(db, key)
    const actual = (db.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
    if (recorded === null || Number(recorded) !== actual) {
      return `the new snapshot has ${actual} ${table} rows but its metadata says ${recorded ?? 'nothing'}`
    }
  }
  if (Number(metaValue(db, META_KEYS.torrents)) === 0) return 'the new snapshot has no torrents'
  return null
}

/** Inside the window: the handle now installed answers the probe and is the snapshot we meant. */
export const activeSnapshotProblem = (database: SnapshotDatabase, tag: string): string | null => {
  if (!database.probe()) return 'the new database does not answer'
  const db = database.db
  const recordedTag = db ? metaValue(db, META_KEYS.tag) : null
  return recordedTag === tag ? null : `the active database reports tag ${recordedTag ?? 'none'} instead of ${tag}`
}
