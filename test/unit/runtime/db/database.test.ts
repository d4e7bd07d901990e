import { afterEach, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { readdirSync, readlinkSync, rmSync } from 'node:fs'
import { useSqliteTempDirectory } from '../../../../runtime/db/database.ts'
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
      db.run('WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 50000) INSERT INTO spill SELECT randomblob(64) FROM c')
      expect(openTempFiles().some((path) => path.startsWith(`${directory}/`))).toBe(true)
    } finally {
      db.close()
      rmSync(directory, { recursive: true, force: true })
    }
  })
})
