import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { downloadDump, type DownloadOptions } from '../../../../runtime/updater/download.ts'
import { sha256Hex, startFakeReleases, type FakeReleases } from '../../../fakes/fake-releases.ts'
import { rejectionMessage } from '../../../helpers/rejection.ts'

// 300 KiB of varied bytes: several 64 KiB chunks, so progress and truncation are observable.
const dump = new Uint8Array(300 * 1024).map((_, i) => (i * 31 + (i >> 8)) & 0xff)
let fake: FakeReleases
let work: string

beforeAll(async () => {
  fake = await startFakeReleases({ dump })
  work = mkdtempSync(join(tmpdir(), 'icvdb-download-'))
})
afterAll(async () => {
  await fake.stop()
  rmSync(work, { recursive: true, force: true })
})

const options = (patch: Partial<DownloadOptions> = {}): DownloadOptions => ({
  url: `${fake.origin}/download/${fake.state.assetName}`,
  path: join(work, 'download.dump'),
  name: fake.state.assetName,
  expectedSha256: sha256Hex(dump),
  expectedSize: dump.byteLength,
  userAgent: 'icvdb-indexer/test',
  connectTimeoutMs: 2000,
  idleTimeoutMs: 2000,
  ...patch,
})

const failureOf = rejectionMessage

