import { afterEach, describe, expect, test } from 'bun:test'
import { readFileSync, statSync } from 'node:fs'
import { putJson, startTestServer, type TestServer } from '../helpers/server.ts'

const SECRET = 'sk-test-0123456789abcdef'

const valid = () => ({
  schema_version: 1,
  database_update: { enabled: true, interval_seconds: 3600 },
  result_processing: { preset: 'unfiltered', custom_rules: [] as unknown[] },
  manager: { url: 'http://prowlarr:9696', indexer_url: 'http://indexer:8000/api' } as Record<string, unknown>,
})

const rule = (extra: Record<string, unknown> = {}) => ({
  enabled: true,
  field: 'title',
  operator: 'contains',
  value: 'CAM',
  action: 'exclude',
  ...extra,
})

let server: TestServer
afterEach(async () => server?.stop())

const persisted = (s: TestServer) => JSON.parse(readFileSync(`${s.dataDir}/state/settings.json`, 'utf8'))

describe('GET /webapi/settings', () => {
  test('answers the defaults of schema v1 with api_key_configured instead of the key', async () => {
    server = startTestServer()
    const response = await server.fetch('/webapi/settings')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(await response.json()).toEqual({
      schema_version: 1,
      database_update: { enabled: true, interval_seconds: 86400 },
      result_processing: { preset: 'unfiltered', custom_rules: [] },
      manager: { url: '', indexer_url: '', api_key_configured: false },
    })
  })
})

