/**
 * GET /api over real HTTP on the fixture snapshot (imported by the real importer): caps, every
 * Torznab error code, t=get, item contents and links, and robustness against any input.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { openSnapshot } from '../../runtime/db/database.ts'
import { buildCaps } from '../../runtime/torznab/caps.ts'
import { rfc1123 } from '../../runtime/torznab/feed.ts'
import { checkCaps, checkResults, readError } from '../conformance/torznab-checker.ts'
import { attribute, children, parseXml, text } from '../conformance/xml-document.ts'
import { importFixture, type FixtureSnapshot } from '../helpers/fixture-snapshot.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'

const TRACKERS = ['udp://tracker.example:1337/announce', 'http://t2.example/announce?x=1']
const S02E05 = '4186ee80717e3acc89ef28660b94b08bae70eb22' // Breaking.Bad.S02E05.ITA.ENG.1080p.BluRay.DD5.1.x264-GRP
const UPPER = '46447D6F4B260E5FA1A367927F206CCE53BD7FD8' // stored upper-case upstream

let server: TestServer
let fixture: FixtureSnapshot

beforeAll(async () => {
  server = startTestServer({ env: { MAGNET_TRACKERS: TRACKERS.join(',') } })
  fixture = await importFixture()
  server.ctx.database.swap(openSnapshot(fixture.directory, 'db-fixture'))
})
afterAll(async () => {
  await server.stop()
  fixture.remove()
})

const get = async (query: string, headers?: HeadersInit) => {
  const response = await server.fetch(`/api${query}`, { headers, redirect: 'manual' })
  return { response, body: await response.text() }
}

type Item = { title: string; guid: string; pubDate: string; enclosure: Record<string, string>; attrs: Array<[string, string]> }

const items = (xml: string): Item[] => {
  const channel = children(parseXml(xml).rss, 'channel')[0]
  return children(channel, 'item').map((item) => ({
    title: text(children(item, 'title')[0]),
    guid: text(children(item, 'guid')[0]),
    pubDate: text(children(item, 'pubDate')[0]),
    enclosure: Object.fromEntries(['url', 'length', 'type'].map((name) => [name, attribute(children(item, 'enclosure')[0], name) ?? ''])),
    attrs: children(item, 'torznab:attr').map((node) => [attribute(node, 'name') ?? '', attribute(node, 'value') ?? '']),
  }))
}
const attr = (item: Item, name: string) => item.attrs.filter(([key]) => key === name).map(([, value]) => value)

describe('t=caps', () => {
  test('answers the caps document as XML, the same with or without apikey', async () => {
    const { response, body } = await get('?t=caps')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(body).toBe(buildCaps(server.ctx.version))
    expect((await get('?t=caps&apikey=whatever&extended=1')).body).toBe(body)
    expect((await get('?T=CAPS')).body).toBe(body)
  })

  test('passes the conformance checker, including what Sonarr and Radarr need', async () => {
    expect(checkCaps((await get('?t=caps')).body, { forArrApps: true }).violations).toEqual([])
  })

  test('declares exactly the honoured parameters, limits and categories', async () => {
    const { caps } = checkCaps((await get('?t=caps')).body)
    expect(caps?.limits).toEqual({ default: 100, max: 200 })
    expect(caps?.modes).toMatchObject({
      search: ['q'],
      'tv-search': ['q', 'season', 'ep', 'imdbid'],
      'movie-search': ['q', 'imdbid', 'tmdbid'],
    })
    expect([...(caps?.categories ?? [])].sort()).toEqual(['2000', '2030', '2040', '2045', '5000', '5030', '5040', '5045', '5070'])
  })
})

describe('Torznab errors: HTTP 200, XML, a code and a description', () => {
  const expectError = async (query: string, code: string, description: string) => {
    const { response, body } = await get(query)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(readError(body)).toEqual({ code, description })
  }

  test.each([
    ['limit', 'limit=abc'],
    ['offset', 'offset=-1'],
    ['imdbid', 'imdbid=nm0000001'],
    ['tmdbid', 'tmdbid=abc'],
    ['season', 'season=S01'],
    ['ep', 'ep=E01'],
    ['cat', 'cat=TV'],
    ['q', `q=${'x'.repeat(1025)}`],
  ])('201 Incorrect parameter: %s', async (name, query) => {
    await expectError(`?t=tvsearch&${query}`, '201', `Incorrect parameter: ${name}`)
  })

  test.each(['music', 'book', 'details', 'register', 'tv-search'])('202 No such function for t=%s', async (t) => {
    await expectError(`?t=${t}`, '202', 'No such function')
  })

  test('300 No such item for an unknown infohash, 200 when the id is missing', async () => {
    await expectError(`?t=get&id=${'0'.repeat(40)}`, '300', 'No such item')
    await expectError('?t=get', '200', 'Missing parameter: id')
  })
})

describe('t=get', () => {
  test('redirects to the magnet, with the title and the configured trackers', async () => {
    const { response } = await get(`?t=get&id=${S02E05}`)
    expect(response.status).toBe(302)
    const magnet = response.headers.get('location') ?? ''
    const url = new URL(magnet)
    expect(url.protocol).toBe('magnet:')
    expect(url.searchParams.get('xt')).toBe(`urn:btih:${S02E05}`)
    expect(url.searchParams.get('dn')).toBe('Breaking.Bad.S02E05.ITA.ENG.1080p.BluRay.DD5.1.x264-GRP')
    expect(url.searchParams.getAll('tr')).toEqual(TRACKERS)
  })

  test('finds a hash in any case (upstream stored one upper-case)', async () => {
    expect((await get(`?t=get&id=${UPPER}`)).response.status).toBe(302)
    expect((await get(`?t=get&id=${UPPER.toLowerCase()}`)).response.status).toBe(302)
  })
})

describe('items', () => {
  test('carry every Torznab field a client reads', async () => {
    const { body } = await get('?t=tvsearch&imdbid=tt0903747&season=2&ep=5')
    const item = items(body).find((candidate) => candidate.guid === S02E05)
    if (!item) throw new Error('S02E05 missing')
    const hit = server.ctx.database.db?.query('SELECT uploaded, size, seeders FROM torrents WHERE info_hash = ?').get(S02E05) as {
      uploaded: number
      size: number
      seeders: number
    }
    expect(item.title).toBe('Breaking.Bad.S02E05.ITA.ENG.1080p.BluRay.DD5.1.x264-GRP')
    expect(item.pubDate).toBe(rfc1123(hit.uploaded))
    expect(item.enclosure).toEqual({
      url: `${server.url}/api?t=get&id=${S02E05}`,
      length: String(hit.size),
      type: 'application/x-bittorrent',
    })
    expect(attr(item, 'category')).toEqual(['5000', '5040'])
    expect(attr(item, 'size')).toEqual([String(hit.size)])
    expect(attr(item, 'seeders')).toEqual([String(hit.seeders)])
    expect(attr(item, 'peers')).toEqual([String(hit.seeders)])
    expect(attr(item, 'infohash')).toEqual([S02E05])
    expect(attr(item, 'magneturl')[0]).toStartWith(`magnet:?xt=urn:btih:${S02E05}&dn=Breaking.Bad.S02E05`)
    expect(attr(item, 'imdb')).toEqual(['0903747'])
    expect(attr(item, 'imdbid')).toEqual(['tt0903747'])
    expect(attr(item, 'season')).toEqual(['2'])
    expect(attr(item, 'episode')).toEqual(['5'])
    expect(attr(item, 'language')).toEqual(['Italian', 'English'])
    expect(attr(item, 'downloadvolumefactor')).toEqual(['0'])
    expect(attr(item, 'uploadvolumefactor')).toEqual(['1'])
  })

  test('pubDate is RFC 1123 in UTC with the weekday of that date', async () => {
    for (const item of items((await get('?t=search&limit=200')).body)) {
      const date = new Date(Date.parse(item.pubDate))
      expect(item.pubDate).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0000$/)
      expect(item.pubDate.slice(0, 3)).toBe(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][date.getUTCDay()])
    }
  })

  test('unknown seeders and size are left out, never sent as 0', async () => {
    const rows = server.ctx.database.db
      ?.query('SELECT info_hash, seeders, size FROM torrents WHERE seeders IS NULL OR size IS NULL')
      .all() as Array<{
      info_hash: string
      seeders: number | null
      size: number | null
    }>
    expect(rows.length).toBeGreaterThan(0)
    const all: Item[] = []
    for (let offset = 0; offset < 600; offset += 200) all.push(...items((await get(`?t=search&limit=200&offset=${offset}`)).body))
    for (const row of rows) {
      const item = all.find((candidate) => candidate.guid === row.info_hash)
      if (!item) throw new Error(`${row.info_hash} missing`)
      if (row.seeders === null) expect(attr(item, 'seeders').concat(attr(item, 'peers'))).toEqual([])
      if (row.size === null) {
        expect(attr(item, 'size')).toEqual([])
        expect(item.enclosure.length).toBe('0')
      }
    }
  })

  test('titles with markup and forbidden characters come out as valid XML 1.0', async () => {
    for (const q of ['sorpasso', 'perfetti sconosciuti', 'lilo stitch', 'jeeg robot', 'fast furious', 'il divo']) {
      const { body } = await get(`?t=search&q=${encodeURIComponent(q)}`)
      expect(checkResults(body).filter((violation) => violation.severity === 'error')).toEqual([])
      expect(items(body).length).toBeGreaterThan(0)
    }
    const [sorpasso] = items((await get('?t=search&q=sorpasso')).body)
    expect(sorpasso.title).toBe('Il.Sorpasso.1962.ITA.DVDRip')
    expect(items((await get('?t=search&q=lilo')).body)[0].title).toBe('Lilo & Stitch <2025> [ITA-ENG] 2160p WEB-DL')
  })
})

describe('links follow the address the client used', () => {
  test('X-Forwarded-Proto, -Host and -Prefix from a reverse proxy', async () => {
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'indexer.example.org', 'x-forwarded-prefix': '/icvdb' }
    const [item] = items((await get(`?t=search&q=breaking&limit=1`, headers)).body)
    expect(item.enclosure.url).toStartWith('https://indexer.example.org/icvdb/api?t=get&id=')
  })

  test('a malformed forwarded host is ignored', async () => {
    const [item] = items((await get('?t=search&q=breaking&limit=1', { 'x-forwarded-host': 'evil.example/"><x' })).body)
    expect(item.enclosure.url).toStartWith(`${server.url}/api?t=get&id=`)
  })
})

describe('robustness', () => {
  test.each([
    'q=%22breaking%22+OR+bad*',
    'q=NOT+NEAR(a+b)+col%3Ax',
    'q=%00%01%02',
    'q=%F0%9F%8E%AC',
    'q=%E9%80%B2%E6%92%83',
    'q=-&q=+',
    'offset=999999999999999&limit=200',
    'imdbid=tt0000000&season=0&ep=0',
    'season=9999&ep=12%2F31',
    'cat=0,999999999',
    'q=breaking&cat=5070&season=1',
    'Q=x&T=movie&IMDBID=0111161',
    'minsize=&maxsize=abc&minage=x&attrs=&extended=true&apikey=%00',
  ])('never a 500 for %p', async (query) => {
    for (const t of ['search', 'tvsearch', 'movie']) {
      const { response, body } = await get(`?t=${t}&${query}`)
      expect(response.status).toBe(200)
      const error = readError(body)
      if (error) expect(error.code).toBe('201')
      else expect(checkResults(body).filter((violation) => violation.severity === 'error')).toEqual([])
    }
  })
})
