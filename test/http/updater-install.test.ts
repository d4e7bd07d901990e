/**
 * Installing a snapshot by hand while the service runs, over real HTTP: an upload streamed into the
 * data directory, a URL, a path on the server; the size cap, bad files, and what the dashboard reads
 * back (GET /webapi/snapshot).
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeReleases } from '../fakes/fake-releases.ts'
import { startTestServer, tempDataDir, type TestServer } from '../helpers/server.ts'

const FIXTURE = join(import.meta.dir, '../fixtures/snapshots/icvdb-sample-1.14-gzip.dump')
const dump = new Uint8Array(readFileSync(FIXTURE))
let server: TestServer
afterEach(() => server.stop())

const start = (env: Record<string, string> = {}) => {
  server = startTestServer({ env: { DB_AUTO_UPDATE: 'false', ...env } })
  return server
}

/** Polls GET /webapi/updater until the job has ended. */
const finished = async () => {
  for (let attempt = 0; attempt < 400; attempt++) {
    const response = await server.fetch('/webapi/updater')
    if (response.status === 200) {
      const view = await response.json()
      if (!view.updating) return view
    }
    await Bun.sleep(25)
  }
  throw new Error('the install did not end')
}

/** A body sent as a stream in `size`-byte chunks (chunked transfer: no Content-Length). */
const chunked = (bytes: Uint8Array, size: number, pauseMs = 0) =>
  new ReadableStream<Uint8Array>({
    async start(controller) {
      for (let offset = 0; offset < bytes.byteLength; offset += size) {
        controller.enqueue(bytes.slice(offset, offset + size))
        if (pauseMs) await Bun.sleep(pauseMs)
      }
      controller.close()
    },
  })