describe('PUT /webapi/settings', () => {
  test('saves a valid document atomically with mode 0600 and answers the public view', async () => {
    server = startTestServer()
    const body = valid()
    body.manager.api_key = SECRET
    body.result_processing = {
      preset: 'custom',
      custom_rules: [rule(), rule({ field: 'seeders', operator: 'gte', value: 5, action: 'score', score: 10 })],
    }
    const response = await putJson(server, '/webapi/settings', body)
    expect(response.status).toBe(200)
    const answer = await response.json()
    expect(answer.manager).toEqual({ url: 'http://prowlarr:9696', indexer_url: 'http://indexer:8000/api', api_key_configured: true })
    expect(answer.result_processing.custom_rules).toHaveLength(2)
    expect(persisted(server).manager.api_key).toBe(SECRET)
    expect(Object.keys(persisted(server))).toEqual(['schema_version', 'database_update', 'result_processing', 'manager'])
    expect(statSync(`${server.dataDir}/state/settings.json`).mode & 0o777).toBe(0o600)
    expect(JSON.stringify(answer)).not.toContain(SECRET)
  })

  // product.md §4, in order: each case breaks exactly one rule of a valid document.
  const cases: Array<[string, (body: any) => unknown, string]> = [
    ['a non-object body', () => [1, 2], 'settings must be an object'],
    ['a null body', () => null, 'settings must be an object'],
    ['a missing top-level field', (b) => (delete b.manager, b), 'settings has unknown or missing fields'],
    ['an unknown top-level field', (b) => ({ ...b, extra: true }), 'settings has unknown or missing fields'],
    ['schema_version 2', (b) => ({ ...b, schema_version: 2 }), 'schema_version must be 1'],
    ['schema_version "1"', (b) => ({ ...b, schema_version: '1' }), 'schema_version must be 1'],
    ['schema_version true', (b) => ({ ...b, schema_version: true }), 'schema_version must be 1'],
    ['database_update as a list', (b) => ({ ...b, database_update: [] }), 'database_update must be an object'],
    ['database_update null', (b) => ({ ...b, database_update: null }), 'database_update must be an object'],
    [
      'database_update missing a field',
      (b) => ({ ...b, database_update: { enabled: true } }),
      'database_update has unknown or missing fields',
    ],
    [
      'database_update with an unknown field',
      (b) => ({ ...b, database_update: { ...b.database_update, cron: '* *' } }),
      'database_update has unknown or missing fields',
    ],
    [
      'enabled as a string',
      (b) => ({ ...b, database_update: { enabled: 'true', interval_seconds: 3600 } }),
      'database_update.enabled must be a boolean',
    ],
    [
      'enabled as 1',
      (b) => ({ ...b, database_update: { enabled: 1, interval_seconds: 3600 } }),
      'database_update.enabled must be a boolean',
    ],
    [
      'interval 1.5',
      (b) => ({ ...b, database_update: { enabled: true, interval_seconds: 1.5 } }),
      'database_update.interval_seconds must be between 60 and 604800',
    ],
    [
      'interval true',
      (b) => ({ ...b, database_update: { enabled: true, interval_seconds: true } }),
      'database_update.interval_seconds must be between 60 and 604800',
    ],
    [
      'interval "3600"',
      (b) => ({ ...b, database_update: { enabled: true, interval_seconds: '3600' } }),
      'database_update.interval_seconds must be between 60 and 604800',
    ],
    [
      'interval 59',
      (b) => ({ ...b, database_update: { enabled: true, interval_seconds: 59 } }),
      'database_update.interval_seconds must be between 60 and 604800',
    ],
    [
      'interval 604801',
      (b) => ({ ...b, database_update: { enabled: true, interval_seconds: 604801 } }),
      'database_update.interval_seconds must be between 60 and 604800',
    ],
    ['result_processing as a string', (b) => ({ ...b, result_processing: 'custom' }), 'result_processing must be an object'],
    [
      'result_processing with an unknown field',
      (b) => ({ ...b, result_processing: { ...b.result_processing, subtitle_language_correction: true } }),
      'result_processing has unknown or missing fields',
    ],
    [
      'an unknown preset',
      (b) => ({ ...b, result_processing: { preset: 'everything', custom_rules: [] } }),
      'result_processing.preset is invalid',
    ],
    [
      'a preset of the wrong type',
      (b) => ({ ...b, result_processing: { preset: 3, custom_rules: [] } }),
      'result_processing.preset is invalid',
    ],
    ['rules as an object', (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: {} } }), 'custom_rules must be a list'],
    [
      'a list of 101 rules',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: Array.from({ length: 101 }, () => rule()) } }),
      'custom_rules cannot exceed 100 entries',
    ],
    [
      'a rule that is a string',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: [rule(), 'x'] } }),
      'rule 1 must be an object',
    ],
    [
      'a rule with an unknown field',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: [rule({ regex: '.*' })] } }),
      'rule 0 has invalid fields',
    ],
    [
      'a rule missing its action',
      (b) => ({
        ...b,
        result_processing: { preset: 'custom', custom_rules: [{ enabled: true, field: 'title', operator: 'contains', value: 'x' }] },
      }),
      'rule 0 has invalid fields',
    ],
    [
      'enabled as 1 in a rule',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: [rule({ enabled: 1 })] } }),
      'rule 0 enabled must be a boolean',
    ],
    [
      'an unknown field name',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: [rule({ field: 'codec' })] } }),
      'rule 0 has an invalid field',
    ],
    [
      'a field given as a list',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: [rule({ field: ['title'] })] } }),
      'rule 0 has an invalid field',
    ],
    [
      'a regex operator',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: [rule({ operator: 'regex' })] } }),
      'rule 0 has an invalid operator',
    ],
    [
      'gte on a text field',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: [rule({ operator: 'gte' })] } }),
      'rule 0 has an invalid operator',
    ],
    [
      'contains on a number field',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: [rule({ field: 'seeders', value: 1 })] } }),
      'rule 0 has an invalid operator',
    ],
    [
      'an action drop',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: [rule({ action: 'drop' })] } }),
      'rule 0 has an invalid action',
    ],
    [
      'an empty text value',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: [rule({ value: '' })] } }),
      'rule 0 requires a bounded text value',
    ],
    [
      'a 513-character value',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: [rule({ value: 'x'.repeat(513) })] } }),
      'rule 0 requires a bounded text value',
    ],
    [
      'a numeric text value',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: [rule({ value: 5 })] } }),
      'rule 0 requires a bounded text value',
    ],
    [
      'a boolean numeric value',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: [rule({ field: 'size', operator: 'gte', value: true })] } }),
      'rule 0 requires a finite numeric value',
    ],
    [
      'a "NaN" numeric value',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: [rule({ field: 'size', operator: 'gte', value: 'NaN' })] } }),
      'rule 0 requires a finite numeric value',
    ],
    [
      'a score action without score',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: [rule(), rule({ action: 'score' })] } }),
      'rule 1 score action requires a score',
    ],
    [
      'a score of "10"',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: [rule({ action: 'score', score: '10' })] } }),
      'rule 0 score action requires a score',
    ],
    [
      'a score of 1001',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: [rule({ action: 'score', score: 1001 })] } }),
      'rule 0 score is out of range',
    ],
    [
      'an exclude rule with a score',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: [rule({ score: 1 })] } }),
      'rule 0 exclude action cannot define a score',
    ],
    [
      'an exclude rule with a null score',
      (b) => ({ ...b, result_processing: { preset: 'custom', custom_rules: [rule({ score: null })] } }),
      'rule 0 exclude action cannot define a score',
    ],
    ['manager as a list', (b) => ({ ...b, manager: [] }), 'manager must be an object'],
    ['manager without indexer_url', (b) => ({ ...b, manager: { url: '' } }), 'manager has unknown or missing fields'],
    ['manager with an unknown field', (b) => ({ ...b, manager: { ...b.manager, password: 'x' } }), 'manager has unknown or missing fields'],
    [
      'an ftp manager URL',
      (b) => ({ ...b, manager: { ...b.manager, url: 'ftp://prowlarr' } }),
      'manager.url must be an absolute HTTP URL without credentials',
    ],
    [
      'a URL with credentials',
      (b) => ({ ...b, manager: { ...b.manager, url: 'http://user:pass@prowlarr:9696' } }),
      'manager.url must be an absolute HTTP URL without credentials',
    ],
    [
      'a relative URL',
      (b) => ({ ...b, manager: { ...b.manager, url: 'prowlarr:9696' } }),
      'manager.url must be an absolute HTTP URL without credentials',
    ],
    [
      'a URL with spaces around it',
      (b) => ({ ...b, manager: { ...b.manager, url: ' http://prowlarr:9696' } }),
      'manager.url must be an absolute HTTP URL without credentials',
    ],
    [
      'a URL of 2049 characters',
      (b) => ({ ...b, manager: { ...b.manager, url: `http://p/${'a'.repeat(2040)}` } }),
      'manager.url must be an absolute HTTP URL without credentials',
    ],
    [
      'a numeric URL',
      (b) => ({ ...b, manager: { ...b.manager, url: 9696 } }),
      'manager.url must be an absolute HTTP URL without credentials',
    ],
    [
      'an indexer URL without host',
      (b) => ({ ...b, manager: { ...b.manager, indexer_url: 'https:///api' } }),
      'manager.indexer_url must be an absolute HTTP URL without credentials',
    ],
    [
      'an API key of 4097 characters',
      (b) => ({ ...b, manager: { ...b.manager, api_key: 'k'.repeat(4097) } }),
      'manager.api_key must be a bounded string',
    ],
    [
      'an API key that is a number',
      (b) => ({ ...b, manager: { ...b.manager, api_key: 12345 } }),
      'manager.api_key must be a bounded string',
    ],
  ]

  for (const [name, mutate, message] of cases) {
    test(`rejects ${name} with 422 "${message}" and leaves the file untouched`, async () => {
      server = startTestServer()
      const before = readFileSync(`${server.dataDir}/state/settings.json`, 'utf8')
      const response = await putJson(server, '/webapi/settings', mutate(valid()))
      expect(response.status).toBe(422)
      expect(await response.json()).toEqual({ detail: message })
      expect(readFileSync(`${server.dataDir}/state/settings.json`, 'utf8')).toBe(before)
    })
  }

  test('checks in product.md order: the first broken rule is the one reported', async () => {
    server = startTestServer()
    const body: any = valid()
    body.database_update.interval_seconds = 1.5
    body.manager.url = 'ftp://x'
    const response = await putJson(server, '/webapi/settings', body)
    expect(await response.json()).toEqual({ detail: 'database_update.interval_seconds must be between 60 and 604800' })
  })

  test('treats 1e999 (Infinity after JSON parsing) as out of range, never a 500', async () => {
    server = startTestServer()
    const text = JSON.stringify(valid()).replace('3600', '1e999')
    const response = await putJson(server, '/webapi/settings', text)
    expect(response.status).toBe(422)
    expect((await response.json()).detail).toBe('database_update.interval_seconds must be between 60 and 604800')
    const rules = JSON.stringify({
      ...valid(),
      result_processing: { preset: 'custom', custom_rules: [rule({ field: 'size', operator: 'gte', value: 0 })] },
    }).replace('"value":0', '"value":-1e999')
    const second = await putJson(server, '/webapi/settings', rules)
    expect(await second.json()).toEqual({ detail: 'rule 0 requires a finite numeric value' })
  })

  test('ignores api_key_configured in the body whatever its value', async () => {
    server = startTestServer()
    const body = valid()
    body.manager.api_key_configured = 'yes please'
    const response = await putJson(server, '/webapi/settings', body)
    expect(response.status).toBe(200)
    expect((await response.json()).manager.api_key_configured).toBe(false)
  })

  test('answers malformed JSON with 422 "request body must be valid JSON"', async () => {
    server = startTestServer()
    for (const text of ['{', '', 'NaN', "{'a':1}"]) {
      const response = await putJson(server, '/webapi/settings', text)
      expect(response.status).toBe(422)
      expect(await response.json()).toEqual({ detail: 'request body must be valid JSON' })
    }
  })

  test('answers a body over 1 MiB with 413, by Content-Length and by counting a chunked stream', async () => {
    server = startTestServer()
    const big = JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 10) })
    const declared = await putJson(server, '/webapi/settings', big)
    expect(declared.status).toBe(413)
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(300 * 1024)))
        controller.close()
      },
    })
    const chunked = await server.fetch('/webapi/settings', { method: 'PUT', body: stream, headers: { 'content-type': 'application/json' } })
    expect(chunked.status).toBe(413)
    expect((await chunked.json()).detail).toBe('request body is too large')
  })
})

