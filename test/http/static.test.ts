/** The embedded UI over real HTTP: exact-key assets, the SPA fallback rules, caching, HEAD, traversal. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { connect } from 'node:net'
import { gunzipSync } from 'node:zlib'
import { bundleUi, writeUiModule } from '../../build.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
let scriptPath: string
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }

beforeAll(async () => {
  writeUiModule(await bundleUi())
  server = startTestServer()
  const index = await (await server.fetch('/', { headers: HTML })).text()
  scriptPath = /src="\.?(\/assets\/[^"]+\.js)"/.exec(index)?.[1] ?? ''
})
afterAll(() => server.stop())

/** Sends a request line byte for byte (fetch would normalise the path before sending it). */
const rawGet = (path: string, accept = HTML.accept): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const { port } = new URL(server.url)
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: ${accept}\r\nConnection: close\r\n\r\n`),
    )
    let data = ''
    socket.on('data', (chunk) => (data += chunk))
    socket.on('end', () => resolve({ status: Number(data.split(' ')[1]), body: data.split('\r\n\r\n').slice(1).join('\r\n\r\n') }))
    socket.on('error', reject)
  })

describe('index.html', () => {
  test('GET / for a browser serves the app shell with no-cache and a frame-blocking CSP', async () => {
    const response = await server.fetch('/', { headers: HTML })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    const body = await response.text()
    expect(body).toContain('<div id="app"></div>')
    expect(scriptPath).toMatch(/^\/assets\/[\w-]+\.js$/)
  })

  test('every client route answers a browser navigation with the same index.html', async () => {
    const index = await (await server.fetch('/', { headers: HTML })).text()
    for (const route of ['/settings', '/result-processing', '/search', '/search?q=Breaking+Bad']) {
      const response = await server.fetch(route, { headers: HTML })
      expect(response.status).toBe(200)
      expect(await response.text()).toBe(index)
    }
  })

  test('/ for a non-HTML client (curl) is a short plain-text pointer at the UI and the APIs', async () => {
    const variants: Record<string, string>[] = [{}, { accept: '*/*' }, { accept: 'text/plain' }]
    for (const headers of variants) {
      const response = await server.fetch('/', { headers })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
      const text = await response.text()
      expect(text).toContain(`Web UI:   open ${server.url}/ in a browser`)
      expect(text).toContain(`${server.url}/api?t=caps`)
      expect(text).toContain(`${server.url}/webapi/status`)
    }
  })

  test('a client route requested without text/html in Accept is a JSON 404, not HTML', async () => {
    for (const route of ['/', '/settings']) {
      const response = await server.fetch(route, { headers: { accept: route === '/' ? 'application/json' : '*/*' } })
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ detail: 'Not Found' })
    }
  })

  test('paths that are not client routes get no SPA fallback, even from a browser', async () => {
    for (const path of ['/unknown', '/settings/extra', '/search.php', '/assets/missing-abc.js', '/favicon.ico']) {
      const response = await server.fetch(path, { headers: HTML })
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).toStartWith('application/json')
      expect(await response.json()).toEqual({ detail: 'Not Found' })
    }
  })

  test('an unchanged index.html revalidates to 304 through its ETag', async () => {
    const first = await server.fetch('/', { headers: HTML })
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toMatch(/^".+"$/)
    const second = await server.fetch('/settings', { headers: { ...HTML, 'if-none-match': etag } })
    expect(second.status).toBe(304)
    expect(await second.text()).toBe('')
  })

  test('HEAD / returns the headers of GET / and no body', async () => {
    const get = await server.fetch('/', { headers: HTML })
    const getLength = (await get.arrayBuffer()).byteLength
    const head = await server.fetch('/', { method: 'HEAD', headers: HTML })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(Number(head.headers.get('content-length'))).toBe(getLength)
    expect((await head.arrayBuffer()).byteLength).toBe(0)
  })
})

describe('hashed assets', () => {
  test('a hashed script is served by exact key with a one-year immutable cache', async () => {
    const response = await server.fetch(scriptPath, { headers: { accept: '*/*' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toStartWith('text/javascript')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await response.text()).length).toBeGreaterThan(1000)
  })

  test('a client that accepts gzip gets the gzipped bytes of the same script', async () => {
    const plain = new Uint8Array(await (await server.fetch(scriptPath, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer())
    const response = await server.fetch(scriptPath, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit)
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('vary')).toBe('accept-encoding')
    const gzipped = new Uint8Array(await response.arrayBuffer())
    expect(gzipped.byteLength).toBeLessThan(plain.byteLength)
    expect(new Uint8Array(gunzipSync(gzipped))).toEqual(plain)
  })

  test('HEAD on an asset answers its length without a body', async () => {
    const response = await server.fetch(scriptPath, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } })
    expect(response.status).toBe(200)
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(1000)
    expect((await response.arrayBuffer()).byteLength).toBe(0)
  })
})

describe('nothing escapes the embedded assets', () => {
  const attempts = [
    '/..%2f..%2fetc%2fpasswd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/%2E%2E/%2E%2E/package.json',
    '/assets/..%2f..%2fpackage.json',
    '/%5c..%5cpackage.json',
    '/assets%5c..%5cbuild.ts',
    '/index.html%00',
    '/%00',
    '/settings%00.html',
    '/static/app.tsx',
    '/package.json',
    '/runtime/main.ts',
    '//etc/passwd',
  ]
  for (const path of attempts) {
    test(`${path} is a JSON 404`, async () => {
      const response = await rawGet(path)
      expect(response.status).toBe(404)
      expect(JSON.parse(response.body)).toEqual({ detail: 'Not Found' })
    })
  }
})

describe('/api and /webapi are never shadowed', () => {
  test('an unknown /webapi path from a browser is a JSON 404', async () => {
    const response = await server.fetch('/webapi/nope', { headers: HTML })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ detail: 'Not Found' })
  })

  test('/api from a browser is answered by the Torznab handler, not index.html', async () => {
    const response = await server.fetch('/api?t=caps', { headers: HTML })
    expect(response.headers.get('content-type')).toStartWith('application/xml')
  })

  test('a POST to a client route is not served the UI', async () => {
    const response = await server.fetch('/settings', { method: 'POST', headers: HTML })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ detail: 'Not Found' })
  })
})
