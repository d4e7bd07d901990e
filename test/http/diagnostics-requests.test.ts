/**
 * The request history over real HTTP: what each /api request leaves (client, t, kept parameters,
 * counts, cache, errors), the filters, DELETE, the bound of the ring under 10,000 requests, and that
 * neither the manager key nor any fragment of an apikey is ever kept.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { RequestRecord } from '../../runtime/diagnostics/request-record.ts'
import { startFixtureServer } from '../helpers/fixture-server.ts'
import type { TestServer } from '../helpers/server.ts'

const MANAGER_KEY = 'b7f0c2d94e1a4c3f8e6d5a2b1c0f9e8d'
const CLIENT_KEY = 'zq8XkP2mWv7RtY4n'
const SONARR = 'Sonarr/4.0.15.2941 (ubuntu 24.04)'

let server: TestServer

beforeAll(async () => {
  server = await startFixtureServer({ env: { MANAGER_API_KEY: MANAGER_KEY, MANAGER_URL: 'http://127.0.0.1:9' } })
})
afterAll(() => server.stop())

const api = (query: string, userAgent?: string) => server.fetch(`/api?${query}`, { headers: userAgent ? { 'user-agent': userAgent } : {} })
const history = async (query = ''): Promise<{ capacity: number; count: number; requests: RequestRecord[] }> => {
  const response = await server.fetch(`/webapi/requests${query}`)
  expect(response.status).toBe(200)
  return response.json()
}

/** Every substring of `secret` at least `length` characters long. */
const fragments = (secret: string, length = 6): string[] =>
  Array.from({ length: secret.length - length + 1 }, (_, i) => secret.slice(i, i + length))

describe('what a request leaves in the history', () => {
  test('client and version from User-Agent, t, kept parameters, counts and duration', async () => {
    await server.fetch('/webapi/requests', { method: 'DELETE' })
    const body = await (await api('t=tvsearch&cat=5000,5030&extended=1&offset=0&limit=100', SONARR)).text()
    const [record] = (await history()).requests
    expect(record.client).toBe('Sonarr')
    expect(record.client_version).toBe('4.0.15.2941')
    expect(record.t).toBe('tvsearch')
    expect(record.params).toEqual({ cat: '5000,5030', offset: '0', limit: '100' })
    expect(record.count).toBe(body.split('<item>').length - 1)
    expect(record.count).toBeGreaterThan(0)
    expect(record.total).toBe(Number(/total="(\d+)"/.exec(body)?.[1]))
    expect(record.error_code).toBeNull()
    expect(record.duration_ms).toBeGreaterThan(0)
  })

  test.each([
    ['t=search&q=breaking+bad&limit=3&offset=2'],
    ['t=search&q=breaking+bad&limit=50&offset=5'],
    ['t=search&q=breaking+bad&offset=900'],
    ['t=tvsearch&imdbid=tt0903747&limit=4'],
    ['t=movie&cat=2000&limit=500'],
  ])('the count is the number of items answered: %s', async (query) => {
    const body = await (await api(query, SONARR)).text()
    const [record] = (await history()).requests
    expect(record.count).toBe(body.split('<item>').length - 1)
  })

  test.each([
    ['Radarr/5.26.2.10099 (alpine 3.21)', 'Radarr', '5.26.2.10099'],
    ['Prowlarr/1.37.0.5076 (debian 12)', 'Prowlarr', '1.37.0.5076'],
    ['Lidarr/2.12.4.4658', 'Lidarr', '2.12.4.4658'],
    ['cross-seed/6.12.7', 'cross-seed', '6.12.7'],
    ['curl/8.5.0', 'other', null],
  ])('%s → %s %s', async (userAgent, client, version) => {
    await api('t=caps', userAgent)
    const [record] = (await history()).requests
    expect([record.client, record.client_version]).toEqual([client, version])
    expect(record.count).toBeNull()
  })

  test('an error records its Torznab code; only=errored and only=empty filter', async () => {
    await server.fetch('/webapi/requests', { method: 'DELETE' })
    await api('t=movie&imdbid=tt0000001', 'Radarr/5.0')
    await api('t=tvsearch&season=abc', SONARR)
    await api('t=search&q=dune', SONARR)
    const errored = (await history('?only=errored')).requests
    expect(errored.map((record) => [record.t, record.error_code])).toEqual([['tvsearch', 201]])
    const empty = (await history('?only=empty')).requests
    expect(empty.map((record) => record.params.imdbid)).toEqual(['tt0000001'])
    expect((await history('?only=problems')).requests).toHaveLength(2)
    expect((await history('?client=radarr')).requests).toHaveLength(1)
    expect((await history('?t=search')).requests.map((record) => record.params.q)).toEqual(['dune'])
    expect((await server.fetch('/webapi/requests?only=nothing')).status).toBe(422)
  })

  test('a repeated RSS request is a cache hit the second time', async () => {
    await api('t=movie&cat=2000&limit=7', 'Radarr/5.0')
    await api('t=movie&cat=2000&limit=7', 'Radarr/5.0')
    const [second, first] = (await history('?t=movie')).requests
    expect([first.cache_hit, second.cache_hit]).toEqual([false, true])
  })

  test('names in any case, escapes and + decoded as /api reads them; unknown names dropped', async () => {
    await api('T=movie&Q=caf%C3%A9+cr%C3%A8me&IMDBID=tt1375666&q%3D=x&Extended=1&limit=5&bad%ZZ=1')
    const [record] = (await history()).requests
    expect(record.t).toBe('movie')
    expect(record.params).toEqual({ q: 'café crème', imdbid: 'tt1375666', limit: '5' })
  })

  test('newest first, and DELETE clears', async () => {
    await api('t=search&q=first')
    await api('t=search&q=second')
    const records = (await history()).requests
    expect(records[0].params.q).toBe('second')
    expect(records[0].id).toBeGreaterThan(records[1].id)
    expect((await server.fetch('/webapi/requests', { method: 'DELETE' })).status).toBe(200)
    expect((await history()).requests).toEqual([])
  })
})