describe('the write-only API key (interface.md §4.2)', () => {
  const withKey = (key?: string) => {
    const body = valid()
    if (key !== undefined) body.manager.api_key = key
    return body
  }

  test('omitted keeps the stored key, a new value replaces it, "" clears it', async () => {
    server = startTestServer()
    await putJson(server, '/webapi/settings', withKey(SECRET))
    expect(persisted(server).manager.api_key).toBe(SECRET)
    const kept = await (await putJson(server, '/webapi/settings', withKey())).json()
    expect(kept.manager.api_key_configured).toBe(true)
    expect(persisted(server).manager.api_key).toBe(SECRET)
    await putJson(server, '/webapi/settings', withKey('replacement-key'))
    expect(persisted(server).manager.api_key).toBe('replacement-key')
    const cleared = await (await putJson(server, '/webapi/settings', withKey(''))).json()
    expect(cleared.manager.api_key_configured).toBe(false)
    expect(persisted(server).manager.api_key).toBe('')
  })

  test('an environment key stays effective after the persisted key is cleared, and is never persisted', async () => {
    server = startTestServer({ env: { MANAGER_API_KEY: 'env-secret-key', MANAGER_URL: 'http://prowlarr:9696' } })
    await putJson(server, '/webapi/settings', withKey(SECRET))
    const cleared = await (await putJson(server, '/webapi/settings', withKey(''))).json()
    expect(cleared.manager.api_key_configured).toBe(true)
    expect(persisted(server).manager.api_key).toBe('')
    const status = await (await server.fetch('/webapi/status')).json()
    expect(status.manager.configured).toBe(true)
  })

  test('a URL that carries the key (sent now or kept) is refused, so no read can show it', async () => {
    server = startTestServer()
    const inQuery = withKey(SECRET)
    inQuery.manager.url = `http://prowlarr:9696/?apikey=${SECRET}`
    const refused = await putJson(server, '/webapi/settings', inQuery)
    expect([refused.status, await refused.json()]).toEqual([
      422,
      { detail: 'manager.url must be an absolute HTTP URL without credentials' },
    ])
    await putJson(server, '/webapi/settings', withKey(SECRET))
    const kept = withKey()
    kept.manager.indexer_url = `http://indexer:8000/${Buffer.from(SECRET).toString('base64url')}/api`
    const keptRefused = await putJson(server, '/webapi/settings', kept)
    expect([keptRefused.status, await keptRefused.json()]).toEqual([
      422,
      { detail: 'manager.indexer_url must be an absolute HTTP URL without credentials' },
    ])
    // A URL sharing only a word with the key is its own (key-for-the-first-prowlarr, http://prowlarr:9696).
    const sharing = withKey('key-for-the-first-prowlarr')
    sharing.manager.url = 'http://prowlarr:9696'
    expect((await putJson(server, '/webapi/settings', sharing)).status).toBe(200)
  })

  test('neither the stored nor the environment key appears in any response body or log line', async () => {
    server = startTestServer({ env: { MANAGER_API_KEY: 'env-secret-key' } })
    await putJson(server, '/webapi/settings', withKey(SECRET))
    const paths = ['/webapi/settings', '/webapi/status', '/webapi/result-processing', '/webapi/manager/status', '/webapi/updater']
    for (const path of paths) {
      const text = await (await server.fetch(path)).text()
      expect(text).not.toContain(SECRET)
      expect(text).not.toContain('env-secret-key')
    }
    server.ctx.log.info(`diagnostic with ${SECRET} and env-secret-key and apikey=abc123 and http://u:p@host/`)
    const logs = server.logs.join('\n')
    expect(logs).not.toContain(SECRET)
    expect(logs).not.toContain('env-secret-key')
    expect(logs).not.toContain('abc123')
    expect(logs).not.toContain('u:p@')
  })
})

