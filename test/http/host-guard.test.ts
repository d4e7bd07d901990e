/**
 * Issue 15, defects 2, 3 and 5: DNS rebinding (a foreign Host), X-Forwarded-Host from anyone, and a
 * malformed Host header, over raw loopback sockets so the Host header is exactly what a client sent.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { HOST_NOT_ALLOWED, MALFORMED_HOST } from '../../handlers/_guards.ts'
import { rawRequest } from '../helpers/raw-http.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'

let server: TestServer | undefined
afterEach(async () => {
  await server?.stop()
  server = undefined
})

const portOf = (s: TestServer) => Number(new URL(s.url).port)
const SETTINGS = JSON.stringify({
  schema_version: 1,
  database_update: { enabled: true, interval_seconds: 86400 },
  result_processing: { preset: 'unfiltered', custom_rules: [] },
  manager: { url: '', indexer_url: '' },
})
const put = (s: TestServer, headers: string) =>
  rawRequest(
    portOf(s),
    `PUT /webapi/settings HTTP/1.1\r\n${headers}\r\nContent-Type: application/json\r\nContent-Length: ${SETTINGS.length}`,
    SETTINGS,
  )
const get = (s: TestServer, path: string, headers: string) => rawRequest(portOf(s), `GET ${path} HTTP/1.1\r\n${headers}`)

describe('the Host allow-list (DNS rebinding)', () => {
  test('a foreign name is refused on writes, reads and the UI with a sentence naming ALLOWED_HOSTS; /api stays open', async () => {
    server = startTestServer()
    const write = await put(server, 'Host: evil.example:8000\r\nOrigin: http://evil.example:8000')
    expect(write.status).toBe(403)
    expect(JSON.parse(write.body)).toEqual({ detail: HOST_NOT_ALLOWED })
    expect(HOST_NOT_ALLOWED).toContain('ALLOWED_HOSTS')
    for (const path of ['/webapi/status', '/webapi/settings', '/', '/webapi/no-such-route']) {
      expect((await get(server, path, 'Host: evil.example:8000')).status).toBe(403)
    }
    const torznab = await get(server, '/api?t=caps', 'Host: evil.example:8000')
    expect(torznab.status).toBe(200)
    expect(torznab.headers['content-type']).toContain('xml')
  })

  test('home names, IP literals, the indexer URL host and ALLOWED_HOSTS are accepted', async () => {
    server = startTestServer({
      env: { ALLOWED_HOSTS: 'icvdb.example.com,.my-domain.net', MANAGER_INDEXER_URL: 'http://indexer.example.org:8000/api' },
    })
    const names = [
      'localhost:8000',
      'nas',
      'nas.local',
      'nas.lan',
      'box.home.arpa',
      'svc.internal',
      '192.168.1.20:8000',
      '[::1]:8000',
      'icvdb.example.com',
      'a.my-domain.net',
      'indexer.example.org:8000',
      'NAS.LOCAL.',
    ]
    for (const name of names) {
      const answer = await put(server, `Host: ${name}\r\nOrigin: http://${name}`)
      expect({ name, status: answer.status }).toEqual({ name, status: 200 })
    }
    expect((await get(server, '/webapi/status', 'Host: other.example.com')).status).toBe(403)
  })
})

describe('the origin guard compares Origin with the host the browser connected to', () => {
  test('X-Forwarded-Host from an untrusted peer does not let a foreign Origin through', async () => {
    server = startTestServer()
    const answer = await put(server, 'Host: 127.0.0.1\r\nOrigin: http://evil.example\r\nX-Forwarded-Host: evil.example')
    expect(answer.status).toBe(403)
    expect(JSON.parse(answer.body)).toEqual({ detail: 'cross-origin request rejected' })
  })

  test('a port or scheme mismatch is another origin', async () => {
    server = startTestServer()
    expect((await put(server, 'Host: nas:8000\r\nOrigin: http://nas:9000')).status).toBe(403)
    expect((await put(server, 'Host: nas:8000\r\nOrigin: http://nas:8000')).status).toBe(200)
    expect((await put(server, 'Host: nas:80\r\nOrigin: https://nas')).status).toBe(403)
    // Behind a TLS proxy the browser sends Host without a port: the scheme's default is meant.
    expect((await put(server, 'Host: nas\r\nOrigin: https://nas')).status).toBe(200)
    expect((await put(server, 'Host: nas\r\nOrigin: null')).status).toBe(403)
  })

  test('with TRUSTED_PROXIES naming the peer, X-Forwarded-Host is the connected host', async () => {
    server = startTestServer({ env: { TRUSTED_PROXIES: '127.0.0.1', ALLOWED_HOSTS: 'icvdb.example.com' } })
    const proxied = 'Host: 127.0.0.1:8000\r\nX-Forwarded-Host: icvdb.example.com\r\nOrigin: https://icvdb.example.com'
    expect((await put(server, proxied)).status).toBe(200)
    expect((await put(server, 'Host: 127.0.0.1\r\nX-Forwarded-Host: evil.example\r\nOrigin: http://evil.example')).status).toBe(403)
  })
})

describe('a malformed Host header', () => {
  const MALFORMED = [
    'Host: ',
    'Host: a b',
    'Host: x:99999',
    'Host: a/b',
    'Host: a@b',
    'Host: ::1',
    'Host: %41',
    'Host: a\r\nHost: b',
    'Host: [zz',
  ]

  test('answers 400 with the project JSON (or Torznab XML on /api), no Bun page, one short log line at most', async () => {
    server = startTestServer()
    for (const host of MALFORMED) {
      const answer = await get(server, '/webapi/status', host)
      expect({ host, status: answer.status, body: answer.body }).toEqual({
        host,
        status: 400,
        body: JSON.stringify({ detail: MALFORMED_HOST }),
      })
      expect(answer.bytes).toBeLessThan(1000)
      const torznab = await get(server, '/api?t=caps', host)
      expect({ host, status: torznab.status }).toEqual({ host, status: 400 })
      expect(torznab.body).toStartWith('<?xml')
    }
    expect(server.logs.join('\n')).not.toMatch(/\n\s+at |Internal server error|unexpected error/)
  })
})
