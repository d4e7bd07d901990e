/**
 * GET /api searches over real HTTP as the clients send them (torznab-clients.md §I), with the
 * result-processing settings applied through PUT /webapi/result-processing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import type { ResultProcessing } from '../../runtime/settings/schema.ts'
import { checkResults } from '../conformance/torznab-checker.ts'
import { attribute, children, parseXml, text } from '../conformance/xml-document.ts'
import { radarrSearchTerm, sonarrSearchTerm } from '../helpers/arr-clients.ts'
import { startFixtureServer } from '../helpers/fixture-server.ts'
import { putJson, startTestServer, type TestServer } from '../helpers/server.ts'

let server: TestServer

beforeAll(async () => {
  server = await startFixtureServer()
})
afterAll(() => server.stop())
afterEach(async () => {
  await process({ preset: 'unfiltered', custom_rules: [] })
})

const process = async (settings: ResultProcessing) =>
  expect((await putJson(server, '/webapi/result-processing', settings)).status).toBe(200)

interface Page {
  guids: string[]
  titles: string[]
  categories: string[][]
  dates: number[]
  total: number
  body: string
}

const search = async (query: string): Promise<Page> => {
  const body = await (await server.fetch(`/api?${query}`)).text()
  const channel = children(parseXml(body).rss, 'channel')[0]
  const list = children(channel, 'item')
  const attrs = (item: unknown, name: string) =>
    children(item, 'torznab:attr')
      .filter((node) => attribute(node, 'name') === name)
      .map((node) => attribute(node, 'value') ?? '')
  return {
    guids: list.map((item) => text(children(item, 'guid')[0])),
    titles: list.map((item) => text(children(item, 'title')[0])),
    categories: list.map((item) => attrs(item, 'category')),
    dates: list.map((item) => Date.parse(text(children(item, 'pubDate')[0]))),
    total: Number(attribute((channel as Record<string, unknown>)['torznab:response'], 'total')),
    body,
  }
}

const page = (result: Page): string[] => result.titles
const newestFirst = (dates: number[]) => dates.every((date, i) => i === 0 || dates[i - 1] >= date)

describe('RSS (no query): the newest releases of the requested kind', () => {
  test.each([
    ['Prowlarr test', 't=search&extended=1&apikey=K', ['2000', '5000']],
    ['Sonarr RSS', 't=tvsearch&cat=5000,5030,5040,5045,5070&extended=1&apikey=K&offset=0&limit=100', ['5000']],
    ['Radarr RSS', 't=movie&cat=2000,2010,2020,2030,2040,2045,2050,2060&extended=1&apikey=K&offset=0&limit=100', ['2000']],
  ])('%s: not empty, newest first, only the right categories', async (_, query, parents) => {
    const page = await search(query)
    expect(page.guids.length).toBeGreaterThan(0)
    expect(newestFirst(page.dates)).toBe(true)
    for (const categories of page.categories) expect(parents).toContain(categories[0])
  })

  test('t=search without t at all is the same feed', async () => {
    expect((await search('')).guids).toEqual((await search('t=search')).guids)
  })

  test('hard filters apply: italian_only leaves only Italian audio, still newest first', async () => {
    await process({ preset: 'italian_only', custom_rules: [] })
    const page = await search('t=search&limit=200')
    expect(page.guids.length).toBeGreaterThan(0)
    expect(newestFirst(page.dates)).toBe(true)
    for (const title of page.titles) expect(title).toMatch(/\b(ITA|ITALIAN|ITALIANO)\b/i)
  })

  test('an exclude rule applies to RSS too', async () => {
    await process({
      preset: 'custom',
      custom_rules: [{ enabled: true, field: 'title', operator: 'contains', value: 'ita', action: 'exclude' }],
    })
    for (const title of (await search('t=search&limit=200')).titles) expect(title.toLowerCase()).not.toContain('ita')
  })
})

describe('client request forms', () => {
  test('Sonarr aggregate episode search (tvdbid ignored, imdbid with tt, cat)', async () => {
    const page = await search('t=tvsearch&cat=5030,5040&extended=1&apikey=K&offset=0&limit=100&tvdbid=81189&imdbid=tt0903747&season=2&ep=5')
    expect(page.guids.sort()).toEqual(
      [
        '4186ee80717e3acc89ef28660b94b08bae70eb22',
        '6ab0e1baa9ded0133036c2cd7bb9cc6ee895336f',
        '844a4cb756d0ca4d449897228bb67019ba66d6e1',
      ].sort(),
    )
  })

  test('Prowlarr/Radarr movie search: imdbid without tt, zero padded, with tmdbid', async () => {
    const page = await search('t=movie&extended=1&cat=2000,2040&apikey=K&tmdbid=278&imdbid=0111161&limit=100&offset=0')
    expect(page.titles.every((title) => /Shawshank|Ali.della.Libert/i.test(title))).toBe(true)
    expect(page.guids.length).toBe(3)
  })

  test.each([
    't=tvsearch&tvdbid=81189&season=2&ep=5',
    't=tvsearch&rid=1234&season=2&ep=5',
    't=tvsearch&tvmazeid=169&season=2',
    't=tvsearch&traktid=1388&cat=5000',
    't=tvsearch&tmdbid=1396&season=2&ep=5',
    't=movie&traktid=481',
    't=movie&doubanid=1292052&cat=2000',
    't=search&imdbid=tt0903747',
    'tvdbid=81189',
  ])('only an id the caps do not advertise (%s): an empty result, never a wider one', async (query) => {
    const page = await search(query)
    expect(checkResults(page.body)).toEqual([])
    expect(page.guids).toEqual([])
    expect(page.total).toBe(0)
  })

  test('an unadvertised id beside an advertised id or q is ignored, as before', async () => {
    const withImdb = await search('t=tvsearch&imdbid=tt0903747&season=2&ep=5')
    expect(withImdb.guids.length).toBeGreaterThan(0)
    expect((await search('t=tvsearch&tvdbid=81189&imdbid=tt0903747&season=2&ep=5')).guids).toEqual(withImdb.guids)
    const withQ = await search('t=tvsearch&q=breaking+bad&season=2&ep=5')
    expect(withQ.guids.length).toBeGreaterThan(0)
    expect((await search('t=tvsearch&rid=1234&q=breaking+bad&season=2&ep=5')).guids).toEqual(withQ.guids)
    // Without any id, a season is still a season search (the rule is about identifiers only).
    expect((await search('t=tvsearch&season=2&ep=5')).guids.length).toBeGreaterThan(0)
  })

  test('Sonarr title fallback with %20 and season/ep', async () => {
    const page = await search('t=tvsearch&cat=5030,5040&offset=0&limit=100&q=Breaking%20Bad&season=2&ep=5')
    expect(page.titles).toContain('Breaking.Bad.S02E05.ITA.ENG.1080p.BluRay.DD5.1.x264-GRP')
    expect(page.titles).not.toContain('Breaking.Bad.S02E06.ITA.ENG.1080p.BluRay.DD5.1.x264-GRP')
  })

  // Their title searches send cleaned names (test/helpers/arr-clients.ts): "LAmica", "Lilo and Stitch".
  test('Sonarr and Radarr title searches of names with an apostrophe or "&" find them', async () => {
    const plus = (term: string) => term.replaceAll(' ', '+')
    const sonarr = await search(
      `t=tvsearch&cat=5030,5040&extended=1&offset=0&limit=100&q=${plus(sonarrSearchTerm("L'Amica Geniale"))}&season=1&ep=6`,
    )
    expect(page(sonarr).some((title) => /^L'Amica Geniale (1x06|S01E06)/.test(title))).toBe(true)
    for (const [name, year, starts] of [
      ['Lilo & Stitch', 2025, 'Lilo & Stitch <2025>'],
      ['Fast & Furious 7', 2015, 'Fast &amp; Furious 7 (2015)'],
      ["La Zona d'Interesse", 2023, "La Zona d'Interesse"],
    ] as const) {
      const radarr = await search(`t=movie&cat=2000,2040&extended=1&offset=0&limit=100&q=${plus(radarrSearchTerm(name))}+${year}`)
      expect({ name, found: page(radarr).some((title) => title.startsWith(starts)) }).toEqual({ name, found: true })
    }
  })

  test('a query without a letter or digit matches nothing (never the feed); blank is no query', async () => {
    for (const q of ['%21%21%21', '%F0%9F%98%80', '-', '%22']) {
      expect((await search(`t=search&q=${q}`)).guids).toEqual([])
      expect((await search(`t=tvsearch&q=${q}&season=4&ep=1`)).guids).toEqual([])
    }
    expect((await search('t=search&q=%20%20')).guids).toEqual((await search('t=search')).guids)
  })

  test('categories: a parent covers its subcategories; unknown ones are ignored; only unknown → empty', async () => {
    const all = await search('t=search&q=breaking+bad')
    expect((await search('t=search&q=breaking+bad&cat=5000')).guids.length).toBe(all.guids.length - 1)
    expect((await search('t=search&q=breaking+bad&cat=2000,9999')).titles).toEqual([
      'El.Camino.A.Breaking.Bad.Movie.2019.ITA.ENG.1080p.NF.WEB-DL.DDP5.1.x264',
    ])
    const empty = await search('t=search&q=breaking+bad&cat=9999,100001')
    expect(empty.guids).toEqual([])
    expect(empty.total).toBe(0)
  })
})

describe('presets through settings', () => {
  test('italian_preferred orders ITA, then MULTI/DUAL, then the rest, seeders inside a tier', async () => {
    await process({ preset: 'italian_preferred', custom_rules: [] })
    const page = await search('t=movie&imdbid=tt1375666')
    expect(page.guids).toEqual([
      'bfb87cc3c5eca1549e3d31de7914ed9857ebc7c7',
      '6cfc445b1e9aeeefe26d1d87a4df52e45db1671f',
      'a5ba731225633819769befa9c92e4daaa6ecca7d',
      '51efdd6315cbda8d4bab63975502749a976192f3',
    ])
  })

  test('italian_only drops SUB ITA releases', async () => {
    await process({ preset: 'italian_only', custom_rules: [] })
    const page = await search('t=tvsearch&imdbid=tt14452776&season=3&ep=4')
    expect(page.guids.sort()).toEqual(['1d77a1cf4a08ca697e3e7e94d2f77f8c4dc89c9b', 'a542adf1c62d34ddf18c13317e9f3a83649a2e5b'])
  })

  test('custom: excludes first, then summed scores', async () => {
    await process({
      preset: 'custom',
      custom_rules: [
        { enabled: true, field: 'title', operator: 'contains', value: 'SPARKS', action: 'exclude' },
        { enabled: true, field: 'title', operator: 'contains', value: '2160p', action: 'score', score: 10 },
        { enabled: true, field: 'seeders', operator: 'gte', value: 0, action: 'score', score: 1 },
      ],
    })
    const page = await search('t=movie&imdbid=tt1375666')
    expect(page.titles[0]).toBe('Inception 2010 MULTi 2160p UHD BluRay x265')
    expect(page.titles).not.toContain('Inception.2010.1080p.BluRay.x264-SPARKS')
    expect(page.total).toBe(3)
  })
})

describe('paging over the whole processed result', () => {
  const PRESETS: ResultProcessing[] = [
    { preset: 'unfiltered', custom_rules: [] },
    { preset: 'italian_preferred', custom_rules: [] },
    { preset: 'italian_only', custom_rules: [] },
    { preset: 'custom', custom_rules: [{ enabled: true, field: 'seeders', operator: 'gte', value: 100, action: 'score', score: 5 }] },
  ]

  test.each(PRESETS.map((settings) => [settings.preset, settings] as const))(
    '%s: pages of 13 repeat nothing and skip nothing',
    async (_, settings) => {
      await process(settings)
      for (const query of ['t=search&q=ita', 't=search']) {
        const first = await search(`${query}&limit=200`)
        const seen: string[] = []
        // As clients page: until a short page. `total` says "more" until then and is exact on the last page.
        for (let offset = 0, full = true; full; offset += 13) {
          const page = await search(`${query}&limit=13&offset=${offset}`)
          expect(checkResults(page.body, { limit: 13 }).filter((violation) => violation.severity === 'error')).toEqual([])
          seen.push(...page.guids)
          full = page.guids.length === 13
          if (full) expect(page.total).toBeGreaterThan(seen.length)
          else expect(page.total).toBe(seen.length)
        }
        expect(new Set(seen).size).toBe(seen.length)
        expect(seen.slice(0, 200)).toEqual(first.guids)
        // Exact, or (a count cut short) at least one past the page.
        expect(first.total).toBeLessThanOrEqual(seen.length)
        expect(first.total).toBeGreaterThanOrEqual(Math.min(seen.length, 201))
      }
    },
  )
})

describe('without a snapshot', () => {
  test('searches answer an empty, valid feed; caps still work', async () => {
    const empty = startTestServer()
    try {
      for (const query of ['t=search', 't=tvsearch&q=x&season=1', 't=movie&imdbid=1']) {
        const body = await (await empty.fetch(`/api?${query}`)).text()
        expect(checkResults(body)).toEqual([])
        expect(body).toContain('<torznab:response offset="0" total="0"/>')
      }
      expect((await empty.fetch('/api?t=caps')).status).toBe(200)
    } finally {
      await empty.stop()
    }
  })
})
