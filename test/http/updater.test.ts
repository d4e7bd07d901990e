/**
 * The updater over real HTTP: GET /webapi/updater, POST /webapi/updater/check and the updater
 * fields of GET /webapi/status, against the fake release server serving a real pg_dump fixture.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { HEALTHY_RELEASE, startFakeReleases, type FakeReleases } from '../fakes/fake-releases.ts'
import { fakeClock } from '../fakes/fake-clock.ts'
import { putJson, startTestServer, type TestServer } from '../helpers/server.ts'

const FIXTURE = join(import.meta.dir, '../fixtures/snapshots/icvdb-sample-1.14-gzip.dump')
const dump = new Uint8Array(readFileSync(FIXTURE))
let fake: FakeReleases
let server: TestServer

beforeAll(async () => {
  fake = await startFakeReleases({ dump })
})
afterAll(() => fake.stop())
beforeEach(() => {
  fake.set(HEALTHY_RELEASE)
  server = startTestServer({
    env: { SNAPSHOT_RELEASE_URL: fake.url, MANAGER_API_KEY: 'never-return-this-key' },
    updaterTimeouts: { releaseMs: 500, connectMs: 500, idleMs: 500 },
  })
})
afterEach(() => server.stop())

const getJson = async (path: string) => (await server.fetch(path)).json()

/** POST /webapi/updater/check, then poll GET /webapi/updater until the check has ended. */
const checkNow = async () => {
  const response = await server.fetch('/webapi/updater/check', { method: 'POST' })
  expect(response.status).toBe(202)
  for (let attempt = 0; attempt < 200; attempt++) {
    const state = await getJson('/webapi/updater')
    if (!state.updating) return state
    await Bun.sleep(25)
  }
  throw new Error('the check did not end')
}

const searchTitles = async (query: string) => {
  const response = await server.fetch(`/api?t=search&q=${encodeURIComponent(query)}`)
  expect(response.status).toBe(200)
  return [...(await response.text()).matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1])
}

const installBase = async () => {
  const state = await checkNow()
  expect(state).toMatchObject({ installed_version: 'db-2026-11-20', last_error: null })
}

/** After a failed update the old snapshot still answers and nothing is left in work/. */
const expectStillServing = async () => {
  const status = await getJson('/webapi/status')
  expect(status.database.connected).toBe(true)
  expect(status.updater.installed_version).toBe('db-2026-11-20')
  expect(await searchTitles('Breaking Bad')).toContain('Breaking.Bad.S01E01.Pilot.ITA.ENG.1080p.BluRay.x264-GRP')
  expect(readdirSync(join(server.dataDir, 'work'))).toEqual([])
  expect(readdirSync(join(server.dataDir, 'snapshots'))).toHaveLength(1)
  return status.updater as { last_error: string }
}

describe('GET /webapi/updater', () => {
  test('answers the updater status with an idle progress before any check', async () => {
    const response = await server.fetch('/webapi/updater')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      installed_version: null,
      latest_version: null,
      enabled: true,
      updating: false,
      maintenance: false,
      last_check: null,
      next_check: null,
      last_error: null,
      progress: {
        phase: 'idle',
        tag: null,
        bytes_done: 0,
        bytes_total: null,
        rows_done: 0,
        rows_total: null,
        started_at: null,
        finished_at: null,
        message: null,
      },
    })
  })
})

describe('GET /webapi/status updater fields and the schedule', () => {
  const settings = (enabled: boolean, interval_seconds: number) => ({
    schema_version: 1,
    database_update: { enabled, interval_seconds },
    result_processing: { preset: 'unfiltered', custom_rules: [] },
    manager: { url: '', indexer_url: '' },
  })

  test('next_check follows the schedule, and PUT /webapi/settings re-plans it without a release check', async () => {
    await server.stop()
    const clock = fakeClock()
    server = startTestServer({ env: { SNAPSHOT_RELEASE_URL: fake.url, DB_UPDATE_START_DELAY: '120' }, clock })
    server.ctx.updater.start()
    const planned = new Date(clock.now() + 120_000).toISOString()
    expect((await getJson('/webapi/status')).updater).toMatchObject({
      enabled: true,
      next_check: planned,
      last_check: null,
      updating: false,
    })
    const requests = fake.requests.length

    expect((await putJson(server, '/webapi/settings', settings(true, 3600))).status).toBe(200)
    expect((await getJson('/webapi/status')).updater.next_check).toBe(planned)
    expect((await putJson(server, '/webapi/settings', settings(false, 3600))).status).toBe(200)
    expect((await getJson('/webapi/status')).updater).toMatchObject({ enabled: false, next_check: null, updating: false })
    await Bun.sleep(50)
    expect(fake.requests.length).toBe(requests)
  })

  test('DB_AUTO_UPDATE=false shows updates disabled with no next check', async () => {
    await server.stop()
    server = startTestServer({ env: { SNAPSHOT_RELEASE_URL: fake.url, DB_AUTO_UPDATE: 'false' } })
    server.ctx.updater.start()
    expect((await getJson('/webapi/status')).updater).toMatchObject({ enabled: false, next_check: null })
  })
})