describe('environment overrides (interface.md §2.6)', () => {
  const env = {
    DB_AUTO_UPDATE: 'off',
    DB_UPDATE_INTERVAL: '7200',
    RESULT_PRESET: 'italian_only',
    MANAGER_URL: 'http://env-prowlarr:9696',
    MANAGER_INDEXER_URL: 'http://env-indexer:8000/api',
  }

  test('win over the file in every read', async () => {
    server = startTestServer({ env })
    const settings = await (await server.fetch('/webapi/settings')).json()
    expect(settings.database_update).toEqual({ enabled: false, interval_seconds: 7200 })
    expect(settings.result_processing.preset).toBe('italian_only')
    expect(settings.manager.url).toBe('http://env-prowlarr:9696')
    const status = await (await server.fetch('/webapi/status')).json()
    expect(status.updater.enabled).toBe(false)
    expect(status.result_processing.preset).toBe('italian_only')
  })

  test('a GET→PUT round trip never writes environment values to the file', async () => {
    server = startTestServer({ env })
    const before = persisted(server)
    const roundTrip = await (await server.fetch('/webapi/settings')).json()
    const response = await putJson(server, '/webapi/settings', roundTrip)
    expect(response.status).toBe(200)
    expect(persisted(server)).toEqual(before)
    expect((await response.json()).database_update.interval_seconds).toBe(7200)
  })
})

