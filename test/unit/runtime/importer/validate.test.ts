import { afterAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { openSync, writeSync, closeSync } from 'node:fs'
import { join } from 'node:path'
import { ImportError } from '../../../../runtime/importer/import-error.ts'
import { validateSnapshotFile } from '../../../../runtime/importer/validate.ts'
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
      expect(() => validateSnapshotFile(db, 'count.db', ['t'], { t: 101 })).toThrow(new ImportError('count.db holds 100 rows in t, but the archive has 101'))
    } finally {
      db.close()
    }
  })

  test('refuses a missing object', () => {
    const db = new Database(build('objects.db', 1))
    try {
      expect(() => validateSnapshotFile(db, 'objects.db', ['t', 'torrents_fts'], { t: 1 })).toThrow(new ImportError('objects.db is missing torrents_fts after the import'))
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
