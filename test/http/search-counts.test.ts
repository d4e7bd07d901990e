/**
 * GET /webapi/search counts honestly: past the search's counting bound (1,000, or one past a deeper
 * page) `total` is a lower bound and `total_exact` is false, so the UI says "1,000+"; below it, exact.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { buildSnapshot, hashOf } from '../helpers/snapshot-rows.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'

let server: TestServer

beforeAll(() => {
  server = startTestServer()
  const torrents = Array.from({ length: 1200 }, (_, index) => ({
    info_hash: hashOf(`release ${index}`),
    title: `Common.Word.${index % 2 === 0 ? 'Even' : 'Odd'}.${index}.1080p.ITA`,
    type: 'movie',
    uploaded: 1_700_000_000 + index,
    seeders: index % 50,
    size: 1_000_000,
  }))
  server.ctx.database.swap(buildSnapshot(join(server.dataDir, 'snapshots', 'counts'), { torrents }))
})
afterAll(() => server.stop())

const page = async (query: string) => (await server.fetch(`/webapi/search?${query}`)).json()

describe('search counts', () => {
  test('1,200 matches: the total stops at the bound and says it is not exact', async () => {
    const body = await page('q=Common+Word&limit=50')
    expect(body).toMatchObject({ total: 1000, total_exact: false })
  })

  test('600 matches: exact', async () => {
    const body = await page('q=Common+Word+Even&limit=50')
    expect(body).toMatchObject({ total: 600, total_exact: true })
  })

  test('a deep page moves the bound past itself and stays a lower bound', async () => {
    const body = await page('q=Common+Word&limit=50&offset=1050')
    expect(body.total).toBe(1101)
    expect(body.total_exact).toBe(false)
    expect(body.items).toHaveLength(50)
  })
})
