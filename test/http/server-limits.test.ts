/**
 * Issue 15, defects 4 and 6: the server's own limits fit the longest request (an indexer install
 * whose test takes more than Bun's default 10 s idle timeout), every oversize body gets
 * {"detail"}, an interrupted body logs one line with a reason, and the sanitizer sees the key
 * URL-encoded, in base64, split, or cut by the 300-character limit.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { connect } from 'node:net'
import { IDLE_TIMEOUT_SECONDS } from '../../runtime/http-server.ts'
import { startRecordingManager, type RecordingManager } from '../fakes/recording-manager.ts'
import { putJson, startTestServer, type TestServer } from '../helpers/server.ts'

const KEY = 'f00dfacecafe4b1d8e2a9c3b7d6e5f41'
let manager: RecordingManager
let server: TestServer

const configure = () =>
  putJson(server, '/webapi/settings', {
    schema_version: 1,
    database_update: { enabled: true, interval_seconds: 86400 },
    result_processing: { preset: 'unfiltered', custom_rules: [] },
    manager: { url: manager.url, indexer_url: 'http://icvdb:8000/api', api_key: KEY },
  })
const validationFailure = (message: string) => () =>
  Response.json([{ propertyName: '', errorMessage: message, severity: 'error' }], { status: 400 })

beforeEach(async () => {
  manager = startRecordingManager()
  server = startTestServer({ managerTimeouts: { standardMs: 20_000, slowMs: 20_000 } })
  expect((await configure()).status).toBe(200)
})
afterEach(async () => {
  await server.stop()
  await manager.stop()
})

test(
  'an indexer test that takes 12 s ends in a 502 answer, not a reset connection',
  async () => {
    expect(IDLE_TIMEOUT_SECONDS).toBeGreaterThan(30)
    manager.answer('POST /api/v1/indexer/test', async () => {
      await Bun.sleep(12_000)
      return validationFailure('Unable to connect to indexer')()
    })
    const response = await server.fetch('/webapi/manager/indexer', { method: 'POST' })
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({ detail: 'Manager request failed' })
  },
  { timeout: 30_000 },
)

describe('request bodies', () => {
  test('a body over Bun’s old 2 MiB cap gets the 413 {"detail"} of the handler, declared or streamed', async () => {
    const declared = await server.fetch('/webapi/settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(3 * 1024 * 1024),
    })
    expect(declared.status).toBe(413)
    expect(await declared.json()).toEqual({ detail: 'request body is too large' })
  })

  test('an interrupted body logs one line with its reason and no "unexpected error"', async () => {
    const port = Number(new URL(server.url).port)
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          'PUT /webapi/settings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"schema_version":',
        )
        setTimeout(() => socket.destroy(), 200)
      })
      socket.on('close', () => resolve())
    })
    await Bun.sleep(300)
    expect(server.logs.join('\n')).toMatch(/PUT \/webapi\/settings: the request body was interrupted before it was complete \(\S/)
    expect(server.logs.join('\n')).not.toContain('unexpected error')
    for (const line of server.logs.filter((entry) => / (error|warn) /.test(entry))) expect(line).toMatch(/: \S/)
  })
})

test('an unexpected failure answers the project JSON or Torznab XML, and logs one line with its reason and place', async () => {
  const effective = server.ctx.settings.effective.bind(server.ctx.settings)
  server.ctx.settings.effective = () => {
    throw new TypeError('settings exploded')
  }
  const page = await server.fetch('/webapi/status')
  expect(page.status).toBe(500)
  expect(page.headers.get('content-type')).toContain('application/json')
  expect(await page.json()).toEqual({ detail: 'Internal server error' })
  const torznab = await server.fetch('/api?t=search&q=x')
  expect(await torznab.text()).toContain('<error code="900" description="Internal error"/>')
  server.ctx.settings.effective = effective
  const lines = server.logs.filter((line) => line.includes('unexpected error'))
  expect(lines).toHaveLength(2)
  for (const line of lines) expect(line).toMatch(/unexpected error on GET \/(webapi\/status|api): TypeError: settings exploded \(at .+\)$/)
})

describe('the sanitizer (manager reasons reaching /webapi/manager/status and the log)', () => {
  const FORMS: Array<[string, string]> = [
    [
      'URL-encoded',
      `Indexer answered for https://x/api?apikey=%${encodeURIComponent(KEY)
        .split('')
        .map((c) => c.charCodeAt(0).toString(16))
        .join('%')}`,
    ],
    ['cut by the 300-character limit', `${'The indexer test failed because '.repeat(9)}key=${KEY}`],
    ['in base64', `Authorization header was ${Buffer.from(`user:${KEY}`).toString('base64')}`],
    ['split by whitespace', `the key ${KEY.slice(0, 16)} ${KEY.slice(16)} was refused`],
    ['an 8-character piece', `key starting ${KEY.slice(3, 11)}… is wrong`],
    ['hex-encoded', `key ${Buffer.from(KEY).toString('hex')} is wrong`],
  ]
  for (const [name, message] of FORMS) {
    test(`the key ${name} becomes "Manager request failed"`, async () => {
      manager.answer('POST /api/v1/indexer/test', validationFailure(message))
      expect((await server.fetch('/webapi/manager/indexer', { method: 'POST' })).status).toBe(502)
      const status = await (await server.fetch('/webapi/status')).json()
      expect(status.manager.error).toBe('Manager request failed')
      const everything = `${JSON.stringify(status)}\n${server.logs.join('\n')}`
      for (let start = 0; start + 10 <= KEY.length; start++) expect(everything).not.toContain(KEY.slice(start, start + 10))
    })
  }
})
