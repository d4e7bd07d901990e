import { describe, expect, test } from 'bun:test'
import type { SearchHit, SearchQuery } from '../../../../runtime/search/query.ts'
import type { SearchPool } from '../../../../runtime/serving/search-pool.ts'
import { pooledSearchFeed } from '../../../../runtime/serving/torznab-answers.ts'
import { categoriesOf, downloadUrl, feedItems, magnetUri, seasonEpisodeOf } from '../../../../runtime/torznab/feed-items.ts'
import { toSearchQuery } from '../../../../runtime/torznab/search-query.ts'
import { renderFeed } from '../../../../runtime/torznab/feed.ts'
import { parseTorznabParams } from '../../../../runtime/torznab/params.ts'
import { escapeXml } from '../../../../runtime/torznab/xml.ts'
import { checkResults } from '../../../conformance/torznab-checker.ts'

const UNFILTERED = { preset: 'unfiltered' as const, custom_rules: [] }
const query = (text: string): Partial<SearchQuery> => {
  const { processing, ...rest } = toSearchQuery(parseTorznabParams(new URLSearchParams(text)), UNFILTERED)
  expect(processing).toBe(UNFILTERED)
  return rest
}
const DEFAULTS = { words: [], imdb: null, tmdb: null, season: null, episode: null, slices: null, offset: 0, limit: 100 }

describe('toSearchQuery: which parameters each function honours', () => {
  test.each([
    ['t=search', { scope: 'everything' }],
    ['t=search&q=Breaking.Bad', { scope: 'everything', words: ['breaking', 'bad'] }],
    ['t=search&q=x&imdbid=1&season=1&ep=2&tmdbid=3', { scope: 'everything', words: ['x'] }],
    ['t=movie&q=Dune&imdbid=tt15239678&tmdbid=693134&season=1', { scope: 'movies', imdb: 15239678, tmdb: 693134 }],
    ['t=movie&q=Dune', { scope: 'movies', words: ['dune'] }],
    ['t=tvsearch&imdbid=0903747&season=2&ep=5&tmdbid=1396&q=x', { scope: 'shows', imdb: 903747, season: 2, episode: 5 }],
    ['t=tvsearch&q=Lost&season=00', { scope: 'shows', words: ['lost'], season: 0 }],
    ['t=tvsearch&q=Lost&ep=5', { scope: 'shows', words: ['lost'] }],
    ['t=tvsearch&q=Show&season=2024&ep=05/23', { scope: 'shows', words: ['show', '2024', '05', '23'] }],
    ['t=tvsearch&imdbid=tt1&season=2024&ep=5/3', { scope: 'shows', imdb: 1, words: ['2024', '05', '03'] }],
    ['t=search&limit=20&offset=40', { scope: 'everything', limit: 20, offset: 40 }],
  ])('%p', (text, expected) => {
    expect(query(text)).toEqual({ ...DEFAULTS, ...expected } as Partial<SearchQuery>)
  })

  test.each([
    ['cat=2000', [{ kind: 'movie' }]],
    [
      'cat=2030,2040,2045',
      [
        { kind: 'movie', resolution: 1 },
        { kind: 'movie', resolution: 2 },
        { kind: 'movie', resolution: 3 },
      ],
    ],
    ['cat=5000', [{ kind: 'television' }]],
    [
      'cat=5030,5040,5045',
      [
        { kind: 'series', resolution: 1 },
        { kind: 'series', resolution: 2 },
        { kind: 'series', resolution: 3 },
      ],
    ],
    ['cat=5070', [{ kind: 'anime' }]],
    ['cat=5070,1234,100001', [{ kind: 'anime' }]],
    ['cat=1234,100001', []],
  ])('categories %p → slices', (text, slices) => {
    expect(query(`t=search&${text}`).slices).toEqual(slices as SearchQuery['slices'])
  })
})

const hit = (overrides: Partial<SearchHit>): SearchHit => ({
  info_hash: 'abc',
  title: 'Title',
  provider: 'p',
  size: null,
  type: 'series',
  uploaded: 0,
  seeders: null,
  imdb: null,
  tmdb: null,
  season: null,
  episode: null,
  season_first: null,
  season_last: null,
  episode_first: null,
  episode_last: null,
  resolution: 0,
  languages: null,
  subtitles: null,
  score: 0,
  ...overrides,
})

