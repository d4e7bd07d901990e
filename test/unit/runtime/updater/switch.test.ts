import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dataPaths, type DataPaths } from '../../../../runtime/data-dir.ts'
import { openSnapshot, SnapshotDatabase } from '../../../../runtime/db/database.ts'
import { createLog } from '../../../../runtime/log.ts'
import { readInstalled } from '../../../../runtime/updater/installed.ts'
import { switchSnapshot, type SwitchOptions } from '../../../../runtime/updater/switch.ts'
import { makeSnapshotDirectory } from '../../../fakes/fake-snapshot.ts'
import { rejectionMessage } from '../../../helpers/rejection.ts'

let root: string
let paths: DataPaths
let database: SnapshotDatabase
const maintenance = { active: false }
const log = createLog({ sink: () => {} })

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'icvdb-switch-'))
  paths = dataPaths(root)
  for (const dir of [paths.state, paths.snapshots, paths.work]) mkdirSync(dir, { recursive: true })
  database = new SnapshotDatabase()
})
afterEach(() => {
  database.close()
  rmSync(root, { recursive: true, force: true })
})

const imported = (tag: string, options?: Parameters<typeof makeSnapshotDirectory>[2]) =>
  makeSnapshotDirectory(join(paths.work, `import-${tag}`), tag, options)

const options = (tag: string, patch: Partial<SwitchOptions> = {}): SwitchOptions => ({
  paths,
  database,
  maintenance,
  log,
  tag,
  ...patch,
  source: patch.source ?? imported(tag),
})

const activeTitles = () =>
  (database.db!.query('SELECT title FROM torrents ORDER BY id').all() as { title: string }[]).map((row) => row.title)

const failureOf = rejectionMessage

/** Installs `tag` as the serving snapshot, as a previous update would have. */
const installOld = async (tag = 'db-2026-11-01') => {
  await switchSnapshot(options(tag))
  return readInstalled(paths)!
}

