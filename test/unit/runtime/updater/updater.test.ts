import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dataPaths, NO_SPACE, READ_ONLY, type DataPaths } from '../../../../runtime/data-dir.ts'
import { SnapshotDatabase } from '../../../../runtime/db/database.ts'
import { createLog } from '../../../../runtime/log.ts'
import { DEFAULT_SETTINGS } from '../../../../runtime/settings/schema.ts'
import { SettingsStore } from '../../../../runtime/settings/store.ts'
import { readInstalled } from '../../../../runtime/updater/installed.ts'
import type { Updater } from '../../../../runtime/updater/types.ts'
import { createUpdater, type UpdaterDeps } from '../../../../runtime/updater/updater.ts'
import { fakeClock, type FakeClock } from '../../../fakes/fake-clock.ts'
import { fakeImporter } from '../../../fakes/fake-importer.ts'
import { startFakeReleases, type FakeReleases } from '../../../fakes/fake-releases.ts'

const dump = new TextEncoder().encode('PGDMP pretend archive')
let fake: FakeReleases
let root: string
let paths: DataPaths
let database: SnapshotDatabase
let settings: SettingsStore
let clock: FakeClock
let logs: string[]
let updater: Updater
const maintenance = { active: false }

beforeAll(async () => {
  fake = await startFakeReleases({ dump })
})
afterAll(() => fake.stop())

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'icvdb-updater-'))
  paths = dataPaths(root)
  for (const dir of [paths.state, paths.snapshots, paths.work]) mkdirSync(dir, { recursive: true })
  database = new SnapshotDatabase()
  logs = []
  const log = createLog({ sink: (line) => logs.push(line) })
  settings = new SettingsStore({ path: paths.settings, keyOriginPath: paths.keyOrigin, overrides: {}, log })
  settings.load()
  clock = fakeClock()
  fake.set({ tag: 'db-2026-11-20', assetName: 'icvdb-2026-11-20.dump', release: 'ok', digest: 'ok', dumpAsset: true, download: 'ok' })
})
afterEach(async () => {
  await updater?.stop()
  database.close()
  rmSync(root, { recursive: true, force: true })
})

const makeUpdater = (patch: Partial<UpdaterDeps> = {}) => {
  updater = createUpdater({
    settings,
    database,
    maintenance,
    paths,
    clock,
    log: createLog({ sink: (line) => logs.push(line) }),
    importSnapshot: fakeImporter().importSnapshot,
    releaseUrl: fake.url,
    userAgent: 'icvdb-indexer/test',
    startDelaySeconds: null,
    timeouts: { releaseMs: 500, connectMs: 500, idleMs: 500 },
    ...patch,
  })
  return updater
}

const setSchedule = (enabled: boolean, interval_seconds: number) =>
  settings.saveUpdate({ ...DEFAULT_SETTINGS, database_update: { enabled, interval_seconds } } as never)

const releaseRequests = () => fake.requests.filter((line) => line.startsWith('GET /releases/latest')).length
const at = (ms: number) => new Date(Date.parse('2026-11-22T00:00:00.000Z') + ms).toISOString()

