import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import {
  createManagerClient,
  DEFAULT_TIMEOUTS,
  limitFor,
  managerBaseUrl,
  RESPONSE_LIMIT_BYTES,
  SCHEMA_LIMIT_BYTES,
  SCHEMA_PATH,
  readText,
  timeoutFor,
} from '../../../../runtime/manager/client.ts'
import { ManagerError, type ManagerFailure } from '../../../../runtime/manager/manager-error.ts'
import { startFakeProwlarr, type FakeProwlarr } from '../../../fakes/fake-prowlarr.ts'
import { rejectionOf } from '../../../helpers/rejection.ts'

// Short enough for the hang cases, long enough that a loaded machine still streams 16 MiB in time.
const SHORT = { standardMs: 1500, slowMs: 3000 }

const failureOf = async (promise: Promise<unknown>): Promise<{ failure: ManagerFailure; status?: number }> => {
  const error = await rejectionOf(promise)
  expect(error).toBeInstanceOf(ManagerError)
  return { failure: (error as ManagerError).failure, status: (error as ManagerError).status }
}

describe('manager client', () => {
  let fake: FakeProwlarr
  beforeAll(() => {
    fake = startFakeProwlarr({ urlBase: '/prowlarr' })
  })
  afterAll(() => fake.stop())
  const client = (apiKey = fake.apiKey) => createManagerClient({ url: `${fake.url}/`, apiKey, timeouts: SHORT })

  test('sends X-Api-Key and Accept: application/json below a reverse-proxy sub-path', async () => {
    fake.requests.length = 0
    await client().get('/api/v1/appprofile')
    expect(fake.requests).toEqual([
      { method: 'GET', path: '/api/v1/appprofile', search: '', apiKey: fake.apiKey, accept: 'application/json' },
    ])
  })

  test('accepts an indexer schema larger than 1 MiB, as real ones are', async () => {
    const schema = await client().get(SCHEMA_PATH)
    expect(Array.isArray(schema)).toBe(true)
    expect(JSON.stringify(schema).length).toBeGreaterThan(RESPONSE_LIMIT_BYTES)
  })

  test('posts the body as JSON and returns the parsed answer', async () => {
    const echo = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: async (request) => Response.json({ type: request.headers.get('content-type'), body: await request.json() }, { status: 201 }),
    })
    const posting = createManagerClient({ url: `http://127.0.0.1:${echo.port}`, apiKey: 'k', timeouts: SHORT })
    expect(await posting.post('/api/v1/indexer', { name: 'ICVDB' })).toEqual({ type: 'application/json', body: { name: 'ICVDB' } })
    echo.stop(true)
  })

  test('a wrong key is HTTP 401', async () => {
    expect(await failureOf(client('wrong-key').get(SCHEMA_PATH))).toEqual({ failure: 'http', status: 401 })
  })

  test('an HTTP error keeps the parsed validation array for the caller', async () => {
    try {
      await client().post('/api/v1/indexer/test', { name: '' })
    } catch (error) {
      expect((error as ManagerError).status).toBe(400)
      expect(Array.isArray((error as ManagerError).body)).toBe(true)
      return
    }
    throw new Error('expected a 400')
  })

  const faultCases: Array<[string, Parameters<FakeProwlarr['fault']>[0], string, ManagerFailure]> = [
    ['a 1 MiB response with Content-Length over the cap is too large', 'oversized', 'GET /api/v1/indexer', 'too-large'],
    ['a streamed response without Content-Length over 1 MiB is too large', 'oversized-chunked', 'GET /api/v1/indexer', 'too-large'],
    ['a schema over 16 MiB with Content-Length is too large', 'oversized', `GET ${SCHEMA_PATH}`, 'too-large'],
    ['a streamed schema over 16 MiB is too large', 'oversized-chunked', `GET ${SCHEMA_PATH}`, 'too-large'],
    ['a body that is not JSON is invalid JSON', 'invalid-json', 'GET /api/v1/indexer', 'invalid-json'],
    ['a manager that never answers times out as unreachable', 'hang', 'GET /api/v1/indexer', 'unreachable'],
    ['a body that stalls after the headers times out as unreachable', 'hang-body', 'GET /api/v1/indexer', 'unreachable'],
    ['HTTP 500 is reported with its status', 'http-500', 'GET /api/v1/indexer', 'http'],
  ]
  for (const [name, fault, route, failure] of faultCases) {
    test(name, async () => {
      fake.clearFaults()
      fake.fault(fault, route)
      const path = route.split(' ')[1]
      expect((await failureOf(client().get(path))).failure).toBe(failure)
      fake.clearFaults()
    })
  }

  test('a refused connection is unreachable', async () => {
    const stopped = startFakeProwlarr()
    await stopped.stop()
    const refused = createManagerClient({ url: stopped.url, apiKey: 'k', timeouts: SHORT })
    expect((await failureOf(refused.get(SCHEMA_PATH))).failure).toBe('unreachable')
  })

  test('a name that does not resolve is unreachable', async () => {
    const nowhere = createManagerClient({ url: 'http://prowlarr.invalid:9696', apiKey: 'k', timeouts: SHORT })
    expect((await failureOf(nowhere.get(SCHEMA_PATH))).failure).toBe('unreachable')
  })

  test('a TLS handshake against a plain HTTP port is unreachable', async () => {
    const tls = createManagerClient({ url: fake.url.replace('http:', 'https:'), apiKey: fake.apiKey, timeouts: SHORT })
    expect((await failureOf(tls.get(SCHEMA_PATH))).failure).toBe('unreachable')
  })

  test('an empty GET body is invalid JSON, an empty 2xx POST body is no data', async () => {
    const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('', { status: 200 }) })
    const empty = createManagerClient({ url: `http://127.0.0.1:${server.port}`, apiKey: 'k', timeouts: SHORT })
    expect((await failureOf(empty.get(SCHEMA_PATH))).failure).toBe('invalid-json')
    expect(await empty.post('/api/v1/indexer/test', {})).toBeUndefined()
    server.stop(true)
  })

  test('a redirect is reported, not followed, so the key never travels to another origin', async () => {
    let followed = 0
    const elsewhere = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => (followed++, new Response('[]')) })
    const redirecting = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () => Response.redirect(`http://127.0.0.1:${elsewhere.port}/x`, 302),
    })
    const redirected = createManagerClient({ url: `http://127.0.0.1:${redirecting.port}`, apiKey: 'k', timeouts: SHORT })
    expect(await failureOf(redirected.get(SCHEMA_PATH))).toEqual({ failure: 'http', status: 302 })
    expect(followed).toBe(0)
    redirecting.stop(true)
    elsewhere.stop(true)
  })

  test('a key that cannot be a header value fails before any request', async () => {
    fake.requests.length = 0
    expect((await failureOf(client('line\nbreak').get(SCHEMA_PATH))).failure).toBe('request-failed')
    expect(fake.requests).toEqual([])
  })
})