const upload = (body: BodyInit, name = 'icvdb-2026-11-20.dump', headers: Record<string, string> = {}) =>
  server.fetch(`/webapi/updater/upload?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/octet-stream', ...headers },
  })

const workFiles = () => readdirSync(join(server.dataDir, 'work'))

describe('POST /webapi/updater/upload', () => {
  test('streams the dump into the data directory while it arrives, then installs it through the updater', async () => {
    start()
    const response = await upload(chunked(dump, 16 * 1024, 5))
    expect(response.status).toBe(202)
    const accepted = await response.json()
    expect(accepted.updating).toBe(true)
    const view = await finished()
    expect(view.progress).toMatchObject({ phase: 'done', tag: 'db-2026-11-20' })
    expect(view.progress.message).toBe('Installed db-2026-11-20 (410 torrents) from icvdb-2026-11-20.dump')
    expect(view.installed_version).toBe('db-2026-11-20')
    expect(workFiles()).toEqual([])

    const info = await (await server.fetch('/webapi/snapshot')).json()
    expect(info).toMatchObject({
      tag: 'db-2026-11-20',
      origin: { kind: 'upload', name: 'icvdb-2026-11-20.dump' },
      rows: { torrents: 410, files: 1206, pack_files: 80 },
    })
    expect(info.size_bytes).toBeGreaterThan(dump.byteLength)
    expect(Date.parse(info.installed_at)).toBeGreaterThan(Date.now() - 60_000)
    const feed = await (await server.fetch('/api?t=search&q=Breaking+Bad')).text()
    expect(feed).toContain('Breaking.Bad.S01E01.Pilot.ITA.ENG.1080p.BluRay.x264-GRP')
  }, 30_000)

  test('the body is written to disk chunk by chunk, not collected in memory first', async () => {
    start()
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const half = Math.floor(dump.byteLength / 2)
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(dump.slice(0, half))
        await gate
        controller.enqueue(dump.slice(half))
        controller.close()
      },
    })
    const pending = upload(body)
    // Half the body sent, the rest held back: the first half is already in work/.
    let written = 0
    for (let attempt = 0; attempt < 200 && written < half; attempt++) {
      await Bun.sleep(10)
      written = workFiles().reduce((sum, name) => sum + statSync(join(server.dataDir, 'work', name)).size, 0)
    }
    expect(written).toBe(half)
    release()
    expect((await pending).status).toBe(202)
    expect((await finished()).progress.phase).toBe('done')
  }, 30_000)

  test('an upload over UPLOAD_MAX_BYTES is a 413 with a detail, declared or streamed, and leaves nothing behind', async () => {
    start({ UPLOAD_MAX_BYTES: '4096' })
    const declared = await upload(dump)
    expect(declared.status).toBe(413)
    expect((await declared.json()).detail).toBe('the file is larger than the upload limit (4.0 KiB; UPLOAD_MAX_BYTES raises it)')
    const streamed = await upload(chunked(dump, 1024))
    expect(streamed.status).toBe(413)
    expect((await streamed.json()).detail).toContain('larger than the upload limit')
    expect(workFiles()).toEqual([])
    expect((await (await server.fetch('/webapi/status')).json()).updater.installed_version).toBeNull()
  })

  test('a file that is not a pg_dump archive, or an empty one, is a 422 that says so', async () => {
    start()
    const bogus = await upload('this is a zip file, honest', 'icvdb-2026-11-20.zip')
    expect(bogus.status).toBe(422)
    expect((await bogus.json()).detail).toBe(
      'the file was not installed: it is not a pg_dump custom-format archive (made with pg_dump -Fc)',
    )
    const tiny = await upload(chunked(new TextEncoder().encode('PG'), 1))
    expect(tiny.status).toBe(422)
    const empty = await upload(new Uint8Array())
    expect(empty.status).toBe(422)
    expect((await empty.json()).detail).toBe('the uploaded file is empty')
    expect(workFiles()).toEqual([])
  })

  test('a damaged archive fails the install with a specific last_error; the service keeps serving', async () => {
    start()
    const damaged = new Uint8Array(dump.slice(0, 4096))
    expect((await upload(damaged)).status).toBe(202)
    const view = await finished()
    expect(view.progress.phase).toBe('failed')
    expect(view.last_error).toStartWith('Import of icvdb-2026-11-20.dump failed: ')
    expect(workFiles()).toEqual([])
  })

  test('a second upload while one is still arriving is a 409', async () => {
    start()
    // The first body arrives slowly (about 1.5 s), so the second request lands while it streams.
    const first = upload(chunked(dump, Math.ceil(dump.length / 30), 50))
    await Bun.sleep(300)
    const second = await upload(dump)
    expect(second.status).toBe(409)
    expect((await second.json()).detail).toBe('An update is already running; try again when it has finished')
    expect((await first).status).toBe(202)
    await finished()
  })

  test('Check now while an upload arrives is a 409, and the upload still installs', async () => {
    start()
    const first = upload(chunked(dump, Math.ceil(dump.length / 30), 50))
    await Bun.sleep(300)
    const check = await server.fetch('/webapi/updater/check', { method: 'POST' })
    expect([check.status, (await check.json()).detail]).toEqual([409, 'A dump is being uploaded; check for updates once it is installed'])
    expect((await first).status).toBe(202)
    expect((await finished()).installed_version).toBe('db-2026-11-20')
  })
})

describe('POST /webapi/updater/install', () => {
  const install = (body: unknown) =>
    server.fetch('/webapi/updater/install', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

  test('installs a file on the server and keeps it', async () => {
    start()
    const dir = tempDataDir('icvdb-install-src-')
    const path = join(dir, 'icvdb-2026-11-21.dump')
    writeFileSync(path, dump)
    expect((await install({ path })).status).toBe(202)
    expect((await finished()).installed_version).toBe('db-2026-11-21')
    expect(statSync(path).size).toBe(dump.byteLength)
    expect((await (await server.fetch('/webapi/snapshot')).json()).origin).toEqual({ kind: 'file', name: 'icvdb-2026-11-21.dump' })
  }, 30_000)

  test('Check now while an install runs is a 409 (it would only join the install)', async () => {
    start({ ICVDB_TEST_PAUSE_SWITCH_MS: '1500', SNAPSHOT_RELEASE_URL: 'http://127.0.0.1:9/releases/latest' })
    const dir = tempDataDir('icvdb-install-src-')
    const path = join(dir, 'icvdb-2026-11-21.dump')
    writeFileSync(path, dump)
    expect((await install({ path })).status).toBe(202)
    const check = await server.fetch('/webapi/updater/check', { method: 'POST' })
    expect([check.status, (await check.json()).detail]).toEqual([409, 'An update is already running; try again when it has finished'])
    expect((await finished()).installed_version).toBe('db-2026-11-21')
    expect((await server.fetch('/webapi/updater/check', { method: 'POST' })).status).toBe(202)
  }, 30_000)

  test('downloads and installs a URL', async () => {
    start()
    const releases = await startFakeReleases({ dump })
    try {
      expect((await install({ url: `${releases.origin}/download/icvdb-2026-11-20.dump` })).status).toBe(202)
      const view = await finished()
      expect(view.installed_version).toBe('db-2026-11-20')
      expect(workFiles()).toEqual([])
    } finally {
      await releases.stop()
    }
  }, 30_000)

  test('bad bodies, relative or missing paths and non-dumps are 422 with a sentence', async () => {
    start()
    const cases: [unknown, string][] = [
      [{}, 'install needs {"url": "<http(s) URL of a dump>"} or {"path": "<absolute path of a dump on the server>"}'],
      [{ url: 'ftp://example.invalid/x.dump' }, 'url must be an absolute http(s) URL without credentials'],
      [{ url: '' }, 'url must be an absolute http(s) URL without credentials'],
      [{ path: 'relative.dump' }, 'path must be an absolute path on the server'],
      [{ path: '/nonexistent/icvdb.dump' }, 'icvdb.dump cannot be installed: the file does not exist'],
      [{ path: FIXTURE.replace('.dump', '') + '.missing' }, `icvdb-sample-1.14-gzip.missing cannot be installed: the file does not exist`],
      [
        { path: import.meta.path },
        'updater-install.test.ts cannot be installed: it is not a pg_dump custom-format archive (made with pg_dump -Fc)',
      ],
    ]
    for (const [body, detail] of cases) {
      const response = await install(body)
      expect(response.status).toBe(422)
      expect(await response.json()).toEqual({ detail })
    }
  })
})

describe('after a failed automatic check', () => {
  test('the log says when the next try is and how to install without internet', async () => {
    start({ DB_AUTO_UPDATE: 'true', SNAPSHOT_RELEASE_URL: 'http://127.0.0.1:9/releases/latest' }).ctx.updater.start()
    await server.fetch('/webapi/updater/check', { method: 'POST' })
    const view = await finished()
    expect(view.last_error).toContain('Release check failed')
    expect(view.next_check).not.toBeNull()
    const line = server.logs.find((entry) => entry.includes('update check failed'))
    expect(line).toContain(`next try at ${view.next_check}`)
    expect(line).toContain('upload a dump in the web UI (Dashboard), or run icvdb-indexer import <file|url>')
  })
})