describe('categoriesOf', () => {
  test.each([
    ['movie', 0, [2000]],
    ['movie', 1, [2000, 2030]],
    ['movie', 2, [2000, 2040]],
    ['movie', 3, [2000, 2045]],
    ['series', 0, [5000]],
    ['series', 2, [5000, 5040]],
    ['unknown', 3, [5000, 5045]],
    ['anime', 2, [5000, 5070]],
  ] as const)('%s at resolution %p → %p', (type, resolution, expected) => {
    expect(categoriesOf({ type, resolution })).toEqual([...expected])
  })
})

describe('magnetUri', () => {
  test('percent-encodes the title (control characters and lone surrogates too) and every tracker', () => {
    expect(magnetUri({ info_hash: 'abc', title: 'A & B\t\uD800?' }, ['udp://t:1/a', 'http://x/?a=b&c'])).toBe(
      'magnet:?xt=urn:btih:abc&dn=A%20%26%20B%09%EF%BF%BD%3F&tr=udp%3A%2F%2Ft%3A1%2Fa&tr=http%3A%2F%2Fx%2F%3Fa%3Db%26c',
    )
  })
})

describe('seasonEpisodeOf', () => {
  test.each([
    [
      { season: 2, episode: 5, season_first: 9, season_last: 9 },
      { season: 2, episode: 5 },
    ],
    [
      { season: 2, episode: null },
      { season: 2, episode: null },
    ],
    [
      { season_first: 3, season_last: 3, episode_first: 4, episode_last: 4 },
      { season: 3, episode: 4 },
    ],
    [
      { season_first: 3, season_last: 3, episode_first: 4, episode_last: 6 },
      { season: 3, episode: null },
    ],
    [
      { season_first: 1, season_last: 5 },
      { season: null, episode: null },
    ],
  ])('%p → %p', (columns, expected) => {
    expect(seasonEpisodeOf(hit(columns))).toEqual(expected)
  })
})

