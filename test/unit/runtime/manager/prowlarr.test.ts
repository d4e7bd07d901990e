import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createManagerClient } from '../../../../runtime/manager/client.ts'
import { ManagerError } from '../../../../runtime/manager/manager-error.ts'
import { checkInstalled, installIndexer, testConnection } from '../../../../runtime/manager/prowlarr.ts'
import openapi from '../../../fixtures/prowlarr/openapi.json' with { type: 'json' }
import { startFakeProwlarr, torznabIndexer, type FakeProwlarr } from '../../../fakes/fake-prowlarr.ts'
import { rejectionOf } from '../../../helpers/rejection.ts'

const FIXTURES = join(import.meta.dir, '../../../fixtures/prowlarr')
const CAPS = readFileSync(join(FIXTURES, 'torznab_animetosho_caps.xml'))
const FEED = readFileSync(join(FIXTURES, 'torznab_tpb.xml'))
const EMPTY_FEED = '<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>'

/** A stand-in Torznab indexer serving Prowlarr's own test fixtures. */
const startIndexer = () => {
  let empty = false
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (request) => {
      const t = new URL(request.url).searchParams.get('t')
      return new Response(t === 'caps' ? CAPS : empty ? EMPTY_FEED : FEED, { headers: { 'content-type': 'application/xml' } })
    },
  })
  return { url: `http://127.0.0.1:${server.port}/api`, setEmpty: (value: boolean) => void (empty = value), stop: () => server.stop(true) }
}

const failureOf = async (promise: Promise<unknown>) => (await rejectionOf(promise)) as ManagerError

describe('prowlarr flows', () => {
  let fake: FakeProwlarr
  let indexer: ReturnType<typeof startIndexer>
  beforeAll(() => {
    fake = startFakeProwlarr()
    indexer = startIndexer()
  })
  afterAll(async () => {
    await fake.stop()
    indexer.stop()
  })
  afterEach(() => {
    fake.clearFaults()
    fake.indexers.length = 0
    fake.requests.length = 0
    indexer.setEmpty(false)
  })
  const client = () => createManagerClient({ url: fake.url, apiKey: fake.apiKey })
  const calls = () => fake.requests.map((request) => `${request.method} ${request.path}`)

  test('the connection test is one schema request', async () => {
    await testConnection(client())
    expect(calls()).toEqual(['GET /api/v1/indexer/schema'])
  })

  test('a schema that is not a list is an invalid schema', async () => {
    fake.fault('not-an-array', 'GET /api/v1/indexer/schema')
    expect((await failureOf(testConnection(client()))).failure).toBe('invalid-schema')
  })

  test('status reads the schema then the indexer list, and is null without an indexer URL', async () => {
    expect(await checkInstalled(client(), indexer.url)).toBe(false)
    expect(calls()).toEqual(['GET /api/v1/indexer/schema', 'GET /api/v1/indexer'])
    expect(await checkInstalled(client(), '')).toBeNull()
  })

  test('install runs schema, app profile, list, test, create, and posts the same body twice', async () => {
    const result = await installIndexer(client(), indexer.url)
    expect(calls()).toEqual([
      'GET /api/v1/indexer/schema',
      'GET /api/v1/appprofile',
      'GET /api/v1/indexer',
      'POST /api/v1/indexer/test',
      'POST /api/v1/indexer',
    ])
    expect(fake.requests[3].body).toEqual(fake.requests[4].body)
    expect(result).toEqual({ created: true, already_installed: false, indexer_id: fake.indexers[0].id })
    expect(fake.indexers[0]).toMatchObject({ name: 'ICVDB', appProfileId: 1, enable: true, implementation: 'Torznab' })
  })

  test('an installed indexer, even renamed, is found after three requests and not created again', async () => {
    const existing = fake.addIndexer(torznabIndexer('My ICVDB', indexer.url.replace('/api', '/'), '/api/'))
    expect(await installIndexer(client(), indexer.url)).toEqual({ created: false, already_installed: true, indexer_id: existing.id })
    expect(calls()).toHaveLength(3)
    expect(await checkInstalled(client(), indexer.url)).toBe(true)
  })

  test('another indexer holding the name ICVDB gets ICVDB (2)', async () => {
    fake.addIndexer(torznabIndexer('ICVDB', 'http://elsewhere:8000'))
    await installIndexer(client(), indexer.url)
    expect(fake.indexers.map((entry) => entry.name).sort()).toEqual(['ICVDB', 'ICVDB (2)'])
  })

  test("the fake's resources use only properties Prowlarr's openapi.json declares", async () => {
    await installIndexer(client(), indexer.url)
    const declared = (schema: string) =>
      Object.keys((openapi.components.schemas as unknown as Record<string, { properties: object }>)[schema].properties)
    const listed = (await client().get('/api/v1/indexer')) as Record<string, unknown>[]
    const profiles = (await client().get('/api/v1/appprofile')) as Record<string, unknown>[]
    for (const resource of listed) {
      expect(declared('IndexerResource')).toEqual(expect.arrayContaining(Object.keys(resource)))
      expect(declared('IndexerCapabilityResource')).toEqual(expect.arrayContaining(Object.keys(resource.capabilities as object)))
    }
    for (const profile of profiles) expect(declared('AppProfileResource')).toEqual(expect.arrayContaining(Object.keys(profile)))
    expect(declared('SystemResource')).toEqual(expect.arrayContaining(Object.keys((await client().get('/api/v1/system/status')) as object)))
  })

  test('a live test Prowlarr refuses is rejected at the test stage with its reason', async () => {
    indexer.setEmpty(true)
    const error = await failureOf(installIndexer(client(), indexer.url))
    expect([error.failure, error.stage]).toEqual(['rejected', 'test'])
    expect(JSON.stringify(error.body)).toContain('Query successful, but no results were returned')
    expect(fake.indexers).toEqual([])
  })

  test('a create answer without an integer id gives indexer_id null', async () => {
    fake.fault('no-id')
    expect(await installIndexer(client(), indexer.url)).toEqual({ created: true, already_installed: false, indexer_id: null })
  })

  test.each([
    ['no-generic-torznab', 'GET /api/v1/indexer/schema', 'no-template', 'schema'],
    ['no-app-profile', 'GET /api/v1/appprofile', 'no-app-profile', 'app-profile'],
    ['not-an-array', 'GET /api/v1/appprofile', 'invalid-response', 'app-profile'],
    ['not-an-array', 'GET /api/v1/indexer', 'invalid-response', 'list'],
    ['http-500', 'GET /api/v1/indexer', 'http', 'list'],
    ['test-failure', 'POST /api/v1/indexer/test', 'rejected', 'test'],
    ['http-500', 'POST /api/v1/indexer', 'http', 'create'],
  ] as const)('install with %s on %s fails as %s at stage %s', async (fault, route, failure, stage) => {
    fake.fault(fault, route)
    const error = await failureOf(installIndexer(client(), indexer.url))
    expect([error.failure, error.stage]).toEqual([failure, stage])
  })
})
