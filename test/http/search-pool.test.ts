/** SEARCH_WORKERS=2: /api and /webapi/search answer byte for byte what the in-process service answers. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { systemClock } from '../../runtime/clock.ts'
import { openSnapshot } from '../../runtime/db/database.ts'
import { importFixture, type FixtureSnapshot } from '../helpers/fixture-snapshot.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'

const NOW = Date.parse('2026-01-01T00:00:00Z')
const PATHS = [
  '/api?t=search',
  '/api?t=search&q=breaking+bad&limit=5',
  '/api?t=tvsearch&season=1&ep=2',
  '/api?t=movie&imdbid=tt0111161',
  '/api?t=search&q=%22',
  '/webapi/search?t=search&q=the&limit=20&offset=3',
  '/webapi/search?t=tvsearch&season=1',
]

let fixture: FixtureSnapshot
let pooled: TestServer
let inProcess: TestServer

const serve = (workers: string): TestServer => {
  const server = startTestServer({ env: { SEARCH_WORKERS: workers }, clock: { ...systemClock, now: () => NOW } })
  server.ctx.database.swap(openSnapshot(fixture.directory, 'db-fixture'))
  return server
}

beforeAll(async () => {
  fixture = await importFixture()
  pooled = serve('2')
  inProcess = serve('0')
})
afterAll(async () => {
  await pooled.stop()
  await inProcess.stop()
  fixture.remove()
})

const answer = async (server: TestServer, path: string) => {
  const response = await server.fetch(path)
  // Links carry the server's own address; the ports differ.
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: (await response.text()).replaceAll(server.url, 'BASE'),
  }
}

describe('search pool behind the HTTP endpoints', () => {
  test('every search answers exactly as in-process, also when 8 arrive at once', async () => {
    const paths = [...PATHS, ...PATHS]
    const [left, right] = await Promise.all([
      Promise.all(paths.map((path) => answer(pooled, path))),
      Promise.all(paths.map((path) => answer(inProcess, path))),
    ])
    expect(left).toEqual(right)
    expect(left.every((entry) => entry.status === 200)).toBe(true)
    expect(pooled.ctx.searchPool.workers().length).toBe(2)
    expect(inProcess.ctx.searchPool.workers().length).toBe(0)
  })
})
