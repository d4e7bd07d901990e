/** GET /webapi/search: the Torznab search as JSON for the UI, over real HTTP on the fixture snapshot. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { systemClock } from '../../runtime/clock.ts'
import { openSnapshot } from '../../runtime/db/database.ts'
import { attribute, children, parseXml, text } from '../conformance/xml-document.ts'
import { importFixture, type FixtureSnapshot } from '../helpers/fixture-snapshot.ts'
import { putJson, startTestServer, type TestServer } from '../helpers/server.ts'

const NOW = Date.parse('2026-01-01T00:00:00Z')
const S02E05 = '4186ee80717e3acc89ef28660b94b08bae70eb22'

let server: TestServer
let fixture: FixtureSnapshot

beforeAll(async () => {
  server = startTestServer({ env: { MAGNET_TRACKERS: 'udp://tracker.example:1337' }, clock: { ...systemClock, now: () => NOW } })
  fixture = await importFixture()
  server.ctx.database.swap(openSnapshot(fixture.directory, 'db-fixture'))
})
afterAll(async () => {
  await server.stop()
  fixture.remove()
})

const webSearch = async (query: string) => {
  const response = await server.fetch(`/webapi/search?${query}`)
  return { status: response.status, type: response.headers.get('content-type'), body: await response.json() }
}

describe('GET /webapi/search', () => {
  test('answers the page with every field of an item', async () => {
    const { status, type, body } = await webSearch('t=tvsearch&imdbid=tt0903747&season=2&ep=5')
    expect(status).toBe(200)
    expect(type).toBe('application/json; charset=utf-8')
    expect(body).toMatchObject({ total: 3, offset: 0, limit: 100 })
    const item = body.items.find((candidate: { info_hash: string }) => candidate.info_hash === S02E05)
    const row = server.ctx.database.db?.query('SELECT uploaded, size, seeders FROM torrents WHERE info_hash = ?').get(S02E05) as {
      uploaded: number
      size: number
      seeders: number
    }
    expect(item).toEqual({
      title: 'Breaking.Bad.S02E05.ITA.ENG.1080p.BluRay.DD5.1.x264-GRP',
      served_title: 'Breaking.Bad.S02E05.ITA.ENG.1080p.BluRay.DD5.1.x264-GRP',
      info_hash: S02E05,
      size: row.size,
      seeders: row.seeders,
      peers: row.seeders,
      category: 5040,
      categories: [5000, 5040],
      language: ['Italian', 'English'],
      subs: [],
      uploaded: new Date(row.uploaded * 1000).toISOString(),
      age_days: Math.floor((NOW / 1000 - row.uploaded) / 86400),
      score: 0,
      magnet: `magnet:?xt=urn:btih:${S02E05}&dn=Breaking.Bad.S02E05.ITA.ENG.1080p.BluRay.DD5.1.x264-GRP&tr=${encodeURIComponent('udp://tracker.example:1337')}`,
      download_url: `${server.url}/api?t=get&id=${S02E05}`,
      imdbid: 'tt0903747',
      season: 2,
      episode: 5,
      provider: expect.any(String),
    })
  })

  test('is the same search as /api: same releases, same order; /api counts only one past the page', async () => {
    expect((await putJson(server, '/webapi/result-processing', { preset: 'italian_preferred', custom_rules: [] })).status).toBe(200)
    try {
      for (const query of ['t=search&q=ita&limit=50&offset=20', 't=movie', 't=tvsearch&q=breaking+bad&season=3']) {
        const json = (await webSearch(query)).body
        const xml = parseXml(await (await server.fetch(`/api?${query}`)).text())
        const channel = children(xml.rss, 'channel')[0] as Record<string, unknown>
        expect(json.items.map((item: { info_hash: string }) => item.info_hash)).toEqual(
          children(channel, 'item').map((item) => text(children(item, 'guid')[0])),
        )
        // The UI's counts are exact here (under TOTAL_CAP); Torznab may stop counting one past the page.
        const total = Number(attribute(channel['torznab:response'], 'total'))
        expect(total).toBeLessThanOrEqual(json.total)
        expect(total).toBeGreaterThanOrEqual(Math.min(json.total, json.offset + json.limit + 1))
      }
      const scored = (await webSearch('t=movie&imdbid=tt1375666')).body.items.map((item: { score: number }) => item.score)
      expect(scored).toEqual([100, 25, 25, 0])
    } finally {
      await putJson(server, '/webapi/result-processing', { preset: 'unfiltered', custom_rules: [] })
    }
  })

  test.each([
    ['limit=x', 'Incorrect parameter: limit'],
    ['offset=-1', 'Incorrect parameter: offset'],
    ['imdbid=abc', 'Incorrect parameter: imdbid'],
    ['season=one', 'Incorrect parameter: season'],
    ['ep=x', 'Incorrect parameter: ep'],
    ['cat=tv', 'Incorrect parameter: cat'],
    ['t=caps', 'Incorrect parameter: t'],
    ['t=get&id=abc', 'Incorrect parameter: t'],
    ['t=music', 'Incorrect parameter: t'],
  ])('%p → 422 %p', async (query, detail) => {
    const { status, body } = await webSearch(query)
    expect(status).toBe(422)
    expect(body).toEqual({ detail })
  })

  test('without a snapshot: an empty page', async () => {
    const empty = startTestServer()
    try {
      const response = await empty.fetch('/webapi/search?q=anything')
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ total: 0, total_exact: true, offset: 0, limit: 100, items: [] })
    } finally {
      await empty.stop()
    }
  })
})
