/**
 * The fixture pg_dump archives imported with the real importer into a temporary directory, opened
 * the way the service opens an installed snapshot.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openSnapshot, type OpenSnapshot } from '../../runtime/db/database.ts'
import { importSnapshot } from '../../runtime/importer/import.ts'
import { fixturePath, type FixtureName } from '../fixtures/snapshots/snapshot-fixtures.ts'

export interface FixtureSnapshot {
  /** The imported snapshot directory (open it again with openSnapshot to install a second handle). */
  directory: string
  snapshot: OpenSnapshot
  /** Closes the handle and removes the files. */
  remove(): void
}

export const importFixture = async (name: FixtureName = 'icvdb-sample-1.16-gzip.dump'): Promise<FixtureSnapshot> => {
  const parent = mkdtempSync(join(tmpdir(), 'icvdb-fixture-'))
  const directory = join(parent, 'snapshot')
  await importSnapshot({ source: fixturePath(name), directory, tag: 'db-fixture' })
  const snapshot = openSnapshot(directory, 'db-fixture')
  return {
    directory,
    snapshot,
    remove: () => {
      snapshot.db.close()
      rmSync(parent, { recursive: true, force: true })
    },
  }
}
