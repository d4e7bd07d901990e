/** Checks a freshly built snapshot file before it may be installed: integrity, objects, row counts. */
import type { Database } from 'bun:sqlite'
import { ImportError } from './import-error.ts'

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
    const [[count]] = db.query(`SELECT count(*) FROM ${table}`).values() as [number][]
    if (count !== rows) throw new ImportError(`${file} holds ${count} rows in ${table}, but the archive has ${rows}`)
  }
}
