/**
 * Seeded random requests for the fuzz suite: Torznab queries, JSON API reads, broken settings and
 * rules documents, manager commands, odd methods, paths and headers. Never contains the manager key.
 */

export type Random = () => number

/** mulberry32: a small seeded generator, so a failing run can be replayed with its seed. */
export const seeded = (seed: number): Random => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface FuzzRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: string | Uint8Array<ArrayBuffer>
  /** Sent on a raw socket with this Host line (malformed on purpose). */
  rawHost?: string
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]
const chance = (random: Random, p: number) => random() < p
const integer = (random: Random, max: number) => Math.floor(random() * max)

const WORDS = [
  'Breaking',
  'Bad',
  'the',
  'Gomorra',
  'S01E01',
  '1080p',
  'ITA',
  'ENG',
  'matrix',
  '2020',
  'Lo Hobbit',
  'è',
  '東京',
  '💥',
  '"',
  "'",
  '%',
  '&',
  '<x>',
  ']]>',
  '\\',
  'NULL',
  '*',
  'AND',
  'OR',
  '-',
  '(',
  ')',
]
const CODE_POINTS = [0x0, 0x9, 0x1f, 0x7f, 0xa0, 0xfeff, 0xfffe, 0xd7ff, 0xe000, 0x10ffff]

const text = (random: Random, maxWords = 6): string => {
  const words = Array.from({ length: integer(random, maxWords) + 1 }, () => pick(random, WORDS))
  if (chance(random, 0.1)) words.push(String.fromCodePoint(pick(random, CODE_POINTS)))
  if (chance(random, 0.03)) words.push('x'.repeat(integer(random, 3000)))
  return words.join(pick(random, [' ', '.', '+', '_', '']))
}

const numberish = (random: Random): string =>
  pick(random, ['0', '1', '-1', '100', '99999999999999999999', '1e9', '1.5', 'abc', '', ' 5', '0x10', 'NaN', String(integer(random, 5000))])

const TORZNAB_FUNCTIONS = ['search', 'tvsearch', 'movie', 'caps', 'music', 'book', '', 'SEARCH', 'tv-search', 'details']

const torznab = (random: Random): FuzzRequest => {
  const params = new URLSearchParams()
  if (chance(random, 0.95)) params.set('t', pick(random, TORZNAB_FUNCTIONS))
  if (chance(random, 0.6)) params.set('q', text(random))
  if (chance(random, 0.4))
    params.set(
      'cat',
      Array.from({ length: integer(random, 4) + 1 }, () =>
        pick(random, ['2000', '5000', '5030', '5040', '2045', '8000', 'x', '', '-1']),
      ).join(','),
    )
  if (chance(random, 0.3)) params.set('imdbid', pick(random, ['tt0903747', '0903747', 'tt', 'tt99999999999', text(random, 1)]))
  if (chance(random, 0.2)) params.set('tvdbid', numberish(random))
  if (chance(random, 0.3)) params.set('season', pick(random, ['1', '2', '0', 'S01', '2024', numberish(random)]))
  if (chance(random, 0.3)) params.set('ep', pick(random, ['1', '05', '0', '12/25', numberish(random)]))
  for (const name of ['limit', 'offset', 'extended', 'apikey', 'attrs', 'o'] as const)
    if (chance(random, 0.2)) params.set(name, numberish(random))
  let query = params.toString()
  if (chance(random, 0.1)) query += pick(random, ['&%zz', '&&&', '&=', '&t', '&q=%FF%FE', '&q=%00', `&${'a'.repeat(200)}=1`])
  return { method: pick(random, ['GET', 'GET', 'GET', 'HEAD']), path: `/api?${query}`, headers: {} }
}

const RULE_FIELDS = ['title', 'provider', 'size', 'seeders', 'imdb', '', 1]
const rule = (random: Random): unknown => {
  if (chance(random, 0.1)) return pick(random, [null, 'rule', 5, [], {}])
  const action = pick(random, ['exclude', 'score', 'drop', 1])
  const entry: Record<string, unknown> = {
    enabled: pick(random, [true, false, 'yes', 1]),
    field: pick(random, RULE_FIELDS),
    operator: pick(random, ['contains', 'not_contains', 'equals', 'gte', 'lte', 'regex']),
    value: pick(random, [text(random, 2), 5, -1e308, 1e308, '', null, true, [1]]),
    action,
  }
  if (action === 'score' || chance(random, 0.1)) entry.score = pick(random, [10, -1000, 1001, 'ten', 0.5])
  if (chance(random, 0.05)) entry.extra = 1
  return entry
}

