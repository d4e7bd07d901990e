/**
 * Crash safety (product.md §7): SIGKILL the real service while it downloads, imports or switches a
 * snapshot; after a restart it serves a complete snapshot (old or new), work/ is empty and no
 * stray snapshot directory remains. The larger dump is generated once with PostgreSQL 15.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeReleases, type FakeReleases } from '../fakes/fake-releases.ts'
import { tempDataDir } from '../helpers/server.ts'
import { runCli, startService, waitFor, type ServiceProcess } from '../helpers/service-process.ts'

const ROOT = join(import.meta.dir, '../..')
const FIXTURE = join(ROOT, 'test/fixtures/snapshots/icvdb-sample-1.14-gzip.dump')
const LARGE = join(ROOT, '.data/test/kill-50k.dump')
const BASE_TAG = 'manual-icvdb-sample-1.14-gzip.dump'
const NEW_TAG = 'db-2026-11-21'

let fake: FakeReleases
let large: Uint8Array
const dataDirs: string[] = []
const services: ServiceProcess[] = []

/** 50,000 torrents / ~150,000 files: an import that lasts long enough to be interrupted. */
const ensureLargeDump = async () => {
  if (existsSync(LARGE)) return
  mkdirSync(join(ROOT, '.data/test'), { recursive: true })
  const child = Bun.spawn(
    [process.execPath, join(ROOT, 'test/bench/generate.ts'), '--torrents', '50000', '--seed', 'kill', '--out', LARGE],
    {
      stdout: 'ignore',
      stderr: 'pipe',
    },
  )
  if ((await child.exited) !== 0) throw new Error(`could not generate ${LARGE}: ${await new Response(child.stderr).text()}`)
}

beforeAll(async () => {
  await ensureLargeDump()
  large = new Uint8Array(readFileSync(LARGE))
  fake = await startFakeReleases({ dump: large, tag: NEW_TAG, assetName: `icvdb-2026-11-21.dump` })
}, 180_000)

afterAll(async () => {
  for (const service of services) if (service.child.exitCode === null) await service.kill()
  await fake?.stop()
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

/** A data directory with the small fixture installed by hand (`icvdb-indexer import`). */
const installedDataDir = async () => {
  const dataDir = tempDataDir('icvdb-kill-')
  dataDirs.push(dataDir)
  const result = await runCli(['import', FIXTURE, '--data-dir', dataDir])
  expect(result).toMatchObject({ code: 0 })
  return dataDir
}

const serve = async (dataDir: string, env: Record<string, string> = {}) => {
  const service = await startService(dataDir, { SNAPSHOT_RELEASE_URL: fake.url, DB_AUTO_UPDATE: 'false', ...env })
  services.push(service)
  return service
}

const workEntries = (dataDir: string) => (existsSync(join(dataDir, 'work')) ? readdirSync(join(dataDir, 'work')) : [])

/** After the restart: one complete snapshot serves, nothing else is left on disk. */
const expectCleanRestart = async (dataDir: string, acceptable: string[]) => {
  const service = await serve(dataDir)
  const status = await (await service.fetch('/webapi/status')).json()
  expect(status.database.connected).toBe(true)
  expect(acceptable).toContain(status.updater.installed_version)
  const search = await (await service.fetch('/api?t=search&q=Breaking+Bad')).text()
  expect(search).toContain('<item>')
  expect(workEntries(dataDir)).toEqual([])
  const record = JSON.parse(readFileSync(join(dataDir, 'state/snapshot.json'), 'utf8'))
  expect(record.tag).toBe(status.updater.installed_version)
  expect(readdirSync(join(dataDir, 'snapshots'))).toEqual([record.directory])
  await service.kill('SIGTERM')
  return status.updater.installed_version as string
}

describe('SIGKILL and restart', () => {
  test('during the download: the old snapshot serves and the partial dump is gone', async () => {
    const dataDir = await installedDataDir()
    fake.set({ dump: large, chunkDelayMs: 100, download: 'ok' })
    const service = await serve(dataDir)
    await service.fetch('/webapi/updater/check', { method: 'POST' })
    await waitFor(() => {
      const partial = workEntries(dataDir).find((name) => name.endsWith('.dump'))
      return partial && statSync(join(dataDir, 'work', partial)).size > 0 ? partial : undefined
    })
    await service.kill()
    expect(workEntries(dataDir).length).toBeGreaterThan(0)
    expect(await expectCleanRestart(dataDir, [BASE_TAG])).toBe(BASE_TAG)
  }, 60_000)

  test('during the import: the old snapshot serves and the partial import is gone', async () => {
    const dataDir = await installedDataDir()
    fake.set({ dump: large, chunkDelayMs: 0, download: 'ok' })
    const service = await serve(dataDir)
    await service.fetch('/webapi/updater/check', { method: 'POST' })
    // The importer's directory appears in work/ once the download is verified and the import starts.
    const importing = await waitFor(
      () => workEntries(dataDir).find((name) => statSync(join(dataDir, 'work', name), { throwIfNoEntry: false })?.isDirectory()),
      60_000,
      5,
    )
    await service.kill()
    expect(workEntries(dataDir)).toContain(importing)
    expect(await expectCleanRestart(dataDir, [BASE_TAG])).toBe(BASE_TAG)
    // The restart said what happened, once: the cut-short update and what still serves.
    const restart = services.at(-1)?.output() ?? ''
    expect(restart).toMatch(/warn {2}an update was cut short when the service last stopped; its files were removed \(work\//)
    expect(restart).toContain(`work/${importing}`)
    expect(restart).toContain(`and ${BASE_TAG} is still the installed snapshot`)
  }, 90_000)

  test('during the switch (maintenance window held open by ICVDB_TEST_PAUSE_SWITCH_MS): old or new serves, never neither', async () => {
    const dataDir = await installedDataDir()
    fake.set({ dump: new Uint8Array(readFileSync(FIXTURE)), chunkDelayMs: 0, download: 'ok' })
    const service = await serve(dataDir, { ICVDB_TEST_PAUSE_SWITCH_MS: '20000' })
    await service.fetch('/webapi/updater/check', { method: 'POST' })
    const maintenance = await waitFor(async () => {
      const response = await service.fetch('/webapi/status')
      return response.status === 503 ? response : undefined
    })
    expect(maintenance.headers.get('retry-after')).toBe('5')
    expect(await maintenance.json()).toEqual({ detail: 'Database update in progress' })
    expect(readdirSync(join(dataDir, 'snapshots'))).toHaveLength(2)
    await service.kill()
    await expectCleanRestart(dataDir, [BASE_TAG, NEW_TAG])
  }, 60_000)
})
