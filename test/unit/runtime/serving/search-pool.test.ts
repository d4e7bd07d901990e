import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type OpenSnapshot } from '../../../../runtime/db/database.ts'
import { createLog } from '../../../../runtime/log.ts'
import type { SearchQuery } from '../../../../runtime/search/query.ts'
import { createSearchPool, type SearchPool } from '../../../../runtime/serving/search-pool.ts'
import { search } from '../../../../runtime/search/search.ts'
import { PRESETS } from '../../../../runtime/settings/schema.ts'
import { searchFeed } from '../../../../runtime/serving/feed-job.ts'
import { toSearchQuery } from '../../../../runtime/torznab/search-query.ts'
import { parseTorznabParams } from '../../../../runtime/torznab/params.ts'
import { importFixture, type FixtureSnapshot } from '../../../helpers/fixture-snapshot.ts'
import { buildSnapshot } from '../../../helpers/snapshot-rows.ts'

const log = createLog({ sink: () => {} })

const QUERIES = [
  't=search',
  't=search&q=breaking+bad',
  't=search&q=the&limit=100',
  't=tvsearch&season=1',
  't=tvsearch&q=game&season=1&ep=2',
  't=movie&imdbid=tt0111161',
  't=movie&cat=2040',
  't=search&q=ita&offset=5&limit=7',
]

const queryOf = (text: string, preset: (typeof PRESETS)[number] = 'unfiltered'): SearchQuery =>
  toSearchQuery(parseTorznabParams(new URLSearchParams(text)), { preset, custom_rules: [] })

const hash = (n: number) => n.toString(16).padStart(40, '0')
const titled = (directory: string, title: string, tag = 'db-test'): OpenSnapshot =>
  buildSnapshot(directory, { torrents: [{ info_hash: hash(1), title, type: 'movie', uploaded: 1_700_000_000 }] }, tag)
const titles = async (pool: SearchPool, snapshot: OpenSnapshot, words: string): Promise<string[]> =>
  (await pool.run(snapshot, 'search', queryOf(`t=search&q=${words}`))).items.map((hit) => hit.title)