const resultProcessing = (random: Random): unknown => ({
  preset: pick(random, ['unfiltered', 'italian_preferred', 'italian_only', 'custom', 'Custom', 3]),
  custom_rules: chance(random, 0.05)
    ? Array.from({ length: 101 }, () => rule(random))
    : Array.from({ length: integer(random, 4) }, () => rule(random)),
})

/** A settings document near the valid one, with one or two things wrong (or none). */
const settingsDocument = (random: Random, managerUrl: string): unknown => {
  const manager: Record<string, unknown> = {
    url: pick(random, [managerUrl, managerUrl, '', 'http://prowlarr:9696', 'ftp://x', 'http://u:p@host', text(random, 1)]),
    indexer_url: pick(random, ['', 'http://icvdb:8000/api', 'not a url', 5]),
  }
  if (chance(random, 0.05)) manager.api_key = pick(random, ['', 'k'.repeat(4097), 7])
  if (chance(random, 0.1)) manager.api_key_configured = pick(random, [true, 'x'])
  const document: Record<string, unknown> = {
    schema_version: pick(random, [1, 1, 1, 2, '1', true]),
    database_update: { enabled: pick(random, [true, false, 'on']), interval_seconds: pick(random, [60, 86400, 59, 604801, 1.5, '3600']) },
    result_processing: resultProcessing(random),
    manager,
  }
  if (chance(random, 0.1)) delete document[pick(random, Object.keys(document))]
  if (chance(random, 0.05)) document.unknown = {}
  return document
}

const jsonBody = (random: Random, value: unknown): string | Uint8Array<ArrayBuffer> => {
  if (chance(random, 0.05)) return new Uint8Array([0x7b, 0xff, 0xfe, 0x22, 0x7d])
  if (chance(random, 0.05)) return pick(random, ['', '{', 'null', '[]', '"x"', '{"a":'.repeat(5000), '1e999'])
  return JSON.stringify(value)
}

const WEBAPI_READS = [
  '/webapi/status',
  '/webapi/settings',
  '/webapi/result-processing',
  '/webapi/manager/status',
  '/webapi/updater',
  '/webapi/ui-config',
  '/webapi',
  '/webapi/nope',
  '/',
  '/index.html',
  '/settings',
  '/assets/../../etc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
]

// The diagnostics and install routes (issues 17 and 18), with odd filters.
// Query strings as a client encodes them: a raw space in a request line is Bun's own 505, not ours.
const query = (values: Record<string, string>): string => new URLSearchParams(values).toString()

const diagnosticsRead = (random: Random): string =>
  pick(random, [
    `/webapi/requests?${query({ client: text(random), t: text(random), only: pick(random, ['empty', 'errored', 'problems', text(random)]), limit: numberish(random) })}`,
    `/webapi/logs?${query({ level: pick(random, ['debug', 'warn', 'error', text(random)]), limit: numberish(random) })}`,
    '/webapi/updater/history',
    '/webapi/snapshot',
    '/metrics',
    '/healthz',
    '/readyz',
  ])

const explainBody = (random: Random): Record<string, unknown> => {
  const body: Record<string, unknown> = { t: pick(random, ['search', 'tvsearch', 'movie', 'caps', 'get', 7]), q: text(random) }
  if (chance(random, 0.5)) body.imdbid = pick(random, ['tt0903747', '903747', text(random), 12])
  if (chance(random, 0.4)) body.season = numberish(random)
  if (chance(random, 0.3)) body.ep = pick(random, [numberish(random), '12/25', text(random)])
  if (chance(random, 0.3)) body.limit = numberish(random)
  if (chance(random, 0.2)) body.offset = numberish(random)
  if (chance(random, 0.1)) body.apikey = 'anything'
  return body
}