describe('downloadDump', () => {
  test('streams the dump to disk, verifies the SHA-256 and reports byte progress', async () => {
    // A short pause between chunks so loopback does not deliver the whole body at once.
    fake.set({ download: 'ok', chunkDelayMs: 5 })
    const seen: Array<[number, number | null]> = []
    const result = await downloadDump(options({ onProgress: (done, total) => seen.push([done, total]) }))
    expect(result).toEqual({ path: join(work, 'download.dump'), bytes: dump.byteLength, sha256: sha256Hex(dump) })
    expect(new Uint8Array(readFileSync(result.path))).toEqual(dump)
    expect(seen.length).toBeGreaterThan(1)
    expect(seen.at(-1)).toEqual([dump.byteLength, dump.byteLength])
    rmSync(result.path)
    fake.set({ chunkDelayMs: 0 })
  })

  test('asks for the stored bytes, and a proxy that compresses anyway still gives the dump (its size and SHA-256 checked)', async () => {
    // A server of its own: a fresh connection, as a proxy's would be.
    const proxy = await startFakeReleases({ dump, download: 'gzip' })
    try {
      for (const expectedSize of [dump.byteLength, null]) {
        const result = await downloadDump(options({ url: `${proxy.origin}/download/${proxy.state.assetName}`, expectedSize }))
        expect(result).toEqual({ path: join(work, 'download.dump'), bytes: dump.byteLength, sha256: sha256Hex(dump) })
        rmSync(result.path)
      }
      expect(proxy.acceptEncodings).toEqual(['identity', 'identity'])
    } finally {
      await proxy.stop()
    }
  })

  test('a checksum mismatch names both hashes and leaves no file', async () => {
    fake.set({ download: 'ok' })
    const message = await failureOf(downloadDump(options({ expectedSha256: 'ab'.repeat(32) })))
    expect(message).toBe(
      `Download of icvdb-2026-11-20.dump failed: checksum mismatch (expected abababababab…, got ${sha256Hex(dump).slice(0, 12)}…)`,
    )
    expect(readdirSync(work)).toEqual([])
  })

  test('a body that ends before Content-Length is a truncated download, and no file is left', async () => {
    fake.set({ download: 'truncated' })
    const message = await failureOf(downloadDump(options()))
    expect(message).toMatch(
      /^Download of icvdb-2026-11-20\.dump failed: the (connection broke|body ended) after \d+ of 307200 bytes .*truncated download\)$/,
    )
    expect(readdirSync(work)).toEqual([])
  })

  test('redirects it will not follow are named: a loop, or an address that is not http(s)', async () => {
    const redirecting = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (request) =>
        new URL(request.url).pathname === '/loop'
          ? Response.redirect(new URL('/loop', request.url).href, 302)
          : new Response(null, { status: 302, headers: { location: 'file:///etc/passwd' } }),
    })
    try {
      const base = `http://127.0.0.1:${redirecting.port}`
      expect(await failureOf(downloadDump(options({ url: `${base}/loop` })))).toBe(
        'Download of icvdb-2026-11-20.dump failed: cannot reach the download server (too many redirects)',
      )
      expect(await failureOf(downloadDump(options({ url: `${base}/file` })))).toBe(
        'Download of icvdb-2026-11-20.dump failed: cannot reach the download server (redirected to an address that is not http(s))',
      )
    } finally {
      redirecting.stop(true)
    }
  })

  test('names the HTTP status of the download server', async () => {
    fake.set({ download: 404 })
    expect(await failureOf(downloadDump(options()))).toBe('Download of icvdb-2026-11-20.dump failed: HTTP 404 from the download server')
    expect(readdirSync(work)).toEqual([])
  })

  test('a server that never answers hits the connect timeout', async () => {
    fake.set({ download: 'hang' })
    const message = await failureOf(downloadDump(options({ connectTimeoutMs: 300 })))
    expect(message).toBe('Download of icvdb-2026-11-20.dump failed: no answer from the download server within 0.3 s')
  })

  test('a body that stops flowing hits the idle timeout and the partial file is removed', async () => {
    fake.set({ download: 'stall' })
    const message = await failureOf(downloadDump(options({ idleTimeoutMs: 300 })))
    expect(message).toMatch(/^Download of icvdb-2026-11-20\.dump failed: no data for 0\.3 s after \d+ bytes$/)
    expect(readdirSync(work)).toEqual([])
  })

  test('a slow but steady body is not an idle timeout', async () => {
    fake.set({ download: 'ok', chunkDelayMs: 100 })
    const result = await downloadDump(options({ idleTimeoutMs: 400 }))
    expect(result.bytes).toBe(dump.byteLength)
    rmSync(result.path)
    fake.set({ chunkDelayMs: 0 })
  })

  test('a full disk aborts the download and removes the file', async () => {
    fake.set({ download: 'ok' })
    // /dev/full answers every write with ENOSPC: a real full disk without filling one.
    const path = join(work, 'full.dump')
    symlinkSync('/dev/full', path)
    expect(await failureOf(downloadDump(options({ path })))).toBe('Download of icvdb-2026-11-20.dump failed: the disk is full')
    expect(existsSync(path)).toBe(false)
  })

  test('an asset larger than the hard cap is refused before any request', async () => {
    const before = fake.requests.length
    const message = await failureOf(downloadDump(options({ maxBytes: 1000 })))
    expect(message).toBe('Download of icvdb-2026-11-20.dump failed: the asset is 307200 bytes, over the 1000 byte limit')
    expect(fake.requests.length).toBe(before)
  })

  test('a Content-Length that disagrees with the release metadata is refused', async () => {
    fake.set({ download: 'ok' })
    const message = await failureOf(downloadDump(options({ expectedSize: 1234 })))
    expect(message).toBe('Download of icvdb-2026-11-20.dump failed: the server announced 307200 bytes, the release lists 1234')
    expect(readdirSync(work)).toEqual([])
  })

  test('without a known size the hard cap still stops the body', async () => {
    fake.set({ download: 'ok' })
    const message = await failureOf(downloadDump(options({ expectedSize: null, maxBytes: 100_000 })))
    expect(message).toBe('Download of icvdb-2026-11-20.dump failed: the body is 307200 bytes, over the 100000 byte limit')
  })

  test('an aborted signal cancels the download', async () => {
    fake.set({ download: 'stall' })
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    expect(await failureOf(downloadDump(options({ signal: controller.signal })))).toBe(
      'Download of icvdb-2026-11-20.dump failed: cancelled',
    )
    expect(readdirSync(work)).toEqual([])
  })
})