describe('search pool over an imported fixture', () => {
  let fixture: FixtureSnapshot
  let pool: SearchPool
  beforeAll(async () => {
    fixture = await importFixture()
    pool = createSearchPool({ size: 2, log })
  })
  afterAll(() => {
    pool.close()
    fixture.remove()
  })

  test('every query kind and preset answers exactly what in-process search() answers', async () => {
    for (const preset of PRESETS) {
      for (const text of QUERIES) {
        const query = queryOf(text, preset)
        expect(await pool.run(fixture.snapshot, 'search', query)).toEqual(search(fixture.snapshot.db, query))
      }
    }
  })

  test('a Torznab feed rendered on a worker is the feed rendered in-process', async () => {
    const links = { base: 'http://indexer.test/prefix', trackers: ['udp://tracker.example:1337/announce'] }
    for (const text of QUERIES) {
      const query = queryOf(text, 'italian_preferred')
      const feed = await pool.run(fixture.snapshot, 'feed', { query, links })
      expect(feed).toBe(searchFeed(fixture.snapshot.db, { query, links }))
      expect(feed).toContain('<rss')
    }
    expect(await pool.run(null, 'feed', { query: queryOf('t=search'), links })).toContain('<torznab:response offset="0" total="0"/>')
  })

  test('concurrent requests each get their own answer', async () => {
    const queries = Array.from({ length: 48 }, (_, i) => queryOf(QUERIES[i % QUERIES.length]))
    const answers = await Promise.all(queries.map((query) => pool.run(fixture.snapshot, 'search', query)))
    answers.forEach((answer, i) => expect(answer).toEqual(search(fixture.snapshot.db, queries[i])))
    expect(pool.workers().length).toBe(2)
  })

  test('an inline job runs on the calling thread, answered synchronously, and starts no worker', async () => {
    const fresh = createSearchPool({ size: 2, log })
    const query = queryOf('t=search&q=breaking+bad')
    let answer: unknown = null
    const running = fresh.run(fixture.snapshot, 'search', query, { inline: true }).then((result) => (answer = result))
    // Settled before any message could come back from a thread.
    await Promise.resolve()
    expect(answer).toEqual(search(fixture.snapshot.db, query))
    await running
    expect(fresh.workers()).toEqual([])
    fresh.close()
  })

  test('a worker holds two jobs at most; the rest wait in one queue and are all answered', async () => {
    const single = createSearchPool({ size: 1, log })
    const query = queryOf('t=search&q=the')
    await single.run(fixture.snapshot, 'search', query)
    const [worker] = single.workers()
    const post = worker.postMessage.bind(worker)
    let jobs = 0
    worker.postMessage = (message: { type: string }) => (message.type === 'job' && jobs++, post(message))
    const queries = Array.from({ length: 10 }, (_, i) => queryOf(QUERIES[i % QUERIES.length]))
    const answers = Promise.all(queries.map((each) => single.run(fixture.snapshot, 'search', each)))
    expect(jobs).toBe(2)
    ;(await answers).forEach((answer, i) => expect(answer).toEqual(search(fixture.snapshot.db, queries[i])))
    expect(jobs).toBe(10)
    single.close()
  })

  test('jobs still queued when the pool closes are answered in-process', async () => {
    const single = createSearchPool({ size: 1, log })
    const queries = Array.from({ length: 8 }, (_, i) => queryOf(QUERIES[i % QUERIES.length]))
    const answers = Promise.all(queries.map((each) => single.run(fixture.snapshot, 'search', each)))
    single.close()
    ;(await answers).forEach((answer, i) => expect(answer).toEqual(search(fixture.snapshot.db, queries[i])))
  })

  test('jobs queued while every restart of the workers dies are answered in-process once none may start again', async () => {
    const single = createSearchPool({ size: 1, log })
    const queries = Array.from({ length: 12 }, (_, i) => queryOf(QUERIES[i % QUERIES.length]))
    const answers = Promise.all(queries.map((each) => single.run(fixture.snapshot, 'search', each)))
    // Each worker is terminated as soon as it exists, before it can answer: three in a row and the slot gives up.
    const killed = new Set<Worker>()
    const killer = setInterval(() => {
      for (const worker of single.workers()) if (!killed.has(worker)) killed.add(worker), worker.terminate()
    }, 0)
    try {
      ;(await answers).forEach((answer, i) => expect(answer).toEqual(search(fixture.snapshot.db, queries[i])))
    } finally {
      clearInterval(killer)
      single.close()
    }
    expect(killed.size).toBeGreaterThanOrEqual(1)
  }, 10_000)

  test('a terminated worker: its pending search is answered in-process and a new worker starts', async () => {
    const query = queryOf('t=search&q=the')
    const pending = Array.from({ length: 6 }, () => pool.run(fixture.snapshot, 'search', query))
    for (const worker of pool.workers()) worker.terminate()
    for (const answer of await Promise.all(pending)) expect(answer).toEqual(search(fixture.snapshot.db, query))
    expect(await pool.run(fixture.snapshot, 'search', query)).toEqual(search(fixture.snapshot.db, query))
    expect(pool.workers().length).toBeGreaterThan(0)
  })

  test('no snapshot is an empty result', async () => {
    expect(await pool.run(null, 'search', queryOf('t=search'))).toEqual({ items: [], total: 0 })
  })
})