describe('POST /webapi/updater/check', () => {
  test('answers 202 at once with updating true', async () => {
    fake.set({ chunkDelayMs: 50 })
    const response = await server.fetch('/webapi/updater/check', { method: 'POST' })
    expect(response.status).toBe(202)
    expect(await response.json()).toMatchObject({ updating: true, progress: { phase: 'checking' } })
    await server.ctx.updater.check()
  })

  test('installs the release: installed_version is the tag and /api answers from the new snapshot', async () => {
    expect((await getJson('/webapi/status')).database.connected).toBe(false)
    const state = await checkNow()
    expect(state).toMatchObject({
      installed_version: 'db-2026-11-20',
      latest_version: 'db-2026-11-20',
      last_error: null,
      maintenance: false,
    })
    expect(state.progress).toMatchObject({ phase: 'done', tag: 'db-2026-11-20', bytes_done: dump.byteLength, bytes_total: dump.byteLength })
    const status = await getJson('/webapi/status')
    expect(status.database.connected).toBe(true)
    expect(status.updater).toMatchObject({
      installed_version: 'db-2026-11-20',
      latest_version: 'db-2026-11-20',
      updating: false,
      last_error: null,
    })
    expect(Date.parse(status.updater.last_check)).toBeGreaterThan(Date.now() - 60_000)
    expect(await searchTitles('Breaking Bad')).toContain('Breaking.Bad.S01E01.Pilot.ITA.ENG.1080p.BluRay.x264-GRP')
    expect(readdirSync(join(server.dataDir, 'work'))).toEqual([])
  })

  test('a digest missing but a .sha256 asset present still installs', async () => {
    fake.set({ digest: 'sibling' })
    expect(await checkNow()).toMatchObject({ installed_version: 'db-2026-11-20', last_error: null })
  })

  test('a newer release replaces the snapshot and removes the old directory', async () => {
    await installBase()
    const before = readdirSync(join(server.dataDir, 'snapshots'))
    fake.set({ tag: 'db-2026-11-21', assetName: 'icvdb-2026-11-21.dump' })
    expect(await checkNow()).toMatchObject({ installed_version: 'db-2026-11-21', last_error: null })
    const after = readdirSync(join(server.dataDir, 'snapshots'))
    expect(after).toHaveLength(1)
    expect(after[0]).toStartWith('db-2026-11-21-')
    expect(after).not.toEqual(before)
  })

  test('an older tag is not installed (no downgrade)', async () => {
    await installBase()
    fake.set({ tag: 'db-2026-11-01', assetName: 'icvdb-2026-11-01.dump' })
    const state = await checkNow()
    expect(state).toMatchObject({ installed_version: 'db-2026-11-20', latest_version: 'db-2026-11-01', last_error: null })
    expect(state.progress.message).toBe('Installed db-2026-11-20 is newer than db-2026-11-01; no downgrade')
    await expectStillServing()
  })

  describe('a failed update keeps the active database and says what failed', () => {
    const failures: Array<[string, Parameters<FakeReleases['set']>[0], RegExp | string]> = [
      [
        'checksum mismatch',
        { digest: 'wrong' },
        /^Download of icvdb-2026-11-21\.dump failed: checksum mismatch \(expected [0-9a-f]{12}…, got [0-9a-f]{12}…\)$/,
      ],
      [
        'truncated download',
        { download: 'truncated' },
        /^Download of icvdb-2026-11-21\.dump failed: the (connection broke|body ended) after \d+ of \d+ bytes .*truncated download\)$/,
      ],
      ['release server 404', { release: 404 }, 'Release check failed: HTTP 404 from the release server'],
      ['release server 500', { release: 500 }, 'Release check failed: HTTP 500 from the release server'],
      ['hanging release server', { release: 'hang' }, 'Release check failed: no answer from the release server within 0.5 s'],
      [
        'hanging download',
        { download: 'hang' },
        'Download of icvdb-2026-11-21.dump failed: no answer from the download server within 0.5 s',
      ],
      ['stalled download', { download: 'stall' }, /^Download of icvdb-2026-11-21\.dump failed: no data for 0\.5 s after \d+ bytes$/],
      ['download 500', { download: 500 }, 'Download of icvdb-2026-11-21.dump failed: HTTP 500 from the download server'],
      ['no .dump asset', { dumpAsset: false }, 'Release check failed: release db-2026-11-21 has no .dump asset'],
      [
        'no checksum at all',
        { digest: 'none' },
        'Release check failed: icvdb-2026-11-21.dump has no SHA-256 digest and no icvdb-2026-11-21.dump.sha256 asset',
      ],
    ]
    for (const [name, misbehaviour, expected] of failures) {
      test(name, async () => {
        await installBase()
        fake.set({ tag: 'db-2026-11-21', assetName: 'icvdb-2026-11-21.dump', ...misbehaviour })
        const state = await checkNow()
        expect(state.progress.phase).toBe('failed')
        const updater = await expectStillServing()
        if (typeof expected === 'string') expect(updater.last_error).toBe(expected)
        else expect(updater.last_error).toMatch(expected)
        expect(JSON.stringify(await getJson('/webapi/status'))).not.toContain('never-return-this-key')
      })
    }
  })
})