describe('nothing secret is kept', () => {
  test('no apikey, no manager key, no fragment of either, no header', async () => {
    await api(`t=search&q=dune&apikey=${CLIENT_KEY}&APIKEY=${CLIENT_KEY}`, SONARR)
    await api(`t=search&q=${MANAGER_KEY}`, SONARR)
    await api(`t=movie&q=apikey%3D${CLIENT_KEY}`, `Radarr/5.0 ${CLIENT_KEY}`)
    const text = JSON.stringify(await history())
    for (const fragment of [...fragments(CLIENT_KEY), ...fragments(MANAGER_KEY)]) expect(text).not.toContain(fragment)
    expect(text).not.toContain('apikey"')
  })
})

describe('the ring keeps its bound', () => {
  test('10,000 requests leave the newest 1,000 entries', async () => {
    await server.fetch('/webapi/requests', { method: 'DELETE' })
    const before = process.memoryUsage().heapUsed
    for (let batch = 0; batch < 100; batch++) {
      await Promise.all(
        Array.from({ length: 100 }, (_, i) => api(`t=search&q=ring${batch * 100 + i}`, SONARR).then((response) => response.arrayBuffer())),
      )
    }
    const { capacity, count, requests } = await history()
    expect([capacity, count, requests.length]).toEqual([1000, 1000, 1000])
    const ids = requests.map((record) => record.id)
    expect(ids.every((id, i) => i === 0 || ids[i - 1] > id)).toBe(true)
    expect(ids[0] - ids[999]).toBe(999)
    Bun.gc(true)
    // A full ring is ~0.5 MB; anything near the 10,000 records' worth would mean it grows.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(20 * 1024 * 1024)
  }, 120_000)
})
