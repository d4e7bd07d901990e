import { afterEach, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { readdirSync, readlinkSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { openSnapshot, useSqliteTempDirectory } from '../../../../runtime/db/database.ts'
import { MAIN_FILE } from '../../../../runtime/db/schema.ts'
import { buildSnapshot, hashOf } from '../../../helpers/snapshot-rows.ts'
import { tempDataDir } from '../../../helpers/server.ts'

const openTempFiles = (): string[] =>
  readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/self/fd/${fd}`)]
    } catch {
      return []
    }
  })

afterEach(() => useSqliteTempDirectory(''))

describe('useSqliteTempDirectory', () => {
  test('makes SQLite spill temporary data into the given directory', () => {
    const directory = tempDataDir('icvdb-sqlite-tmp-')
    useSqliteTempDirectory(directory)
    const db = new Database(':memory:')
    try {
      db.run('PRAGMA temp_store = FILE')
      db.run('PRAGMA cache_size = -500')
      db.run('CREATE TEMP TABLE spill(x)')
      db.run(
        'WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 50000) INSERT INTO spill SELECT randomblob(64) FROM c',
      )
      expect(openTempFiles().some((path) => path.startsWith(`${directory}/`))).toBe(true)
    } finally {
      db.close()
      rmSync(directory, { recursive: true, force: true })
    }
  })
})

describe('openSnapshot', () => {
  test('refuses a snapshot imported before torrent_rank existed (its title index is numbered otherwise)', () => {
    const directory = tempDataDir('icvdb-old-snapshot-')
    try {
      const snapshot = buildSnapshot(join(directory, 'snap'), { torrents: [{ info_hash: hashOf('old'), title: 'Old Movie 2001' }] })
      snapshot.db.close()
      const main = new Database(join(directory, 'snap', MAIN_FILE))
      main.run('DROP TABLE torrent_rank')
      main.close()
      expect(() => openSnapshot(join(directory, 'snap'), 'db-old')).toThrow('imported by an older version')
    } finally {
      rmSync(directory, { recursive: true, force: true })
    }
  })
})