describe('check', () => {
  test('installs a newer release: download, import, switch, record', async () => {
    const importer = fakeImporter()
    makeUpdater({ importSnapshot: importer.importSnapshot })
    const outcome = await updater.check()
    expect(outcome).toEqual({ result: 'installed', tag: 'db-2026-11-20', message: 'Installed db-2026-11-20 (2 torrents)' })
    expect(updater.status()).toMatchObject({
      installed_version: 'db-2026-11-20',
      latest_version: 'db-2026-11-20',
      last_error: null,
      updating: false,
    })
    expect(updater.status().last_check).toBe(at(0))
    expect(database.tag).toBe('db-2026-11-20')
    expect(readInstalled(paths)?.tag).toBe('db-2026-11-20')
    expect(importer.calls[0].sourceSize).toBe(dump.byteLength)
    expect(updater.progress()).toMatchObject({ phase: 'done', tag: 'db-2026-11-20', bytes_done: dump.byteLength })
    expect(readdirSync(paths.work)).toEqual([])
    expect(fake.requests.every((line) => line.endsWith(' icvdb-indexer/test'))).toBe(true)
  })

  test('the same tag again is up to date and downloads nothing', async () => {
    makeUpdater()
    await updater.check()
    const downloads = fake.requests.length
    expect(await updater.check()).toEqual({ result: 'up-to-date', tag: 'db-2026-11-20', message: 'Already up to date (db-2026-11-20)' })
    expect(fake.requests.length).toBe(downloads + 1)
  })

  test('an older dated tag never downgrades', async () => {
    makeUpdater()
    await updater.check()
    fake.set({ tag: 'db-2026-11-01', assetName: 'icvdb-2026-11-01.dump' })
    const outcome = await updater.check()
    expect(outcome).toEqual({
      result: 'up-to-date',
      tag: 'db-2026-11-01',
      message: 'Installed db-2026-11-20 is newer than db-2026-11-01; no downgrade',
    })
    expect(updater.status()).toMatchObject({ installed_version: 'db-2026-11-20', latest_version: 'db-2026-11-01', last_error: null })
  })

  test('a failed update keeps the active database and states what failed', async () => {
    makeUpdater()
    await updater.check()
    fake.set({ tag: 'db-2026-11-21', assetName: 'icvdb-2026-11-21.dump', digest: 'wrong' })
    const outcome = await updater.check()
    expect(outcome.result).toBe('failed')
    expect(updater.status().last_error).toMatch(
      /^Download of icvdb-2026-11-21\.dump failed: checksum mismatch \(expected [0-9a-f]{12}…, got [0-9a-f]{12}…\)$/,
    )
    expect(updater.status()).toMatchObject({ installed_version: 'db-2026-11-20', latest_version: 'db-2026-11-21' })
    expect(database.probe()).toBe(true)
    expect(updater.progress()).toMatchObject({ phase: 'failed', message: updater.status().last_error })
    expect(readdirSync(paths.work)).toEqual([])
  })

  test('an importer failure is reported with its sentence and leaves no work files', async () => {
    makeUpdater({ importSnapshot: fakeImporter({ fail: 'unsupported compression zstd' }).importSnapshot })
    await updater.check()
    expect(updater.status().last_error).toBe('Import of icvdb-2026-11-20.dump failed: unsupported compression zstd')
    expect(updater.status().installed_version).toBeNull()
    expect(readdirSync(paths.work)).toEqual([])
    expect(readdirSync(paths.snapshots)).toEqual([])
  })

  test("a data directory gone read-only or full mid-import is said in the API's words, not as an errno line", async () => {
    for (const [code, sentence] of [
      ['EROFS', READ_ONLY],
      ['ENOSPC', NO_SPACE],
    ]) {
      const error = Object.assign(new Error(`${code}: read-only file system, open '/data/work/x/torrents.db'`), { code })
      makeUpdater({ importSnapshot: async () => Promise.reject(error) })
      await updater.check()
      expect(updater.status().last_error).toBe(`Import of icvdb-2026-11-20.dump failed: ${sentence}`)
      await updater.stop()
    }
  })

  test("GitHub's rate limit is said as such, and the next automatic check waits for its reset", async () => {
    makeUpdater()
    updater.start()
    const reset = Math.floor(clock.now() / 1000) + 30 * 60
    fake.set({ release: 'rate-limited', rateLimitReset: reset })
    await updater.check()
    const resetText = new Date(reset * 1000).toISOString().slice(11, 16)
    expect(updater.status().last_error).toBe(
      `Release check failed: the release server refuses requests for now (rate limit, HTTP 403); it accepts them again at ${resetText} UTC`,
    )
    // Not the 1-minute back-off: the reset, 30 minutes away.
    expect(Date.parse(updater.status().next_check ?? '')).toBe(reset * 1000)
    fake.set({ release: 'ok' })
  })

  test('a success clears the previous error', async () => {
    makeUpdater()
    fake.set({ release: 500 })
    await updater.check()
    expect(updater.status().last_error).toBe('Release check failed: HTTP 500 from the release server')
    fake.set({ release: 'ok' })
    await updater.check()
    expect(updater.status().last_error).toBeNull()
  })

  test('runs one update at a time: a second check joins the running one', async () => {
    makeUpdater()
    const before = releaseRequests()
    const [first, second] = await Promise.all([updater.check(), updater.check()])
    expect(first).toBe(second)
    expect(releaseRequests()).toBe(before + 1)
  })

  test('reports updating and the download phase while it runs', async () => {
    fake.set({ download: 'stall' })
    makeUpdater()
    const running = updater.check()
    await Bun.sleep(100)
    expect(updater.status()).toMatchObject({ updating: true, next_check: null })
    expect(updater.progress()).toMatchObject({ phase: 'downloading', tag: 'db-2026-11-20', bytes_total: dump.byteLength })
    await running
    expect(updater.status().updating).toBe(false)
    expect(updater.status().last_error).toMatch(/^Download of icvdb-2026-11-20\.dump failed: no data for 0\.5 s after \d+ bytes$/)
  })

  test('stop() cancels a running download and leaves no work file', async () => {
    fake.set({ download: 'stall' })
    makeUpdater({ timeouts: { idleMs: 60_000 } })
    const running = updater.check()
    await Bun.sleep(100)
    await updater.stop()
    expect((await running).message).toBe('Download of icvdb-2026-11-20.dump failed: cancelled')
    expect(readdirSync(paths.work)).toEqual([])
  })
})

