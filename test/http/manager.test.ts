import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import type { ManagerSummary } from '../../runtime/manager/types.ts'
import { FAKE_PROWLARR_KEY, startFakeProwlarr, torznabIndexer, type Fault, type FakeProwlarr } from '../fakes/fake-prowlarr.ts'
import { buildSnapshot, hashOf } from '../helpers/snapshot-rows.ts'
import { putJson, startTestServer, type TestServer } from '../helpers/server.ts'

// Short enough to test a hanging manager quickly, long enough for the fake's live test of our /api.
const TIMEOUTS = { standardMs: 1_000, slowMs: 10_000 }
const FAILED = { detail: 'Manager request failed' }
const NOT_CONFIGURED = { detail: 'Manager URL and API key are required' }
const INDEXER_NOT_CONFIGURED = { detail: 'Manager URL, API key and indexer URL are required' }
const NULL_SUMMARY: ManagerSummary = { connected: null, indexer_installed: null, error: null }

let fake: FakeProwlarr
let server: TestServer
// Every response body this file receives, checked for the key and traceback text at the end.
const bodies: string[] = []
const logs: string[] = []

const call = async (method: string, path: string) => {
  const response = await server.fetch(path, { method })
  const text = await response.text()
  bodies.push(text)
  return { status: response.status, body: JSON.parse(text) }
}
const managerStatus = () => call('GET', '/webapi/manager/status')
const testManager = () => call('POST', '/webapi/manager/test')
const installIndexer = () => call('POST', '/webapi/manager/indexer')
const summary = async () => (await call('GET', '/webapi/status')).body.manager

/** PUT /webapi/settings as the UI does (it saves before Test and Install); clears the summary. */
const configure = async (manager: { url?: string; api_key?: string; indexer_url?: string }) => {
  const current = (await call('GET', '/webapi/settings')).body
  const body = { ...current, manager: { url: current.manager.url, indexer_url: current.manager.indexer_url, ...manager } }
  expect((await putJson(server, '/webapi/settings', body)).status).toBe(200)
}
const ownIndexerUrl = () => `${server.url}/api`

beforeAll(() => {
  fake = startFakeProwlarr()
})
afterAll(() => fake.stop())
beforeEach(() => {
  server = startTestServer({ managerTimeouts: TIMEOUTS })
})
afterEach(async () => {
  logs.push(...server.logs)
  await server.stop()
  fake.clearFaults()
  fake.indexers.length = 0
})

describe('unconfigured manager', () => {
  test('GET /webapi/manager/status answers 200 with configured false and nulls, without calling out', async () => {
    const before = fake.requests.length
    expect(await managerStatus()).toEqual({ status: 200, body: { configured: false, ...NULL_SUMMARY } })
    expect(fake.requests.length).toBe(before)
  })

  test('POST /webapi/manager/test without a URL or a key answers 400', async () => {
    expect(await testManager()).toEqual({ status: 400, body: NOT_CONFIGURED })
    await configure({ url: fake.url })
    expect(await testManager()).toEqual({ status: 400, body: NOT_CONFIGURED })
    await configure({ url: '', api_key: fake.apiKey })
    expect(await testManager()).toEqual({ status: 400, body: NOT_CONFIGURED })
  })

  test('POST /webapi/manager/indexer without the indexer URL answers 400', async () => {
    expect(await installIndexer()).toEqual({ status: 400, body: INDEXER_NOT_CONFIGURED })
    await configure({ url: fake.url, api_key: fake.apiKey })
    expect(await installIndexer()).toEqual({ status: 400, body: INDEXER_NOT_CONFIGURED })
    expect(await summary()).toEqual({ configured: true, ...NULL_SUMMARY })
  })
})

