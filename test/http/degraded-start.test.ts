/**
 * Issue 15, defects 6 to 10 on the real service process: a read-only data directory (a real
 * read-only bind mount), a stale pid file naming a live process, start-up failures as one line,
 * Bun's own body limit, and a full disk (a real 1 MiB tmpfs) during PUT /webapi/settings.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { dataPaths, NO_SPACE, READ_ONLY } from '../../runtime/data-dir.ts'
import { writeInstalled } from '../../runtime/updater/installed.ts'
import { makeSnapshotDirectory } from '../fakes/fake-snapshot.ts'
import { runCli, startService, type ServiceProcess } from '../helpers/service-process.ts'
import { putJson, startTestServer, tempDataDir } from '../helpers/server.ts'

const root = tempDataDir('icvdb-degraded-')
const mounts: string[] = []
const mount = (...args: string[]) => {
  const result = spawnSync('mount', args, { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`mount ${args.join(' ')}: ${result.stderr}`)
}
/** A read-only view of `source` at a new path (bind mount, then remounted read-only). */
const readOnlyView = (source: string): string => {
  const target = join(root, `ro-${mounts.length}`)
  mkdirSync(target)
  mount('--bind', source, target)
  mounts.push(target)
  mount('-o', 'remount,bind,ro', target)
  return target
}
afterAll(() => {
  for (const target of mounts.reverse()) spawnSync('umount', ['-l', target])
  rmSync(root, { recursive: true, force: true })
})

const SETTINGS = {
  schema_version: 1,
  database_update: { enabled: true, interval_seconds: 86400 },
  result_processing: { preset: 'unfiltered', custom_rules: [] },
  manager: { url: '', indexer_url: '' },
}

const withSnapshot = (name: string): string => {
  const dataDir = join(root, name)
  const paths = dataPaths(dataDir)
  mkdirSync(paths.state, { recursive: true })
  makeSnapshotDirectory(join(paths.snapshots, 'db-ro'), 'db-ro', { titles: ['Read.Only.Movie.2020.1080p'] })
  writeInstalled(paths, { tag: 'db-ro', directory: 'db-ro', installed_at: new Date().toISOString() })
  return dataDir
}

/** A start-up failure: exactly one line on stderr, no stack, the given exit status. */
const expectOneLine = (result: { code: number | null; stderr: string; stdout: string }, code: number, pattern: RegExp) => {
  expect({ code: result.code, lines: result.stderr.trim().split('\n') }).toEqual({ code, lines: [expect.stringMatching(pattern)] })
  expect(result.stdout + result.stderr).not.toMatch(/\n\s+at |\^/)
}

describe('a read-only data directory', () => {
  let service: ServiceProcess
  let readOnly: string
  beforeAll(async () => {
    readOnly = readOnlyView(withSnapshot('ro-source'))
    service = await startService(readOnly)
  })
  afterAll(() => service.kill())

  test('serves the installed snapshot', async () => {
    const response = await service.fetch('/api?t=search&q=read+only')
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Read.Only.Movie.2020.1080p')
  })

  test('answers writes with one clear sentence, shown in the status too', async () => {
    const response = await service.fetch('/webapi/settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SETTINGS),
    })
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({ detail: READ_ONLY })
    expect((await service.fetch('/webapi/updater/check', { method: 'POST' })).status).toBe(409)
    expect((await (await service.fetch('/webapi/status')).json()).updater.last_error).toBe(READ_ONLY)
    expect(service.output()).not.toMatch(/EROFS.*\n\s+at /)
  })

  test('import and check stop with one line (exit 1)', async () => {
    expectOneLine(
      await runCli(['check', '--data-dir', readOnly]),
      1,
      /^icvdb-indexer: the data directory .* is read-only: check needs to write there/,
    )
  })
})