describe('manager client limits', () => {
  test('timeouts are 10 s, and 30 s for the indexer test and create', () => {
    expect(DEFAULT_TIMEOUTS).toEqual({ standardMs: 10_000, slowMs: 30_000 })
    expect(timeoutFor('GET', SCHEMA_PATH)).toBe(10_000)
    expect(timeoutFor('GET', '/api/v1/indexer')).toBe(10_000)
    expect(timeoutFor('POST', '/api/v1/indexer/test')).toBe(30_000)
    expect(timeoutFor('POST', '/api/v1/indexer')).toBe(30_000)
  })

  test('responses are capped at 1 MiB, the indexer schema at 16 MiB', () => {
    expect(limitFor('/api/v1/indexer')).toBe(1024 * 1024)
    expect(limitFor(SCHEMA_PATH)).toBe(SCHEMA_LIMIT_BYTES)
    expect(SCHEMA_LIMIT_BYTES).toBe(16 * 1024 * 1024)
  })

  test('a declared Content-Length over the cap is refused before the body is read', async () => {
    let pulled = false
    const body = new ReadableStream({ pull: (controller) => ((pulled = true), controller.close()) })
    const response = new Response(body, { headers: { 'content-length': String(RESPONSE_LIMIT_BYTES + 1) } })
    expect((await failureOf(readText(response, RESPONSE_LIMIT_BYTES))).failure).toBe('too-large')
    expect(pulled).toBe(false)
  })

  test('a body of exactly the cap is accepted, one byte more is not', async () => {
    const exact = new Response(new Uint8Array(16).fill(0x20))
    expect(await readText(exact, 16)).toBe(' '.repeat(16))
    const over = new Response(
      new ReadableStream({ start: (c) => (c.enqueue(new Uint8Array(16)), c.enqueue(new Uint8Array(1)), c.close()) }),
    )
    expect((await failureOf(readText(over, 16))).failure).toBe('too-large')
  })

  test('a body that is not UTF-8 is invalid JSON', async () => {
    expect((await failureOf(readText(new Response(new Uint8Array([0xff, 0xfe, 0x5b])), 16))).failure).toBe('invalid-json')
  })

  test.each([
    ['http://prowlarr:9696', 'http://prowlarr:9696'],
    ['http://prowlarr:9696/', 'http://prowlarr:9696'],
    ['https://nas.local/prowlarr/', 'https://nas.local/prowlarr'],
    ['http://prowlarr:9696/prowlarr?x=1#top', 'http://prowlarr:9696/prowlarr'],
    ['HTTP://Prowlarr:80/', 'http://prowlarr'],
  ])('the base URL %s becomes %s', (input, expected) => {
    expect(managerBaseUrl(input)).toBe(expected)
  })
})
