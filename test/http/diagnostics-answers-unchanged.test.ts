/**
 * Recording never changes an answer: /api answers the same bytes, status and headers with the
 * request history on and off, and a fault inside the recorder still lets the answer through.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createRequestHistory } from '../../runtime/diagnostics/request-history.ts'
import { TorznabError } from '../../runtime/torznab/errors.ts'
import { startFixtureServer } from '../helpers/fixture-server.ts'
import type { TestServer } from '../helpers/server.ts'

let on: TestServer
let off: TestServer

beforeAll(async () => {
  on = await startFixtureServer()
  off = await startFixtureServer({ env: { REQUEST_HISTORY_SIZE: '0' } })
})
afterAll(async () => {
  await on.stop()
  await off.stop()
})

const QUERIES = [
  't=caps',
  't=search&apikey=k',
  't=tvsearch&cat=5000,5030&extended=1&apikey=k',
  't=movie&imdbid=tt1375666',
  't=search&q=breaking+bad&limit=7&offset=3',
  't=tvsearch&season=x',
  't=nothing',
]

const answer = async (server: TestServer, query: string) => {
  const response = await server.fetch(`/api?${query}`, { headers: { 'user-agent': 'Sonarr/4.0.15.2941', host: 'indexer.lan:8000' } })
  const headers = [...response.headers].filter(([name]) => name !== 'date')
  return { status: response.status, headers, body: new Uint8Array(await response.arrayBuffer()) }
}

describe('recording on and off', () => {
  test.each(QUERIES)('%s: the same status, headers and bytes', async (query) => {
    expect(await answer(on, query)).toEqual(await answer(off, query))
  })

  test('off records nothing, on records every request', async () => {
    expect((await (await off.fetch('/webapi/requests')).json()).count).toBe(0)
    expect((await (await on.fetch('/webapi/requests')).json()).count).toBeGreaterThanOrEqual(QUERIES.length)
  })
})

describe('a recorder that fails', () => {
  const broken = createRequestHistory({
    redact: () => {
      throw new Error('recorder fault')
    },
  })
  const request = new Request('http://127.0.0.1/api?t=search&q=x')

  test('the answer still comes through', async () => {
    expect(await broken.observe(request, async () => 'the answer')).toBe('the answer')
  })

  test('the answer’s own error still comes through, unchanged', async () => {
    const error = new TorznabError(201, 'Incorrect parameter: q')
    await expect(broken.observe(request, async () => Promise.reject(error))).rejects.toBe(error)
  })
})