describe('one service per data directory: a lock, not a pid number', () => {
  test('a stale service.pid naming a live process blocks nothing; a live service blocks a second serve and takes over import', async () => {
    const dataDir = join(root, 'lock')
    mkdirSync(join(dataDir, 'state'), { recursive: true })
    const sleeper = Bun.spawn(['sleep', '60'])
    try {
      writeFileSync(join(dataDir, 'state', 'service.pid'), `${sleeper.pid}\n`)
      const stale = await runCli(['import', join(dataDir, 'missing.dump'), '--data-dir', dataDir])
      expect(stale.stderr).not.toContain('already running')
      expect(stale.stderr).toContain('the file does not exist')
      const service = await startService(dataDir)
      try {
        const refused = await runCli(['serve', '--port', '0', '--data-dir', dataDir])
        expectOneLine(refused, 1, new RegExp(`a service \\(pid ${service.child.pid}\\) is already running on ${dataDir}`))
        // import is handed to the running service (issue 18), which owns the snapshot files.
        const handed = await runCli(['import', join(dataDir, 'missing.dump'), '--data-dir', dataDir])
        expect(handed.code).toBe(1)
        expect(handed.stderr).toContain(`handing over to the running service (pid ${service.child.pid}`)
      } finally {
        await service.kill()
      }
      // Killed without cleaning up: the socket it leaves is recognised as dead.
      expect((await runCli(['import', join(dataDir, 'missing.dump'), '--data-dir', dataDir])).stderr).not.toContain('already running')
    } finally {
      sleeper.kill()
    }
  })
})

describe('an installed snapshot that cannot be opened', () => {
  test.each([
    ['truncated', (directory: string) => truncateSync(join(directory, 'torrents.db'), 8192)],
    ['overwritten', (directory: string) => writeFileSync(join(directory, 'torrents.db'), Buffer.alloc(65536, 7))],
    ['missing files.db', (directory: string) => rmSync(join(directory, 'files.db'))],
  ])('%s: the status, /readyz and the log say which snapshot, why, and how to install one again', async (name, damage) => {
    const dataDir = withSnapshot(`damaged-${name}`)
    damage(join(dataPaths(dataDir).snapshots, 'db-ro'))
    const service = await startService(dataDir, { DB_AUTO_UPDATE: 'false' })
    try {
      const status = await (await service.fetch('/webapi/status')).json()
      expect(status.updater.last_error).toStartWith('The installed snapshot db-ro cannot be opened (')
      expect(status.updater.last_error).toEndWith('or run icvdb-indexer import <file>')
      const ready = await service.fetch('/readyz')
      expect([ready.status, await ready.text()]).toEqual([503, `not ready: no snapshot is served. ${status.updater.last_error}\n`])
      expect(service.output()).toContain(status.updater.last_error)
      expect((await service.fetch('/api?t=search')).status).toBe(200)
    } finally {
      await service.kill()
    }
  })
})

describe('start-up failures are one line naming the cause and the fix', () => {
  test('configuration (exit 2): SEARCH_WORKERS and SEARCH_CACHE_MB are validated like the other variables', async () => {
    const dataDir = join(root, 'config')
    expectOneLine(
      await runCli(['serve', '--port', '0', '--data-dir', dataDir], { SEARCH_WORKERS: 'lots' }),
      2,
      /SEARCH_WORKERS must be an integer/,
    )
    expectOneLine(
      await runCli(['serve', '--port', '0', '--data-dir', dataDir], { SEARCH_CACHE_MB: '-4' }),
      2,
      /SEARCH_CACHE_MB must be a number of MiB/,
    )
  })

  test('environment (exit 1): a port in use, a file as the data directory, a directory that cannot be created or written', async () => {
    const holder = createServer()
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve))
    const port = String((holder.address() as { port: number }).port)
    try {
      expectOneLine(
        await runCli(['serve', '--port', port, '--host', '127.0.0.1', '--data-dir', join(root, 'port')]),
        1,
        /port \d+ is already in use on 127\.0\.0\.1: .*PORT/,
      )
    } finally {
      holder.close()
    }
    expectOneLine(
      await runCli(['serve', '--port', '0', '--host', '999.1.1.1', '--data-dir', join(root, 'bad-host')]),
      1,
      /999\.1\.1\.1 is not an address of this machine; set HOST or --host/,
    )
    const file = join(root, 'a-file')
    writeFileSync(file, '')
    expectOneLine(await runCli(['serve', '--port', '0', '--data-dir', file]), 1, /is a file, not a directory: set DATA_DIR/)
    for (const inside of ['state', 'snapshots']) {
      const dataDir = join(root, `file-as-${inside}`)
      mkdirSync(dataDir)
      writeFileSync(join(dataDir, inside), '')
      for (const command of [['serve', '--port', '0'], ['check']])
        expectOneLine(
          await runCli([...command, '--data-dir', dataDir], { DB_AUTO_UPDATE: 'false', SNAPSHOT_RELEASE_URL: 'http://127.0.0.1:9/' }),
          1,
          new RegExp(`/${inside} is a file, not a directory: move it out of the data directory and start again$`),
        )
    }
    const empty = join(root, 'empty')
    mkdirSync(empty)
    const frozen = readOnlyView(empty)
    expectOneLine(
      await runCli(['serve', '--port', '0', '--data-dir', join(frozen, 'data')]),
      1,
      /cannot be created \(read-only file system\): create it, or set DATA_DIR/,
    )
    expectOneLine(await runCli(['serve', '--port', '0', '--data-dir', frozen]), 1, /is read-only and holds no installed snapshot/)
  })

  test('SIGTERM: the service says it stops, and that it stopped', async () => {
    const service = await startService(join(root, 'stopping'))
    await service.kill('SIGTERM')
    expect(service.child.exitCode).toBe(0)
    expect(service.output()).toMatch(/info {2}SIGTERM: stopping \(.+\)\n.*info {2}stopped\n/)
  })

  test('a second service on the port of a running one fails with exit 1 instead of sharing its connections', async () => {
    const first = await startService(join(root, 'first-service'))
    try {
      const port = new URL(first.base).port
      expectOneLine(
        await runCli(['serve', '--port', port, '--host', '127.0.0.1', '--data-dir', join(root, 'second-service')]),
        1,
        /port \d+ is already in use on 127\.0\.0\.1: .*PORT/,
      )
    } finally {
      await first.kill()
    }
  })

  test('a body over any Bun limit gets the handler’s 413 {"detail"} from the real service', async () => {
    const service = await startService(join(root, 'body'))
    try {
      const response = await service.fetch('/webapi/settings', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(3 * 1024 * 1024),
      })
      expect(response.status).toBe(413)
      expect(await response.json()).toEqual({ detail: 'request body is too large' })
    } finally {
      await service.kill()
    }
  })
})