describe('search pool across snapshot changes', () => {
  let parent: string
  beforeAll(() => {
    parent = mkdtempSync(join(tmpdir(), 'icvdb-pool-'))
  })
  afterAll(() => rmSync(parent, { recursive: true, force: true }))

  test('a new snapshot directory is reopened, and the deleted old one is never served', async () => {
    const pool = createSearchPool({ size: 1, log })
    const first = titled(join(parent, 'first'), 'Alpha Movie 2020')
    expect(await titles(pool, first, 'alpha')).toEqual(['Alpha Movie 2020'])
    const second = titled(join(parent, 'second'), 'Beta Movie 2021')
    first.db.close()
    rmSync(join(parent, 'first'), { recursive: true })
    expect(await titles(pool, second, 'alpha')).toEqual([])
    expect(await titles(pool, second, 'beta')).toEqual(['Beta Movie 2021'])
    pool.close()
    second.db.close()
  })

  test('a snapshot rebuilt in the same directory is reopened (each handle is its own snapshot)', async () => {
    const pool = createSearchPool({ size: 1, log })
    const directory = join(parent, 'in-place')
    const before = titled(directory, 'Gamma Show S01E01')
    expect(await titles(pool, before, 'gamma')).toEqual(['Gamma Show S01E01'])
    before.db.close()
    rmSync(directory, { recursive: true })
    const after = titled(directory, 'Delta Show S01E01')
    expect(await titles(pool, after, 'gamma')).toEqual([])
    expect(await titles(pool, after, 'delta')).toEqual(['Delta Show S01E01'])
    pool.close()
    after.db.close()
  })

  test('cached feeds belong to their snapshot: the same request on a new one is answered afresh', async () => {
    const links = { base: 'http://indexer.test', trackers: [] }
    // A feed the cache keeps comes as its UTF-8 bytes.
    const feed = async (pool: SearchPool, snapshot: OpenSnapshot) => {
      const body = await pool.run(snapshot, 'feed', { query: queryOf('t=search&q=zeta'), links })
      return typeof body === 'string' ? body : new TextDecoder().decode(body)
    }
    for (const size of [0, 1]) {
      const pool = createSearchPool({ size, log, cacheBytes: 1024 * 1024 })
      const directory = join(parent, `cached-${size}`)
      const before = titled(directory, 'Zeta Movie 2020')
      const first = await feed(pool, before)
      expect(first).toContain('Zeta Movie 2020')
      expect(await feed(pool, before)).toBe(first)
      before.db.close()
      rmSync(directory, { recursive: true })
      const after = titled(directory, 'Zeta Movie 2024')
      const second = await feed(pool, after)
      expect(second).toContain('Zeta Movie 2024')
      expect(second).not.toContain('Zeta Movie 2020')
      pool.close()
      after.db.close()
    }
  })

  test('a feed run with keep: false is answered afresh as text, never from or into the cache', async () => {
    const links = { base: 'http://indexer.test', trackers: [] }
    const pool = createSearchPool({ size: 0, log, cacheBytes: 1024 * 1024 })
    const snapshot = titled(join(parent, 'not-kept'), 'Theta Movie 2021')
    const input = { query: queryOf('t=search&q=theta'), links }
    const kept = await pool.run(snapshot, 'feed', input)
    expect(kept).toBeInstanceOf(Uint8Array)
    const fresh = await pool.run(snapshot, 'feed', input, { keep: false })
    expect(typeof fresh).toBe('string')
    expect(fresh).toBe(new TextDecoder().decode(kept as Uint8Array))
    pool.close()
    snapshot.db.close()
  })

  test('a request for a snapshot deleted before a worker opened it is answered from the current one', async () => {
    const current = titled(join(parent, 'current'), 'Epsilon Movie 2022')
    const pool = createSearchPool({ size: 1, log, current: () => current })
    const gone = join(parent, 'gone')
    const old = titled(gone, 'Epsilon Movie 1999')
    rmSync(gone, { recursive: true })
    expect(await titles(pool, old, 'epsilon')).toEqual(['Epsilon Movie 2022'])
    pool.close()
    old.db.close()
    current.db.close()
  })
})

describe('search pool size', () => {
  test('close() answers later searches in-process and stops every worker', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'icvdb-pool-'))
    const snapshot = titled(join(parent, 's'), 'Zeta Movie 2019')
    const pool = createSearchPool({ size: 2, log })
    expect(await titles(pool, snapshot, 'zeta')).toEqual(['Zeta Movie 2019'])
    pool.close()
    expect(pool.workers()).toEqual([])
    expect(await titles(pool, snapshot, 'zeta')).toEqual(['Zeta Movie 2019'])
    expect(pool.workers()).toEqual([])
    snapshot.db.close()
    rmSync(parent, { recursive: true, force: true })
  })

  test('size 0 runs in-process and starts no worker', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'icvdb-pool-'))
    const snapshot = titled(join(parent, 's'), 'Eta Movie 2018')
    const pool = createSearchPool({ size: 0, log })
    expect(await titles(pool, snapshot, 'eta')).toEqual(['Eta Movie 2018'])
    expect(pool.workers()).toEqual([])
    snapshot.db.close()
    rmSync(parent, { recursive: true, force: true })
  })
})