describe('switchSnapshot', () => {
  test('a first install moves the import into snapshots/, serves it and records the tag', async () => {
    const result = await switchSnapshot(options('db-2026-11-20'))
    expect(result.previousTag).toBeNull()
    expect(result.directory).toMatch(/^db-2026-11-20-[0-9a-f]{8}$/)
    expect(database.tag).toBe('db-2026-11-20')
    expect(activeTitles()).toEqual(['Fake.Movie.db-2026-11-20.1080p', 'Fake.Show.S01E01.db-2026-11-20'])
    expect(readInstalled(paths)).toMatchObject({ tag: 'db-2026-11-20', directory: result.directory })
    expect(readdirSync(paths.work)).toEqual([])
    expect(readdirSync(paths.snapshots)).toEqual([result.directory])
    expect(maintenance.active).toBe(false)
  })

  test('replacing a snapshot closes and removes the previous one', async () => {
    const old = await installOld()
    const oldHandle = database.db!
    const result = await switchSnapshot(options('db-2026-11-20'))
    expect(result.previousTag).toBe('db-2026-11-01')
    expect(database.tag).toBe('db-2026-11-20')
    expect(() => oldHandle.query('SELECT 1').get()).toThrow()
    expect(readdirSync(paths.snapshots)).toEqual([result.directory])
    expect(existsSync(join(paths.snapshots, old.directory))).toBe(false)
  })

  test('the maintenance window is only swap + validate + record, well under a second', async () => {
    await installOld()
    const result = await switchSnapshot(options('db-2026-11-20'))
    expect(result.windowMs).toBeGreaterThan(0)
    expect(result.windowMs).toBeLessThan(500)
  })

  test('maintenance is on while the switch pauses inside the window (test hook)', async () => {
    await installOld()
    const seen: boolean[] = []
    const probe = setInterval(() => seen.push(maintenance.active), 5)
    const result = await switchSnapshot(options('db-2026-11-20', { pauseMs: 100 }))
    clearInterval(probe)
    expect(seen).toContain(true)
    expect(maintenance.active).toBe(false)
    expect(result.windowMs).toBeGreaterThanOrEqual(100)
  })

  test('a snapshot whose row counts disagree with its metadata is refused before maintenance starts', async () => {
    const old = await installOld()
    let maintenanceSeen = false
    const watched = {
      get active() {
        return false
      },
      set active(value: boolean) {
        maintenanceSeen ||= value
      },
    }
    const source = imported('db-2026-11-20', { meta: { torrents: '3' } })
    const message = await failureOf(switchSnapshot(options('db-2026-11-20', { source, maintenance: watched })))
    expect(message).toBe(
      'Switch to db-2026-11-20 failed: the new snapshot has 2 torrents rows but its metadata says 3; the previous snapshot keeps serving',
    )
    expect(maintenanceSeen).toBe(false)
    expect(database.tag).toBe('db-2026-11-01')
    expect(readInstalled(paths)?.directory).toBe(old.directory)
    expect(readdirSync(paths.snapshots)).toEqual([old.directory])
  })

  test('a snapshot recording another tag is refused', async () => {
    const source = imported('db-2026-11-20', { meta: { tag: 'db-1999-01-01' } })
    expect(await failureOf(switchSnapshot(options('db-2026-11-20', { source })))).toBe(
      'Switch to db-2026-11-20 failed: the new snapshot records tag db-1999-01-01 instead of db-2026-11-20; the previous snapshot keeps serving',
    )
    expect(database.current).toBeNull()
  })

  test('a directory that is not a snapshot is refused', async () => {
    const source = join(paths.work, 'empty-import')
    mkdirSync(source)
    const message = await failureOf(switchSnapshot(options('db-2026-11-20', { source })))
    expect(message).toStartWith('Switch to db-2026-11-20 failed: the new snapshot cannot be opened (')
    expect(readdirSync(paths.snapshots)).toEqual([])
  })

  test('a failed validation inside the window rolls back to the previous handle', async () => {
    const old = await installOld()
    const oldHandle = database.current
    const message = await failureOf(switchSnapshot(options('db-2026-11-20', { validateActive: () => 'the new database does not answer' })))
    expect(message).toBe('Switch to db-2026-11-20 failed: the new database does not answer; the previous snapshot keeps serving')
    expect(database.current).toBe(oldHandle)
    expect(database.probe()).toBe(true)
    expect(activeTitles()).toEqual(['Fake.Movie.db-2026-11-01.1080p', 'Fake.Show.S01E01.db-2026-11-01'])
    expect(maintenance.active).toBe(false)
    expect(readInstalled(paths)?.tag).toBe('db-2026-11-01')
    expect(readdirSync(paths.snapshots)).toEqual([old.directory])
  })

  test('a record that cannot be written rolls back too', async () => {
    const old = await installOld()
    const blocker = join(root, 'not-a-directory')
    writeFileSync(blocker, 'x')
    const broken = { ...paths, state: join(blocker, 'state'), installed: join(blocker, 'state', 'snapshot.json') }
    const message = await failureOf(switchSnapshot(options('db-2026-11-20', { paths: broken })))
    expect(message).toBe(
      'Switch to db-2026-11-20 failed: cannot record the installed snapshot (ENOTDIR); the previous snapshot keeps serving',
    )
    expect(database.tag).toBe('db-2026-11-01')
    expect(readdirSync(paths.snapshots)).toEqual([old.directory])
  })

  test('the installed record opens the serving snapshot after a restart', async () => {
    await installOld()
    await switchSnapshot(options('db-2026-11-20'))
    const record = readInstalled(paths)!
    const reopened = openSnapshot(join(paths.snapshots, record.directory), record.tag)
    expect(reopened.db.query('SELECT count(*) AS n FROM torrents').get()).toEqual({ n: 2 })
    reopened.db.close()
  })
})