describe('schedule', () => {
  test('with no snapshot installed the first check runs at once', async () => {
    makeUpdater()
    updater.start()
    expect(updater.status().next_check).toBe(at(0))
    clock.advance(0)
    expect(updater.status().updating).toBe(true)
    await updater.check()
    expect(updater.status().installed_version).toBe('db-2026-11-20')
    expect(updater.status().next_check).toBe(at(86_400_000))
  })

  test('while an upload holds the updater, a due automatic check waits and runs once it is released', async () => {
    makeUpdater()
    const release = updater.hold()
    updater.start()
    clock.advance(0)
    expect(updater.status().updating).toBe(false)
    clock.advance(5000)
    expect(updater.status().updating).toBe(false)
    release()
    release() // a second call changes nothing
    clock.advance(5000)
    expect(updater.status().updating).toBe(true)
    await updater.check()
    expect(updater.status().installed_version).toBe('db-2026-11-20')
  })

  test('an install by hand runs through the same import and switch, and is refused while a job runs', async () => {
    makeUpdater()
    const path = join(root, 'icvdb-2026-11-21.dump')
    await Bun.write(path, dump)
    const first = updater.install({ kind: 'file', path, name: 'icvdb-2026-11-21.dump' })
    expect(first).not.toBeNull()
    expect(updater.install({ kind: 'file', path, name: 'icvdb-2026-11-21.dump' })).toBeNull()
    expect(await first).toMatchObject({ result: 'installed', tag: 'db-2026-11-21' })
    expect(readInstalled(paths)?.origin).toEqual({ kind: 'file', name: 'icvdb-2026-11-21.dump' })
    // A hand install is not a check: the schedule's last check is untouched.
    expect(updater.status().last_check).toBeNull()
  })

  test('with a snapshot installed the first check waits DB_UPDATE_START_DELAY (60 s by default)', async () => {
    makeUpdater()
    await updater.check()
    const fresh = makeUpdater()
    fresh.start()
    expect(fresh.status().next_check).toBe(at(60_000))
    expect(clock.pending()).toEqual([60_000])
  })

  test('an explicit start delay wins', () => {
    makeUpdater({ startDelaySeconds: 5 })
    updater.start()
    expect(clock.pending()).toEqual([5000])
  })

  test('failures back off 1, 2, 4 … minutes, capped at the interval', async () => {
    setSchedule(true, 300)
    fake.set({ release: 404 })
    makeUpdater()
    updater.start()
    const gaps: number[] = []
    for (let attempt = 0; attempt < 5; attempt++) {
      clock.advance(clock.pending()[0])
      await updater.check()
      gaps.push(clock.pending()[0])
    }
    expect(gaps).toEqual([60_000, 120_000, 240_000, 300_000, 300_000])
    expect(updater.status().last_error).toBe('Release check failed: HTTP 404 from the release server')
  })

  test('reconfigure without a schedule change re-plans the same time and checks nothing', async () => {
    makeUpdater()
    await updater.check()
    updater.start()
    clock.advance(60_000)
    await updater.check()
    const before = releaseRequests()
    const planned = updater.status().next_check
    updater.reconfigure()
    updater.reconfigure()
    expect(updater.status().next_check).toBe(planned)
    expect(clock.pending()).toHaveLength(1)
    expect(releaseRequests()).toBe(before)
  })

  test('a shorter interval that makes a check due runs it; a longer one postpones it', async () => {
    makeUpdater()
    await updater.check()
    updater.start()
    clock.advance(60_000)
    await updater.check()
    clock.advance(3_600_000)
    setSchedule(true, 7200)
    updater.reconfigure()
    expect(clock.pending()).toEqual([3_600_000])
    setSchedule(true, 600)
    updater.reconfigure()
    expect(clock.pending()).toEqual([0])
  })

  test('disabling clears next_check; re-enabling plans from the last check', async () => {
    makeUpdater()
    await updater.check()
    updater.start()
    setSchedule(false, 86_400)
    updater.reconfigure()
    expect(updater.status()).toMatchObject({ enabled: false, next_check: null })
    expect(clock.pending()).toEqual([])
    clock.advance(1000)
    setSchedule(true, 86_400)
    updater.reconfigure()
    expect(updater.status().next_check).toBe(at(86_400_000))
  })

  test('a manual check while disabled still runs, and plans nothing afterwards', async () => {
    setSchedule(false, 86_400)
    makeUpdater()
    updater.start()
    expect(clock.pending()).toEqual([])
    await updater.check()
    expect(updater.status()).toMatchObject({ installed_version: 'db-2026-11-20', next_check: null, enabled: false })
    expect(clock.pending()).toEqual([])
  })
})