describe('healthy manager', () => {
  beforeEach(() => configure({ url: fake.url, api_key: fake.apiKey, indexer_url: 'http://icvdb:8000/api' }))

  test('GET /webapi/status shows nulls before any manager operation and never calls the manager', async () => {
    const before = fake.requests.length
    expect(await summary()).toEqual({ configured: true, ...NULL_SUMMARY })
    await managerStatus()
    const afterStatus = fake.requests.length
    expect(await summary()).toEqual({ configured: true, connected: true, indexer_installed: false, error: null })
    expect(fake.requests.length).toBe(afterStatus)
    expect(afterStatus).toBeGreaterThan(before)
  })

  test('GET /webapi/manager/status reports connected and whether the indexer is installed', async () => {
    expect(await managerStatus()).toEqual({
      status: 200,
      body: { configured: true, connected: true, indexer_installed: false, error: null },
    })
    fake.addIndexer(torznabIndexer('Renamed by the user', 'http://ICVDB:8000/', 'api/'))
    expect(await managerStatus()).toEqual({
      status: 200,
      body: { configured: true, connected: true, indexer_installed: true, error: null },
    })
  })

  test('without an indexer URL the status is connected with indexer_installed null', async () => {
    await configure({ indexer_url: '' })
    expect((await managerStatus()).body).toEqual({ configured: true, connected: true, indexer_installed: null, error: null })
  })

  test('POST /webapi/manager/test answers connected true and leaves it in the summary', async () => {
    expect(await testManager()).toEqual({ status: 200, body: { connected: true, error: null } })
    expect(await summary()).toEqual({ configured: true, connected: true, indexer_installed: null, error: null })
  })

  test('a successful PUT /webapi/settings clears the summary', async () => {
    await testManager()
    await configure({})
    expect(await summary()).toEqual({ configured: true, ...NULL_SUMMARY })
  })

  test('an indexer the user renamed is already installed, with its id', async () => {
    const existing = fake.addIndexer(torznabIndexer('My Italian indexer', 'http://icvdb:8000', '/api/'))
    expect(await installIndexer()).toEqual({ status: 200, body: { created: false, already_installed: true, indexer_id: existing.id } })
    expect(fake.requests.at(-1)?.method).toBe('GET')
    expect(await summary()).toEqual({ configured: true, connected: true, indexer_installed: true, error: null })
  })

  test('the manager key may come from the environment', async () => {
    await server.stop()
    server = startTestServer({ managerTimeouts: TIMEOUTS, env: { MANAGER_URL: fake.url, MANAGER_API_KEY: fake.apiKey } })
    expect(await testManager()).toEqual({ status: 200, body: { connected: true, error: null } })
  })

  test('a manager behind a reverse-proxy sub-path is reached below it', async () => {
    const proxied = startFakeProwlarr({ urlBase: '/prowlarr' })
    await configure({ url: `${proxied.url}/`, api_key: proxied.apiKey })
    expect(await testManager()).toEqual({ status: 200, body: { connected: true, error: null } })
    expect(proxied.requests.map((request) => request.path)).toEqual(['/api/v1/indexer/schema'])
    await proxied.stop()
  })
})

