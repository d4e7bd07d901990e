import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { discoverRelease, isUpdate, retryAtOf, tagForDumpName } from '../../../../runtime/updater/release.ts'
import { UpdateFailure } from '../../../../runtime/updater/types.ts'
import { sha256Hex, startFakeReleases, type FakeReleases } from '../../../fakes/fake-releases.ts'
import { rejectionOf } from '../../../helpers/rejection.ts'

const dump = new TextEncoder().encode('PGDMP fake dump bytes')
let fake: FakeReleases

beforeAll(async () => {
  fake = await startFakeReleases({ dump })
})
afterAll(() => fake.stop())

const discover = (timeoutMs = 2000) => discoverRelease({ url: fake.url, userAgent: 'icvdb-indexer/test', timeoutMs })
const failureOf = async (promise: Promise<unknown>): Promise<string> => {
  const error = await rejectionOf(promise)
  expect(error).toBeInstanceOf(UpdateFailure)
  return (error as Error).message
}

describe('discoverRelease', () => {
  test('takes the tag, the first .dump asset and its digest', async () => {
    fake.set({ release: 'ok', digest: 'ok', dumpAsset: true })
    const release = await discover()
    expect(release).toEqual({
      tag: 'db-2026-11-20',
      asset: { name: 'icvdb-2026-11-20.dump', size: dump.byteLength, url: `${fake.origin}/download/icvdb-2026-11-20.dump` },
      sha256: sha256Hex(dump),
    })
    expect(fake.requests.at(-1)).toBe('GET /releases/latest icvdb-indexer/test')
  })

  test('reads the checksum from the sibling .sha256 asset when the digest is missing', async () => {
    fake.set({ digest: 'sibling' })
    expect((await discover()).sha256).toBe(sha256Hex(dump))
    expect(fake.requests.at(-1)).toStartWith('GET /download/icvdb-2026-11-20.dump.sha256 ')
  })

  test('fails with a sentence when there is neither a digest nor a .sha256 asset', async () => {
    fake.set({ digest: 'none' })
    expect(await failureOf(discover())).toBe(
      'Release check failed: icvdb-2026-11-20.dump has no SHA-256 digest and no icvdb-2026-11-20.dump.sha256 asset',
    )
  })

  test('fails when the release has no .dump asset', async () => {
    fake.set({ digest: 'ok', dumpAsset: false })
    expect(await failureOf(discover())).toBe('Release check failed: release db-2026-11-20 has no .dump asset')
    fake.set({ dumpAsset: true })
  })

  test('names the HTTP status of the release server', async () => {
    fake.set({ release: 404 })
    expect(await failureOf(discover())).toBe('Release check failed: HTTP 404 from the release server')
    fake.set({ release: 500 })
    expect(await failureOf(discover())).toBe('Release check failed: HTTP 500 from the release server')
  })

  test('gives up on a server that never answers', async () => {
    fake.set({ release: 'hang' })
    expect(await failureOf(discover(300))).toBe('Release check failed: no answer from the release server within 0.3 s')
  })

  test('rejects metadata that is not JSON', async () => {
    fake.set({ release: 'invalid-json' })
    expect(await failureOf(discover())).toBe('Release check failed: the release metadata is not valid JSON')
  })

  test('rejects a tag that is not a plain name, since it becomes a directory name', async () => {
    fake.set({ release: 'ok', tag: '../../etc' })
    expect(await failureOf(discover())).toStartWith('Release check failed: the release tag is not a plain name')
    fake.set({ tag: `db-2026-12-08-${'b'.repeat(120)}` })
    expect(await failureOf(discover())).toBe('Release check failed: the release tag is longer than 100 characters')
    fake.set({ tag: 'db-2026-11-20' })
  })

  test('reports a refused connection without the URL', async () => {
    const message = await failureOf(discoverRelease({ url: 'http://127.0.0.1:1/secret-token/latest', userAgent: 'x', timeoutMs: 2000 }))
    expect(message).toBe('Release check failed: cannot reach the release server (connection refused)')
  })
})

describe('isUpdate', () => {
  test.each([
    ['db-2026-11-20', null, true],
    ['db-2026-11-20', 'db-2026-11-20', false],
    ['db-2026-11-21', 'db-2026-11-20', true],
    ['db-2026-11-19', 'db-2026-11-20', false],
    ['db-2026-11-20', 'manual-sample.dump', true],
    ['nightly-2', 'nightly-1', true],
    ['nightly-1', 'nightly-2', true],
  ])('remote %p over installed %p → %p', (remote, installed, expected) => {
    expect(isUpdate(remote, installed)).toBe(expected)
  })
})

describe('tagForDumpName', () => {
  test.each([
    ['icvdb-2026-11-20.dump', 'db-2026-11-20'],
    ['icvdb-sample-1.14-gzip.dump', 'manual-icvdb-sample-1.14-gzip.dump'],
    ['my dump (1).dump', 'manual-my_dump_1_.dump'],
    ['..', 'manual-dump'],
  ])('%p → %p', (name, tag) => {
    expect(tagForDumpName(name)).toBe(tag)
  })
})

describe('retryAtOf: when a refusing server lets requests through again', () => {
  const NOW = Date.parse('2026-11-25T20:00:00Z')
  const refusal = (headers: Record<string, string>) => new Response(null, { status: 429, headers })
  test.each([
    ['GitHub rate limit', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1764102600' }, 1_764_102_600_000],
    ['limit not spent', { 'x-ratelimit-remaining': '12', 'x-ratelimit-reset': '1764102600' }, null],
    ['Retry-After seconds', { 'retry-after': '600' }, NOW + 600_000],
    ['Retry-After date', { 'retry-after': 'Wed, 25 Nov 2026 20:30:00 GMT' }, Date.parse('2026-11-25T20:30:00Z')],
    ['nothing said', {}, null],
  ])('%s', (_, headers, expected) => expect(retryAtOf(refusal(headers), NOW)).toBe(expected))
})