/** A data directory on its own 1 MiB tmpfs (unmounted after the file), served in this process. */
const tinyDisk = (name: string): { dataDir: string; server: ReturnType<typeof startTestServer> } => {
  const dataDir = join(root, name)
  mkdirSync(dataDir)
  mount('-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dataDir)
  mounts.push(dataDir)
  return { dataDir, server: startTestServer({ dataDir }) }
}

test('an upload to a full data directory answers 507, whether the size is declared or not', async () => {
  const { dataDir, server } = tinyDisk('full-upload')
  try {
    const dump = readFileSync(join(import.meta.dir, '../fixtures/snapshots/icvdb-sample-1.14-gzip.dump'))
    const large = new Uint8Array(700 * 1024)
    large.set(dump.subarray(0, 64))
    const declared = await server.fetch('/webapi/updater/upload?name=big.dump', { method: 'POST', body: large })
    expect(declared.status).toBe(507)
    expect((await declared.json()).detail).toMatch(/^not enough free space in the data directory \(.+ needed, .+ free\): free some space/)
    spawnSync('dd', ['if=/dev/zero', `of=${join(dataDir, 'filler')}`, 'bs=64k'], { stdio: 'ignore' })
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < dump.length; at += 16384) controller.enqueue(dump.subarray(at, at + 16384))
        controller.close()
      },
    })
    const streamed = await server.fetch('/webapi/updater/upload?name=streamed.dump', { method: 'POST', body: chunks })
    expect([streamed.status, await streamed.json()]).toEqual([507, { detail: NO_SPACE }])
  } finally {
    await server.stop()
  }
})

test('a full disk during PUT /webapi/settings answers 507 and keeps the saved file', async () => {
  const { dataDir, server } = tinyDisk('full')
  try {
    const before = readFileSync(join(dataDir, 'state', 'settings.json'), 'utf8')
    // Fill the disk: the write stops at ENOSPC.
    spawnSync('dd', ['if=/dev/zero', `of=${join(dataDir, 'filler')}`, 'bs=64k'], { stdio: 'ignore' })
    const response = await putJson(server, '/webapi/settings', { ...SETTINGS, database_update: { enabled: false, interval_seconds: 3600 } })
    expect(response.status).toBe(507)
    expect(await response.json()).toEqual({ detail: NO_SPACE })
    expect(NO_SPACE).toStartWith('no space left on the data directory')
    expect(readFileSync(join(dataDir, 'state', 'settings.json'), 'utf8')).toBe(before)
  } finally {
    await server.stop()
  }
})