describe('installing into the manager', () => {
  beforeEach(async () => {
    // A few releases, so Prowlarr's live test search (no query: the newest releases) has items.
    const rows = ['Breaking.Bad.S01E01.720p.ITA.ENG', 'The.Matrix.1999.1080p.BluRay', 'Dune.Part.Two.2024.2160p.WEB-DL'].map(
      (title, index) => ({
        info_hash: hashOf(title),
        title,
        type: index === 0 ? 'series' : 'movie',
        uploaded: 1_700_000_000 + index * 3600,
        seeders: 10 + index,
        size: 1_000_000_000,
      }),
    )
    server.ctx.database.swap(buildSnapshot(join(server.dataDir, 'snapshots', 'manager-test'), { torrents: rows }))
    await configure({ url: fake.url, api_key: fake.apiKey, indexer_url: ownIndexerUrl() })
  })

  test('creates the indexer, which Prowlarr tests against this service and parses caps from', async () => {
    expect(await installIndexer()).toEqual({
      status: 200,
      body: { created: true, already_installed: false, indexer_id: fake.indexers[0]?.id },
    })
    const [created] = fake.indexers
    const field = (name: string) => created.fields.find((entry: { name: string }) => entry.name === name)?.value
    expect([created.name, field('baseUrl'), field('apiPath'), field('apiKey')]).toEqual(['ICVDB', server.url, '/api', ''])
    // As Prowlarr parses t=caps (clients §B.3): categories and tv/movie parameters must survive.
    expect(created.capabilities.categories.map((category: { id: number }) => category.id)).toEqual(expect.arrayContaining([2000, 5000]))
    expect(created.capabilities.tvSearchParams).toEqual(expect.arrayContaining(['q', 'season', 'ep']))
    expect(created.capabilities.movieSearchParams).toEqual(expect.arrayContaining(['q', 'imdbId']))
    expect(await summary()).toEqual({ configured: true, connected: true, indexer_installed: true, error: null })
  })

  test('two installs at once create one indexer: the second finds the first', async () => {
    const [first, second] = await Promise.all([installIndexer(), installIndexer()])
    expect([first.body.created, second.body.already_installed, second.body.indexer_id]).toEqual([true, true, first.body.indexer_id])
    expect(fake.indexers).toHaveLength(1)
  })

  test('a second install finds the first: already installed, same id, nothing created', async () => {
    const first = (await installIndexer()).body
    expect(await installIndexer()).toEqual({ status: 200, body: { created: false, already_installed: true, indexer_id: first.indexer_id } })
    expect(fake.indexers).toHaveLength(1)
  })

  test('takes the name ICVDB (2) when another indexer is called ICVDB', async () => {
    fake.addIndexer(torznabIndexer('ICVDB', 'http://another-host:8000'))
    expect((await installIndexer()).body.created).toBe(true)
    expect(fake.indexers.map((indexer) => indexer.name).sort()).toEqual(['ICVDB', 'ICVDB (2)'])
  })

  test('a create that fails after a passing test answers 502 and records not installed', async () => {
    fake.fault('http-500', 'POST /api/v1/indexer')
    expect(await installIndexer()).toEqual({ status: 502, body: FAILED })
    expect(await summary()).toEqual({ configured: true, connected: false, indexer_installed: false, error: 'Manager returned HTTP 500' })
    expect(fake.requests.at(-1)?.path).toBe('/api/v1/indexer')
  })

  test('indexer_id is null when the manager gives no integer id', async () => {
    fake.fault('no-id')
    expect(await installIndexer()).toEqual({ status: 200, body: { created: true, already_installed: false, indexer_id: null } })
  })
})

/** A failure set on the fake, or a manager URL that cannot be reached at all. */
interface FailureCase {
  name: string
  fault?: Fault
  route?: string
  manager?: () => { url?: string; api_key?: string }
  error: string
}

const stoppedManagerUrl = async () => {
  const stopped = startFakeProwlarr()
  await stopped.stop()
  return stopped.url
}
let refusedUrl = ''
beforeAll(async () => {
  refusedUrl = await stoppedManagerUrl()
})

const CONNECTION_FAILURES: FailureCase[] = [
  // A key is only sent to the address it was saved with (issue 15): moving the URL carries the key again.
  {
    name: 'a refused connection',
    manager: () => ({ url: refusedUrl, api_key: fake.apiKey }),
    error: 'Unable to connect to Manager (connection refused)',
  },
  {
    name: 'a TLS failure',
    manager: () => ({ url: fake.url.replace('http:', 'https:'), api_key: fake.apiKey }),
    error: 'Unable to connect to Manager (TLS handshake failed)',
  },
  { name: 'a timeout', fault: 'hang', error: 'Unable to connect to Manager (timed out)' },
  { name: 'a wrong API key', manager: () => ({ api_key: 'not-the-key' }), error: 'Manager returned HTTP 401' },
  { name: 'HTTP 500', fault: 'http-500', error: 'Manager returned HTTP 500' },
  { name: 'an oversized body with Content-Length', fault: 'oversized', error: 'Manager response is too large' },
  { name: 'an oversized streamed body', fault: 'oversized-chunked', error: 'Manager response is too large' },
  { name: 'invalid JSON', fault: 'invalid-json', error: 'Manager returned invalid JSON' },
  { name: 'a schema that is not a list', fault: 'not-an-array', error: 'Manager returned an invalid indexer schema response' },
  { name: 'a body echoing the key and a traceback', fault: 'echo-secret', error: 'Manager returned HTTP 500' },
  // The key "401" appears in "Manager returned HTTP 401", so the whole reason is withheld.
  { name: 'a reason that happens to contain the key', manager: () => ({ api_key: '401' }), error: 'Manager request failed' },
]

