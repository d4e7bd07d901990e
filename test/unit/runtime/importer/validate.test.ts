import { afterAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { openSync, writeSync, closeSync } from 'node:fs'
import { join } from 'node:path'
import { ImportError } from '../../../../runtime/importer/import-error.ts'
import { ftsRowCount, validateSnapshotFile } from '../../../../runtime/importer/validate.ts'
import { FILES_TABLES_DDL } from '../../../../runtime/db/schema.ts'
import { tempDirectory } from '../../../fixtures/snapshots/snapshot-fixtures.ts'

const directory = tempDirectory('validate-test-')
afterAll(() => directory.remove())

const build = (name: string, rows: number): string => {
  const path = join(directory.path, name)
  const db = new Database(path, { create: true })
  db.run('CREATE TABLE t (a INTEGER, b TEXT)')
  db.run('CREATE INDEX t_a ON t(a)')
  const insert = db.prepare('INSERT INTO t VALUES (?, ?)')
  db.transaction(() => {
    for (let index = 0; index < rows; index++) insert.run(index, `row ${index} ${'x'.repeat(200)}`)
  })()
  db.close()
  return path
}

describe('validateSnapshotFile', () => {
  test('accepts a sound file with the expected objects and counts', () => {
    const db = new Database(build('ok.db', 100))
    try {
      expect(() => validateSnapshotFile(db, 'ok.db', ['t', 't_a'], { t: 100 })).not.toThrow()
    } finally {
      db.close()
    }
  })

  test('refuses a row count that differs from the archive', () => {
    const db = new Database(build('count.db', 100))
    try {
      expect(() => validateSnapshotFile(db, 'count.db', ['t'], { t: 101 })).toThrow(
        new ImportError('count.db holds 100 rows in t, but the archive has 101'),
      )
    } finally {
      db.close()
    }
  })

  test('refuses a missing object', () => {
    const db = new Database(build('objects.db', 1))
    try {
      expect(() => validateSnapshotFile(db, 'objects.db', ['t', 'torrents_fts'], { t: 1 })).toThrow(
        new ImportError('objects.db is missing torrents_fts after the import'),
      )
    } finally {
      db.close()
    }
  })

  test('refuses a file whose pages are damaged', () => {
    const path = build('damaged.db', 2000)
    const fd = openSync(path, 'r+')
    // Overwrite the middle of the file (table and index pages) with garbage.
    writeSync(fd, Buffer.alloc(8192, 0xa5), 0, 8192, 4096 * 20)
    closeSync(fd)
    const db = new Database(path)
    try {
      expect(() => validateSnapshotFile(db, 'damaged.db', ['t'], { t: 2000 })).toThrow(/^damaged\.db failed its integrity check: /)
    } finally {
      db.close()
    }
  })
})

describe('ftsRowCount', () => {
  test('counts the rows of the title index (contentless, columnsize=0, which count(*) cannot scan), however many', () => {
    const db = new Database(':memory:')
    try {
      db.run(FILES_TABLES_DDL.find((ddl) => ddl.includes('torrents_fts')) as string)
      expect(() => db.query('SELECT count(*) FROM torrents_fts').get()).toThrow()
      expect(ftsRowCount(db, 'torrents_fts')).toBe(0)
      const insert = db.prepare('INSERT INTO torrents_fts (rowid, title) VALUES (?, ?)')
      // Past one-, two- and three-byte varints; deleting is impossible in a contentless table, so only inserts move it.
      let rows = 0
      for (const target of [1, 127, 128, 16_383, 16_384, 20_000]) {
        db.transaction(() => {
          for (; rows < target; rows++) insert.run(rows + 1, `Title ${rows} ITA`)
        })()
        expect(ftsRowCount(db, 'torrents_fts')).toBe(target)
      }
      insert.finalize()
    } finally {
      db.close()
    }
  })

  test('validateSnapshotFile counts torrents_fts that way and names a shortfall', () => {
    const db = new Database(':memory:')
    try {
      db.run(FILES_TABLES_DDL.find((ddl) => ddl.includes('torrents_fts')) as string)
      db.run("INSERT INTO torrents_fts (rowid, title) VALUES (1, 'a'), (2, 'b')")
      expect(() => validateSnapshotFile(db, 'files.db', ['torrents_fts'], { torrents_fts: 2 })).not.toThrow()
      expect(() => validateSnapshotFile(db, 'files.db', ['torrents_fts'], { torrents_fts: 3 })).toThrow(
        'files.db holds 2 rows in torrents_fts, but the archive has 3',
      )
    } finally {
      db.close()
    }
  })
})
