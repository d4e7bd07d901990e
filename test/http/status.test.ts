import { afterEach, describe, expect, test } from 'bun:test'
import { createApp } from '../../handlers/app.ts'
import { putJson, startTestServer, type TestServer } from '../helpers/server.ts'

let server: TestServer
afterEach(async () => server?.stop())

describe('GET /webapi/status', () => {
  test('answers the aggregate status with initial updater and manager values', async () => {
    server = startTestServer()
    const response = await server.fetch('/webapi/status')
    expect(response.status).toBe(200)
    const status = await response.json()
    expect(status).toMatchObject({
      api_version: 1,
      application_version: expect.any(String),
      database: { connected: false },
      updater: { installed_version: null, latest_version: null, enabled: true, updating: false, maintenance: false, last_error: null },
      result_processing: { preset: 'unfiltered', custom_rule_count: 0 },
      manager: { configured: false, connected: null, indexer_installed: null, error: null },
    })
    expect(Object.keys(status.updater).sort()).toEqual(
      ['enabled', 'installed_version', 'last_check', 'last_error', 'latest_version', 'maintenance', 'next_check', 'updating'].sort(),
    )
  })

  test('reports manager.configured only when both URL and key are effective', async () => {
    server = startTestServer({ env: { MANAGER_URL: 'http://prowlarr:9696' } })
    expect((await (await server.fetch('/webapi/status')).json()).manager.configured).toBe(false)
    await putJson(server, '/webapi/settings', {
      schema_version: 1,
      database_update: { enabled: true, interval_seconds: 86400 },
      result_processing: { preset: 'unfiltered', custom_rules: [] },
      manager: { url: '', indexer_url: '', api_key: 'abc' },
    })
    expect((await (await server.fetch('/webapi/status')).json()).manager.configured).toBe(true)
  })
})

describe('the maintenance gate', () => {
  test('answers every route with 503, Retry-After: 5 and the JSON detail while the switch runs', async () => {
    server = startTestServer()
    server.ctx.maintenance.active = true
    for (const [method, path] of [
      ['GET', '/webapi/status'],
      ['GET', '/api?t=caps'],
      ['GET', '/'],
      ['PUT', '/webapi/settings'],
      ['POST', '/webapi/manager/test'],
      ['GET', '/no/such/page'],
    ]) {
      const response = await server.fetch(path, { method })
      expect(response.status).toBe(503)
      expect(response.headers.get('retry-after')).toBe('5')
      expect(await response.json()).toEqual({ detail: 'Database update in progress' })
    }
    server.ctx.maintenance.active = false
    expect((await server.fetch('/webapi/status')).status).toBe(200)
  })
})

describe('the cross-origin guard', () => {
  const body = JSON.stringify({ preset: 'unfiltered', custom_rules: [] })

  test('refuses a PUT whose Origin names another host with 403', async () => {
    server = startTestServer()
    const response = await server.fetch('/webapi/result-processing', { method: 'PUT', body, headers: { origin: 'http://evil.example' } })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ detail: 'cross-origin request rejected' })
  })

  test('refuses the opaque "null" origin and accepts the same origin or none', async () => {
    server = startTestServer()
    const refused = await server.fetch('/webapi/result-processing', { method: 'PUT', body, headers: { origin: 'null' } })
    expect(refused.status).toBe(403)
    const same = await server.fetch('/webapi/result-processing', { method: 'PUT', body, headers: { origin: server.url } })
    expect(same.status).toBe(200)
    const none = await server.fetch('/webapi/result-processing', { method: 'PUT', body })
    expect(none.status).toBe(200)
  })

  test('never blocks reads, whatever their Origin', async () => {
    server = startTestServer()
    const response = await server.fetch('/webapi/status', { headers: { origin: 'http://evil.example' } })
    expect(response.status).toBe(200)
  })
})

describe('routing', () => {
  test('answers an unknown /webapi path with 404 JSON and a wrong method with 405', async () => {
    server = startTestServer()
    const missing = await server.fetch('/webapi/nothing')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ detail: 'Not Found' })
    const wrong = await server.fetch('/webapi/status', { method: 'DELETE' })
    expect(wrong.status).toBe(405)
    expect(await wrong.json()).toEqual({ detail: 'Method Not Allowed' })
    // RFC 9110 §15.5.6: a 405 names the methods the resource has.
    expect(wrong.headers.get('allow')).toBe('GET, HEAD')
    expect((await server.fetch('/webapi/settings', { method: 'OPTIONS' })).headers.get('allow')).toBe('GET, HEAD, PUT')
    const torznab = await server.fetch('/api', { method: 'POST' })
    expect([torznab.status, torznab.headers.get('allow'), torznab.headers.get('content-type')]).toEqual([
      405,
      'GET, HEAD',
      'application/xml; charset=utf-8',
    ])
  })

  test('marks API answers as not cacheable', async () => {
    server = startTestServer()
    expect((await server.fetch('/webapi/settings')).headers.get('cache-control')).toBe('no-store')
  })
})

describe('createApp', () => {
  test('is embeddable: a second Bun.serve mounting { fetch } answers the same API', async () => {
    server = startTestServer()
    const app = createApp(server.ctx)
    const host = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => app.fetch(request) })
    try {
      const response = await fetch(`http://127.0.0.1:${host.port}/webapi/settings`)
      expect(response.status).toBe(200)
      expect((await response.json()).schema_version).toBe(1)
      const caps = await fetch(`http://127.0.0.1:${host.port}/api?t=caps`)
      expect(await caps.text()).toContain('<caps>')
    } finally {
      host.stop(true)
    }
  })
})