describe('feedItems', () => {
  const links = { base: 'https://idx.example', trackers: [] }
  const itemOf = (overrides: Partial<SearchHit>) => feedItems([hit(overrides)], links)[0]
  const attrsOf = (xml: string) =>
    [...xml.matchAll(/<torznab:attr name="([^"]*)" value="([^"]*)"\/>/g)].map(([, name, value]) => [name, value])

  test('attributes only when known', () => {
    expect(attrsOf(itemOf({ type: 'movie' }))).toEqual([
      ['category', '2000'],
      ['infohash', 'abc'],
      ['magneturl', 'magnet:?xt=urn:btih:abc&amp;dn=Title'],
      ['downloadvolumefactor', '0'],
      ['uploadvolumefactor', '1'],
    ])
  })

  test('a plain <size> element equal to the size attribute and the enclosure length, only when the size is known (cross-seed reads it)', () => {
    const sized = itemOf({ size: 5_000_000_000 })
    expect(sized).toContain('<size>5000000000</size>')
    expect(sized).toContain('length="5000000000"')
    expect(itemOf({ size: null })).not.toContain('<size>')
  })

  test('every attribute when everything is known', () => {
    const xml = itemOf({
      size: 5_000_000_000,
      seeders: 0,
      imdb: 111161,
      tmdb: 278,
      season: 1,
      episode: 2,
      resolution: 2,
      languages: 'Italian,English',
      subtitles: 'Italian',
    })
    expect(attrsOf(xml)).toEqual([
      ['category', '5000'],
      ['category', '5040'],
      ['size', '5000000000'],
      ['seeders', '0'],
      ['peers', '0'],
      ['infohash', 'abc'],
      ['magneturl', 'magnet:?xt=urn:btih:abc&amp;dn=Title'],
      ['imdb', '0111161'],
      ['imdbid', 'tt0111161'],
      ['tmdbid', '278'],
      ['season', '1'],
      ['episode', '2'],
      ['language', 'Italian'],
      ['language', 'English'],
      ['subs', 'Italian'],
      ['downloadvolumefactor', '0'],
      ['uploadvolumefactor', '1'],
    ])
    expect(xml).toContain('<link>https://idx.example/api?t=get&amp;id=abc</link>')
    expect(xml).toContain('<enclosure url="https://idx.example/api?t=get&amp;id=abc" length="5000000000" type="application/x-bittorrent"/>')
  })

  test('escapes markup, drops characters XML 1.0 forbids, and sends length 0 for an unknown size', () => {
    expect(itemOf({ title: 'A & B <C> "D" \u0001\u000B ok', uploaded: 1426439442 })).toStartWith(
      '<item><title>A &amp; B &lt;C&gt; &quot;D&quot;  ok</title><guid isPermaLink="false">abc</guid>' +
        '<link>https://idx.example/api?t=get&amp;id=abc</link><pubDate>Sun, 15 Mar 2015 17:10:42 +0000</pubDate>' +
        '<enclosure url="https://idx.example/api?t=get&amp;id=abc" length="0" type="application/x-bittorrent"/><torznab:attr name="category" value="5000"/>',
    )
    expect(attrsOf(itemOf({ languages: 'It&al,<En>', subtitles: '\u0001,' })).slice(3, -2)).toEqual([
      ['language', 'It&amp;al'],
      ['language', '&lt;En&gt;'],
      ['subs', ''],
      ['subs', ''],
    ])
  })

  test('a resolution the title did not tell (or no known one) names the parent category only', () => {
    for (const resolution of [0, 7] as Array<SearchHit['resolution']>)
      expect(attrsOf(itemOf({ type: 'movie', resolution }))[0]).toEqual(['category', '2000'])
    expect(attrsOf(itemOf({ type: 'movie', resolution: 3 })).slice(0, 2)).toEqual([
      ['category', '2000'],
      ['category', '2045'],
    ])
  })

  test('links and magnets are the escaped URIs, whatever the hash, title, base and trackers hold', () => {
    const odd = { base: "https://h/p&x'<y>", trackers: ['udp://t:1/a', "http://x/?a=b&c'd"] }
    for (const overrides of [
      {},
      { info_hash: `ab<c>&'" x` },
      { title: "it's <A> & \uD800 🎬 ok\u0001" },
      { title: 'Dune.2021.1080p-GRP' },
    ]) {
      const row = hit(overrides)
      const xml = feedItems([row], odd)[0]
      expect(xml).toContain(`<link>${escapeXml(downloadUrl(row, odd))}</link>`)
      expect(attrsOf(xml)).toContainEqual(['magneturl', escapeXml(magnetUri(row, odd.trackers))])
    }
  })

  test('a feed of them is a valid Torznab document', () => {
    const items = feedItems(
      [hit({ title: 'A & B <C> \u0001', size: 1, seeders: 2, imdb: 1, languages: 'Italian' }), hit({ type: 'movie', resolution: 3 })],
      links,
    )
    const xml = renderFeed({ self: 'https://idx.example/api', offset: 0, total: 2, items })
    expect(checkResults(xml).filter((violation) => violation.severity === 'error')).toEqual([])
  })
})

describe('pooledSearchFeed: where a feed is computed and whether it is kept', () => {
  // A pool that records the options it is handed.
  const recorded: Array<{ inline?: boolean; keep?: boolean } | undefined> = []
  const pool = {
    run: (_snapshot: unknown, _kind: unknown, _input: unknown, options?: { inline?: boolean; keep?: boolean }) => (
      recorded.push(options), Promise.resolve('')
    ),
  } as unknown as SearchPool
  const options = async (text: string) => {
    await pooledSearchFeed(
      pool,
      null,
      parseTorznabParams(new URLSearchParams(text)),
      { preset: 'unfiltered', custom_rules: [] },
      { base: 'http://x', trackers: [] },
    )
    return recorded.at(-1)
  }

  test.each([
    ['t=search', { inline: true, keep: true }],
    ['t=tvsearch&imdbid=tt0944947&season=1&ep=2', { inline: true, keep: true }],
    ['t=movie&imdbid=tt0111161', { inline: true, keep: true }],
    ['t=search&q=the+quiet+family', { inline: true, keep: false }],
    ['t=search&q=1080p&offset=1000', { inline: true, keep: false }],
    ['t=tvsearch&season=1', { inline: false, keep: true }],
    ['t=tvsearch&q=show&season=1', { inline: false, keep: false }],
  ])('%s', async (text, expected) => {
    expect(await options(text)).toEqual(expected)
  })
})