describe('GET and PUT /webapi/result-processing', () => {
  test('round trips the object and persists it', async () => {
    server = startTestServer()
    const body = {
      preset: 'custom',
      custom_rules: [
        rule(),
        rule({ field: 'provider', operator: 'equals', value: 'TNTVillage', action: 'score', score: -50, enabled: false }),
      ],
    }
    const response = await putJson(server, '/webapi/result-processing', body)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(body)
    expect(await (await server.fetch('/webapi/result-processing')).json()).toEqual(body)
    expect(persisted(server).result_processing).toEqual(body)
    const status = await (await server.fetch('/webapi/status')).json()
    expect(status.result_processing).toEqual({ preset: 'custom', custom_rule_count: 2 })
  })

  test('persists the submitted preset but answers the environment preset, which still wins', async () => {
    server = startTestServer({ env: { RESULT_PRESET: 'italian_preferred' } })
    const response = await putJson(server, '/webapi/result-processing', { preset: 'unfiltered', custom_rules: [] })
    expect((await response.json()).preset).toBe('italian_preferred')
    expect(persisted(server).result_processing.preset).toBe('unfiltered')
  })

  const invalid: Array<[unknown, string]> = [
    [[], 'result_processing must be an object'],
    [{ preset: 'custom' }, 'result_processing has unknown or missing fields'],
    [{ preset: 'custom', custom_rules: [], extra: 1 }, 'result_processing has unknown or missing fields'],
    [{ preset: 'nope', custom_rules: [] }, 'result_processing.preset is invalid'],
    [{ preset: 'custom', custom_rules: [rule({ operator: 'matches' })] }, 'rule 0 has an invalid operator'],
    [{ preset: 'custom', custom_rules: [rule(), rule(), rule({ action: 'boost' })] }, 'rule 2 has an invalid action'],
  ]
  for (const [body, message] of invalid) {
    test(`rejects ${JSON.stringify(body).slice(0, 60)} with 422 "${message}"`, async () => {
      server = startTestServer()
      const response = await putJson(server, '/webapi/result-processing', body)
      expect(response.status).toBe(422)
      expect(await response.json()).toEqual({ detail: message })
    })
  }
})