describe('manager failures', () => {
  beforeEach(() => configure({ url: fake.url, api_key: fake.apiKey, indexer_url: 'http://icvdb:8000/api' }))

  for (const failure of CONNECTION_FAILURES) {
    test(`${failure.name}: status 200 with "${failure.error}", test and install 502`, async () => {
      if (failure.manager) await configure(failure.manager())
      if (failure.fault) fake.fault(failure.fault, failure.route ?? '*')
      const reported = { configured: true, connected: false, indexer_installed: false, error: failure.error }
      expect(await managerStatus()).toEqual({ status: 200, body: reported })
      expect(await summary()).toEqual(reported)
      expect(await testManager()).toEqual({ status: 502, body: FAILED })
      expect(await summary()).toEqual(reported)
      expect(await installIndexer()).toEqual({ status: 502, body: FAILED })
    })
  }

  test('install before any snapshot is installed is refused by the live test, with its reason in the summary', async () => {
    await configure({ indexer_url: ownIndexerUrl() })
    expect(await installIndexer()).toEqual({ status: 502, body: FAILED })
    const { error, ...rest } = await summary()
    expect(rest).toEqual({ configured: true, connected: true, indexer_installed: false })
    expect(error).toStartWith('Manager rejected the indexer: Query successful, but no results were returned from your indexer.')
  })

  const INSTALL_FAILURES: Array<[string, Fault, string | undefined, Partial<ManagerSummary>]> = [
    [
      'no Generic Torznab in the schema',
      'no-generic-torznab',
      undefined,
      { connected: true, error: 'Manager has no Generic Torznab indexer schema' },
    ],
    ['no app profile', 'no-app-profile', undefined, { connected: true, error: 'Manager has no app profile' }],
    ['an indexer list that fails', 'http-500', 'GET /api/v1/indexer', { connected: false, error: 'Manager returned HTTP 500' }],
    [
      'an indexer test Prowlarr refuses',
      'test-failure',
      undefined,
      {
        connected: true,
        indexer_installed: false,
        error: 'Manager rejected the indexer: Unable to connect to indexer, check the log above the ValidationFailure for more details',
      },
    ],
    [
      'a refusal echoing the key and a traceback',
      'echo-secret',
      'POST /api/v1/indexer/test',
      { connected: true, indexer_installed: false, error: 'Manager request failed' },
    ],
  ]
  for (const [name, fault, route, expected] of INSTALL_FAILURES) {
    test(`install with ${name} answers 502 and leaves "${expected.error}" in the summary`, async () => {
      fake.fault(fault, route)
      expect(await installIndexer()).toEqual({ status: 502, body: FAILED })
      expect(await summary()).toEqual({ configured: true, ...NULL_SUMMARY, ...expected })
      expect(fake.indexers).toEqual([])
    })
  }
})

describe('secrets', () => {
  test('no response body and no log line ever held the key or traceback text', () => {
    expect(bodies.length).toBeGreaterThan(50)
    expect(logs.some((line) => line.includes('manager install failed'))).toBe(true)
    for (const text of [...bodies, ...logs]) {
      expect(text).not.toContain(FAKE_PROWLARR_KEY)
      expect(text.toLowerCase()).not.toContain('traceback')
    }
  })
})
