/** `icvdb-indexer import <file|url>` and `icvdb-indexer check` as real processes. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeReleases, type FakeReleases } from '../fakes/fake-releases.ts'
import { tempDataDir } from '../helpers/server.ts'
import { runCli, startService } from '../helpers/service-process.ts'

const ROOT = join(import.meta.dir, '../..')
const FIXTURE = join(ROOT, 'test/fixtures/snapshots/icvdb-sample-1.14-gzip.dump')
const dump = new Uint8Array(readFileSync(FIXTURE))
let fake: FakeReleases
const dataDirs: string[] = []

beforeAll(async () => {
  fake = await startFakeReleases({ dump })
})
afterAll(async () => {
  await fake.stop()
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

const freshDataDir = () => {
  const dir = tempDataDir('icvdb-cli-')
  dataDirs.push(dir)
  return dir
}

const snapshotsOf = (dataDir: string) => readdirSync(join(dataDir, 'snapshots'))

describe('icvdb-indexer import', () => {
  test('installs a dump file by hand, and serve then answers searches from it', async () => {
    const dataDir = freshDataDir()
    const result = await runCli(['import', 'test/fixtures/snapshots/icvdb-sample-1.14-gzip.dump', '--data-dir', dataDir])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(
      /Installed manual-icvdb-sample-1\.14-gzip\.dump: 410 torrents, 1,206 files, 80 pack files \(import [\d.]+ s, switch [\d.]+ ms\)\n/,
    )
    // Not a terminal: plain progress lines, no carriage returns.
    expect(result.stderr).toContain('importing')
    expect(result.stderr).not.toContain('\r')
    expect(readdirSync(join(dataDir, 'work'))).toEqual([])
    expect(snapshotsOf(dataDir)).toHaveLength(1)
    expect(readFileSync(FIXTURE).byteLength).toBe(dump.byteLength)

    const service = await startService(dataDir, { DB_AUTO_UPDATE: 'false' })
    try {
      const status = await (await service.fetch('/webapi/status')).json()
      expect(status.database.connected).toBe(true)
      expect(status.updater.installed_version).toBe('manual-icvdb-sample-1.14-gzip.dump')
      const feed = await (await service.fetch('/api?t=search&q=Breaking+Bad')).text()
      expect(feed).toContain('Breaking.Bad.S01E01.Pilot.ITA.ENG.1080p.BluRay.x264-GRP')
    } finally {
      await service.kill('SIGTERM')
    }
  }, 60_000)

  test('a second import replaces the first and removes its directory', async () => {
    const dataDir = freshDataDir()
    expect((await runCli(['import', FIXTURE, '--data-dir', dataDir])).code).toBe(0)
    const first = snapshotsOf(dataDir)
    expect((await runCli(['import', FIXTURE, '--data-dir', dataDir])).code).toBe(0)
    const second = snapshotsOf(dataDir)
    expect(second).toHaveLength(1)
    expect(second).not.toEqual(first)
  }, 60_000)

  test('downloads a dump from a URL, names it after icvdb-YYYY-MM-DD.dump and installs it', async () => {
    const dataDir = freshDataDir()
    const result = await runCli(['import', `${fake.origin}/download/icvdb-2026-11-20.dump`, '--data-dir', dataDir])
    expect(result.code).toBe(0)
    expect(result.stderr).toMatch(/downloaded icvdb-2026-11-20\.dump: [\d.]+ KiB, sha256 [0-9a-f]{64}\n/)
    expect(result.stdout).toContain('\nInstalled db-2026-11-20: 410 torrents, 1,206 files, 80 pack files')
    expect(readdirSync(join(dataDir, 'work'))).toEqual([])
  }, 60_000)

  test('a missing file fails with exit status 1 and one sentence', async () => {
    const dataDir = freshDataDir()
    const result = await runCli(['import', '/nonexistent/icvdb.dump', '--data-dir', dataDir])
    expect(result).toMatchObject({ code: 1, stdout: '' })
    expect(result.stderr).toBe('Import of icvdb.dump failed: the file does not exist (/nonexistent/icvdb.dump)\n')
  })

  test('a file that is not a pg_dump archive fails and installs nothing', async () => {
    const dataDir = freshDataDir()
    const bogus = join(dataDir, 'bogus.dump')
    writeFileSync(bogus, 'this is not an archive')
    const result = await runCli(['import', bogus, '--data-dir', dataDir])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^Import of bogus\.dump failed: .+\n$/m)
    expect(readdirSync(join(dataDir, 'work'))).toEqual([])
    expect(snapshotsOf(dataDir)).toEqual([])
  })
})

describe('icvdb-indexer import while the service runs', () => {
  test('hands the file to the running service, shows its progress, and the service serves the snapshot', async () => {
    const dataDir = freshDataDir()
    const service = await startService(dataDir, { DB_AUTO_UPDATE: 'false' })
    try {
      expect(readFileSync(join(dataDir, 'state', 'service.url'), 'utf8')).toBe(`${service.base}\n`)
      const result = await runCli(['import', FIXTURE, '--data-dir', dataDir])
      expect(result.code).toBe(0)
      expect(result.stderr).toContain(`handing over to the running service (pid ${service.child.pid}, ${service.base})`)
      expect(result.stdout).toBe('Installed manual-icvdb-sample-1.14-gzip.dump (410 torrents) from icvdb-sample-1.14-gzip.dump\n')
      const status = await (await service.fetch('/webapi/status')).json()
      expect(status.updater.installed_version).toBe('manual-icvdb-sample-1.14-gzip.dump')
      const feed = await (await service.fetch('/api?t=search&q=Breaking+Bad')).text()
      expect(feed).toContain('Breaking.Bad.S01E01.Pilot.ITA.ENG.1080p.BluRay.x264-GRP')

      const missing = await runCli(['import', '/nonexistent/icvdb.dump', '--data-dir', dataDir])
      expect(missing.code).toBe(1)
      expect(missing.stderr).toEndWith('icvdb.dump cannot be installed: the file does not exist\n')
    } finally {
      await service.kill('SIGTERM')
    }
    expect(readdirSync(join(dataDir, 'state'))).not.toContain('service.url')
  }, 60_000)
})

describe('icvdb-indexer import while the service dies', () => {
  test('a service killed in the middle: exit 1 and a sentence, never a hang or another update taken for its own', async () => {
    const dataDir = freshDataDir()
    // The switch's maintenance window is held open, so the import is surely running when the service dies.
    const service = await startService(dataDir, { DB_AUTO_UPDATE: 'false', ICVDB_TEST_PAUSE_SWITCH_MS: '30000' })
    const cli = Bun.spawn([process.execPath, join(ROOT, 'runtime/main.ts'), 'import', FIXTURE, '--data-dir', dataDir], {
      env: { PATH: process.env.PATH ?? '' },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    try {
      for (let tries = 0; tries < 200; tries++) {
        if ((await (await service.fetch('/webapi/updater')).json()).maintenance) break
        await Bun.sleep(50)
      }
      await service.kill('SIGKILL')
      const [stdout, stderr, code] = await Promise.all([new Response(cli.stdout).text(), new Response(cli.stderr).text(), cli.exited])
      expect({ code, stdout }).toEqual({ code: 1, stdout: '' })
      expect(stderr).toContain(
        `the service at ${service.base} stopped answering, so this update did not complete; the snapshot it had keeps serving`,
      )
    } finally {
      cli.kill()
      await service.kill()
    }
  }, 60_000)
})

describe('icvdb-indexer check while the service runs', () => {
  test('asks the running service to check and follows it to the end', async () => {
    const dataDir = freshDataDir()
    const service = await startService(dataDir, { DB_AUTO_UPDATE: 'false', SNAPSHOT_RELEASE_URL: fake.url })
    try {
      const result = await runCli(['check', '--data-dir', dataDir])
      expect(result.code).toBe(0)
      expect(result.stderr).toContain('handing over to the running service')
      expect(result.stdout).toEndWith('Installed db-2026-11-20 (410 torrents)\n')
      expect((await (await service.fetch('/webapi/status')).json()).updater.installed_version).toBe('db-2026-11-20')
    } finally {
      await service.kill('SIGTERM')
    }
  }, 60_000)
})

describe('icvdb-indexer check', () => {
  test('installs the latest release, then reports it is up to date', async () => {
    const dataDir = freshDataDir()
    const env = { SNAPSHOT_RELEASE_URL: fake.url }
    const first = await runCli(['check', '--data-dir', dataDir], env)
    expect(first.code).toBe(0)
    expect(first.stdout).toEndWith('Installed db-2026-11-20 (410 torrents)\n')
    const second = await runCli(['check', '--data-dir', dataDir], env)
    expect(second).toMatchObject({ code: 0 })
    expect(second.stdout).toEndWith('Already up to date (db-2026-11-20)\n')
  }, 60_000)

  test('a failing release server gives exit status 1 and the specific sentence', async () => {
    fake.set({ release: 404 })
    try {
      const result = await runCli(['check', '--data-dir', freshDataDir()], { SNAPSHOT_RELEASE_URL: fake.url })
      expect(result.code).toBe(1)
      expect(result.stderr).toEndWith('Release check failed: HTTP 404 from the release server\n')
    } finally {
      fake.set({ release: 'ok' })
    }
  })
})