// Paths and addresses on this machine only: an install must never reach past loopback.
const installBody = (random: Random): Record<string, unknown> =>
  pick(random, [
    { path: pick(random, ['/etc/passwd', '/nonexistent/x.dump', 'relative.dump', `/${text(random)}`, '']) },
    {
      url: pick(random, [
        'http://127.0.0.1:1/x.dump',
        'ftp://127.0.0.1/x.dump',
        'not a url',
        `http://127.0.0.1:1/${encodeURIComponent(text(random))}`,
      ]),
    },
    { path: '/etc/passwd', url: 'http://127.0.0.1:1/x.dump' },
    {},
  ])

const diagnosticsWrite = (random: Random): FuzzRequest => {
  const json = { 'content-type': 'application/json' }
  return pick(random, [
    { method: 'POST', path: '/webapi/diagnostics/search', headers: json, body: jsonBody(random, explainBody(random)) },
    { method: 'POST', path: '/webapi/updater/install', headers: json, body: jsonBody(random, installBody(random)) },
    {
      method: 'POST',
      path: `/webapi/updater/upload?${query({ name: text(random) })}`,
      headers: {},
      body: chance(random, 0.5) ? text(random) : new Uint8Array([0x50, 0x47, 0x44, 0x4d, 0x50, 1, 2, 3]),
    },
    { method: 'DELETE', path: '/webapi/requests', headers: {} },
  ])
}

const webapi = (random: Random, managerUrl: string): FuzzRequest => {
  const roll = random()
  if (roll < 0.35) {
    const which = random()
    const path =
      which < 0.2
        ? `/webapi/search?${query({ q: text(random), limit: numberish(random) })}`
        : which < 0.45
          ? diagnosticsRead(random)
          : pick(random, WEBAPI_READS)
    return { method: pick(random, ['GET', 'GET', 'HEAD']), path, headers: {} }
  }
  if (roll < 0.42) return diagnosticsWrite(random)
  if (roll < 0.6)
    return {
      method: 'PUT',
      path: '/webapi/settings',
      headers: { 'content-type': 'application/json' },
      body: jsonBody(random, settingsDocument(random, managerUrl)),
    }
  if (roll < 0.8)
    return {
      method: 'PUT',
      path: '/webapi/result-processing',
      headers: { 'content-type': 'application/json' },
      body: jsonBody(random, resultProcessing(random)),
    }
  if (roll < 0.9)
    return {
      method: 'POST',
      path: pick(random, ['/webapi/manager/test', '/webapi/manager/indexer', '/webapi/updater/check']),
      headers: {},
      body: chance(random, 0.3) ? 'ignored' : undefined,
    }
  return {
    method: pick(random, ['DELETE', 'PATCH', 'OPTIONS', 'POST', 'PUT']),
    path: pick(random, [...WEBAPI_READS, '/api']),
    headers: {},
    body: chance(random, 0.5) ? text(random) : undefined,
  }
}

const HOSTS = ['localhost', 'nas', 'nas.local', '192.168.1.5:8000', '[::1]', 'evil.example', 'icvdb']
const MALFORMED_HOSTS = ['', 'a b', 'x:70000', '[zz', 'a/b', 'a@b', '::1']

/** Headers a browser, a proxy or an attacker might add. */
const decorate = (random: Random, request: FuzzRequest): FuzzRequest => {
  const headers = { ...request.headers }
  if (chance(random, 0.3)) headers.host = pick(random, HOSTS)
  if (chance(random, 0.3))
    headers.origin = pick(random, [
      'http://evil.example',
      'null',
      'http://localhost',
      'http://nas.local',
      'x',
      `http://${headers.host ?? '127.0.0.1'}`,
    ])
  if (chance(random, 0.1)) headers['x-forwarded-host'] = pick(random, HOSTS)
  if (chance(random, 0.05))
    headers['content-type'] = pick(random, ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'])
  if (chance(random, 0.03)) return { ...request, headers, rawHost: pick(random, MALFORMED_HOSTS) }
  return { ...request, headers }
}

export const fuzzRequest = (random: Random, managerUrl: string): FuzzRequest =>
  decorate(random, chance(random, 0.5) ? torznab(random) : webapi(random, managerUrl))
