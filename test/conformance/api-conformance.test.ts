/**
 * The shared Torznab conformance suite: on every fixture archive (1.14–1.16, gzip and none, imported
 * by the real importer), our /api caps and every request form Prowlarr, Sonarr and Radarr send pass
 * the checker with no violation at all, warnings included.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { openSnapshot } from '../../runtime/db/database.ts'
import { FIXTURES } from '../fixtures/snapshots/snapshot-fixtures.ts'
import { importFixture, type FixtureSnapshot } from '../helpers/fixture-snapshot.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'
import { checkCaps, checkResults, type Caps } from './torznab-checker.ts'
import { children, parseXml } from './xml-document.ts'

// [who, request, must the page have items?] — forms from torznab-clients.md §I.
const REQUESTS: Array<[string, string, boolean]> = [
  ['Prowlarr test', 't=search&extended=1&apikey=K', true],
  ['Prowlarr UI search', 't=search&extended=1&apikey=K&q=breaking+bad&limit=100&offset=0', true],
  ['Prowlarr → Sonarr episode', 't=tvsearch&extended=1&cat=5000,5030,5040&apikey=K&imdbid=0903747&season=2&ep=5&limit=100&offset=0', true],
  ['Prowlarr → Radarr movie', 't=movie&extended=1&cat=2000,2040&apikey=K&tmdbid=27205&imdbid=1375666&limit=100&offset=0', true],
  ['Sonarr RSS', 't=tvsearch&cat=5030,5040&extended=1&apikey=K&offset=0&limit=100', true],
  ['Sonarr episode', 't=tvsearch&cat=5030,5040&extended=1&apikey=K&offset=0&limit=100&tvdbid=81189&imdbid=tt0903747&season=2&ep=5', true],
  ['Sonarr season', 't=tvsearch&cat=5000,5030,5040&extended=1&offset=0&limit=100&imdbid=tt0903747&season=3', true],
  ['Sonarr title fallback', 't=tvsearch&cat=5000&extended=1&offset=0&limit=100&q=Breaking%20Bad&season=2&ep=5', true],
  ['Sonarr daily', 't=tvsearch&cat=5000&extended=1&offset=0&limit=100&imdbid=tt0903747&season=2024&ep=05/23', false],
  ['Sonarr specials', 't=tvsearch&cat=5000&extended=1&offset=0&limit=100&imdbid=tt0903747&season=00', false],
  ['Sonarr anime', 't=search&cat=5070&extended=1&offset=0&limit=100&q=one+piece+1071', true],
  ['Radarr RSS', 't=movie&cat=2000,2010,2020,2030,2040,2045,2050,2060&extended=1&apikey=K&offset=0&limit=100', true],
  ['Radarr movie', 't=movie&cat=2000&extended=1&offset=0&limit=100&tmdbid=693134&imdbid=15239678', true],
  ['Radarr title fallback', 't=search&cat=2000&extended=1&offset=0&limit=100&q=Inception%202010', true],
  ['paging', 't=search&extended=1&q=ita&limit=25&offset=100', true],
  ['past the end', 't=search&q=ita&limit=100&offset=100000', false],
]

describe.each(FIXTURES)('%s', (name) => {
  let server: TestServer
  let fixture: FixtureSnapshot
  let caps: Caps

  beforeAll(async () => {
    server = startTestServer()
    fixture = await importFixture(name)
    server.ctx.database.swap(openSnapshot(fixture.directory, 'db-fixture'))
    const checked = checkCaps(await (await server.fetch('/api?t=caps&apikey=K')).text(), { forArrApps: true })
    expect(checked.violations).toEqual([])
    caps = checked.caps as Caps
  })
  afterAll(async () => {
    await server.stop()
    fixture.remove()
  })

  test.each(REQUESTS)('%s', async (_, query, nonEmpty) => {
    const response = await server.fetch(`/api?${query}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const body = await response.text()
    const limit = Number(new URLSearchParams(query).get('limit') ?? 100)
    expect(checkResults(body, { caps, limit, forArrApps: true })).toEqual([])
    const items = children(children(parseXml(body).rss, 'channel')[0], 'item')
    if (nonEmpty) expect(items.length).toBeGreaterThan(0)
  })
})
