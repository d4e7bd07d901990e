import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { XMLParser } from 'fast-xml-parser'
import { canSearch, parseCaps, parsePubDate } from '../../fakes/fake-prowlarr-indexer-check.ts'
import { GENERIC_TORZNAB } from '../../fakes/fake-prowlarr-schema.ts'
import { startFakeProwlarr, torznabIndexer, type FakeProwlarr } from '../../fakes/fake-prowlarr.ts'

// The fake is the oracle of the manager tests: these pin the Prowlarr behaviour it imitates (clients §A, §B.3).
const caps = (xml: string) =>
  parseCaps(
    new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      parseTagValue: false,
      isArray: (name) => ['category', 'subcat'].includes(name),
    }).parse(xml).caps,
  )

describe('fake Prowlarr caps parsing', () => {
  test('reads limits, modes (audio-search for music) and categories, spelling params like Prowlarr enums', () => {
    const parsed = caps(`<caps><limits default="50" max="200"/><searching><search available="yes" supportedParams="q"/>
      <tv-search available="yes" supportedParams="q,season,ep,imdbid,bogus"/><movie-search available="yes" supportedParams="q,imdbid,tmdbid"/>
      <music-search available="yes" supportedParams="q"/><audio-search available="no"/></searching>
      <categories><category id="5000" name="TV"><subcat id="5040" name="TV/HD"/></category></categories></caps>`)
    expect(parsed).toMatchObject({
      limitsDefault: 50,
      limitsMax: 200,
      tvSearchParams: ['q', 'season', 'ep', 'imdbId'],
      movieSearchParams: ['q', 'imdbId', 'tmdbId'],
      musicSearchParams: [],
    })
    expect(parsed.categories).toEqual([{ id: 5000, name: 'TV', subCategories: [{ id: 5040, name: 'TV/HD', subCategories: [] }] }])
  })

  test.each([
    ['a mode without available', '<caps><searching><tv-search supportedParams="q"/></searching></caps>'],
    ['a category without an integer id', '<caps><categories><category id="x" name="TV"/></categories></caps>'],
    ['limits without max', '<caps><limits default="100"/></caps>'],
    ['an error element', '<caps><error code="100" description="bad"/></caps>'],
  ])('%s silently degrades to default caps: q only, no categories', (_name, xml) => {
    expect(caps(xml)).toMatchObject({ searchParams: ['q'], tvSearchParams: [], movieSearchParams: [], categories: [], limitsMax: 100 })
  })

  test('tv-search counts only with season and ep', () => {
    const base = {
      searchParams: [],
      movieSearchParams: [],
      musicSearchParams: [],
      bookSearchParams: [],
      categories: [],
      limitsMax: 100,
      limitsDefault: 100,
      supportsRawSearch: false,
    }
    expect(canSearch({ ...base, tvSearchParams: ['q', 'season'] })).toBe(false)
    expect(canSearch({ ...base, tvSearchParams: ['imdbId', 'season', 'ep'] })).toBe(true)
  })

  test('a pubDate with the wrong weekday does not parse, RFC 1123 and ISO 8601 do', () => {
    expect(parsePubDate('Sat, 11 Apr 2015 21:34:00 -0600')).toBe(Date.parse('2015-04-12T03:34:00Z'))
    expect(parsePubDate('Fri, 11 Apr 2015 21:34:00 -0600')).toBeNull()
    expect(parsePubDate('2015-04-11T21:34:00Z')).not.toBeNull()
  })
})

describe('fake Prowlarr API', () => {
  let fake: FakeProwlarr
  beforeAll(() => {
    fake = startFakeProwlarr()
  })
  afterAll(() => fake.stop())
  const post = (path: string, body: unknown, key = fake.apiKey) =>
    fetch(`${fake.url}${path}`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const resource = (extra: Record<string, unknown> = {}) => ({ ...torznabIndexer('ICVDB', 'http://127.0.0.1:1'), ...extra })

  test('a wrong key is 401 with an empty body; the apikey query parameter is accepted', async () => {
    const wrong = await fetch(`${fake.url}/api/v1/indexer`, { headers: { 'x-api-key': 'nope' } })
    expect([wrong.status, await wrong.text()]).toEqual([401, ''])
    expect((await fetch(`${fake.url}/api/v1/indexer?apikey=${fake.apiKey}`)).status).toBe(200)
  })

  test('validates like Prowlarr before any live test: unique name, existing profile, priority 1–50, fields', async () => {
    fake.addIndexer(torznabIndexer('icvdb', 'http://elsewhere'))
    const response = await post('/api/v1/indexer/test', resource({ appProfileId: 9, priority: 51, fields: null }))
    expect(response.status).toBe(400)
    expect(
      (await response.json()).map((failure: { propertyName: string; errorMessage: string }) => [
        failure.propertyName,
        failure.errorMessage,
      ]),
    ).toEqual([
      ['Name', 'Should be unique'],
      ['AppProfileId', 'App Profile does not exist'],
      ['Priority', "'Priority' must be between 1 and 50. You entered 51."],
      ['Fields', "'Fields' must not be empty."],
    ])
    fake.indexers.length = 0
  })

  test('a value of the wrong JSON type is a 400 before validation', async () => {
    const response = await post('/api/v1/indexer', resource({ appProfileId: '1' }))
    expect(response.status).toBe(400)
    expect((await response.json()).errors).toHaveProperty(['$.appProfileId'])
  })

  test('the live test fails with the validation-array shape when the indexer is unreachable', async () => {
    const response = await post('/api/v1/indexer/test', resource())
    expect(response.status).toBe(400)
    const [failure] = await response.json()
    expect(failure).toMatchObject({ propertyName: '', severity: 'error', isWarning: false })
    expect(failure.errorMessage).toStartWith('Unable to connect to indexer')
  })

  test('an indexer created disabled skips the live test and answers 201 with an id and a Location', async () => {
    const response = await post('/api/v1/indexer', resource({ enable: false }))
    const created = await response.json()
    expect([response.status, response.headers.get('location')]).toEqual([201, `/api/v1/indexer/${created.id}`])
    expect(created.implementation).toBe(GENERIC_TORZNAB.implementation)
  })
})
