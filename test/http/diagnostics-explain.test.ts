/**
 * POST /webapi/diagnostics/search: the XML of the report is byte for byte what GET /api answers, for
 * every preset and every rule operator and action, on the fixture archive; the report's parts (plan,
 * sources, funnel, scores); strict input (422 on anything else, nothing echoed).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { CustomRule, ResultProcessing } from '../../runtime/settings/schema.ts'
import { startFixtureServer } from '../helpers/fixture-server.ts'
import { putJson, type TestServer } from '../helpers/server.ts'

let server: TestServer

beforeAll(async () => {
  server = await startFixtureServer()
})
afterAll(() => server.stop())

const post = (body: unknown) =>
  server.fetch('/webapi/diagnostics/search', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const explain = async (body: Record<string, unknown>) => {
  const response = await post(body)
  expect(response.status).toBe(200)
  return response.json()
}
const useProcessing = async (processing: ResultProcessing) =>
  expect((await putJson(server, '/webapi/result-processing', processing)).status).toBe(200)

const rule = (
  field: CustomRule['field'],
  operator: CustomRule['operator'],
  value: string | number,
  action: CustomRule['action'],
): CustomRule => ({ enabled: true, field, operator, value, action, ...(action === 'score' ? { score: 40 } : {}) }) as CustomRule

const OPERATOR_RULES: CustomRule[] = ['exclude', 'score'].flatMap((action) => [
  rule('title', 'contains', '1080p', action as CustomRule['action']),
  rule('title', 'not_contains', 'ita', action as CustomRule['action']),
  rule('title', 'equals', 'Lost 4x03 ITA 720p', action as CustomRule['action']),
  rule('provider', 'contains', 'knaben', action as CustomRule['action']),
  rule('size', 'gte', 5_000_000_000, action as CustomRule['action']),
  rule('size', 'lte', 1_000_000_000, action as CustomRule['action']),
  rule('seeders', 'equals', 0, action as CustomRule['action']),
])

const PROCESSINGS: Array<[string, ResultProcessing]> = [
  ['unfiltered', { preset: 'unfiltered', custom_rules: [] }],
  ['italian_preferred', { preset: 'italian_preferred', custom_rules: [] }],
  ['italian_only', { preset: 'italian_only', custom_rules: [] }],
  ...OPERATOR_RULES.map((one): [string, ResultProcessing] => [
    `custom ${one.field} ${one.operator} ${one.action}`,
    { preset: 'custom', custom_rules: [one] },
  ]),
  ['custom, every rule at once', { preset: 'custom', custom_rules: OPERATOR_RULES }],
]

const QUERIES: Array<Record<string, unknown>> = [
  { t: 'search' },
  { t: 'search', q: 'breaking bad' },
  { t: 'search', q: 'ita', limit: 5, offset: 3 },
  { t: 'movie', imdbid: 'tt1375666' },
  { t: 'movie', cat: '2000,2040' },
  { t: 'tvsearch', imdbid: 'tt0903747', season: 2, ep: 5 },
  { t: 'tvsearch', season: 3 },
  { t: 'tvsearch', q: 'lost', cat: '5030' },
]

const queryString = (body: Record<string, unknown>) =>
  new URLSearchParams(Object.entries({ limit: 100, offset: 0, ...body }).map(([name, value]) => [name, String(value)])).toString()

describe('the same XML as /api', () => {
  test.each(PROCESSINGS)('%s: every query answers the same bytes', async (_, processing) => {
    await useProcessing(processing)
    for (const body of QUERIES) {
      const api = new Uint8Array(await (await server.fetch(`/api?${queryString(body)}`)).arrayBuffer())
      const report = await explain(body)
      expect(report.xml).toBe(new TextDecoder().decode(api))
      expect(report.top.length).toBe(Math.min(10, report.xml.split('<item>').length - 1))
      expect(report.returned).toBe(report.counts.returned)
    }
  })

  test('a Torznab error is reported with its XML, as /api answers it', async () => {
    const api = await (await server.fetch('/api?t=tvsearch&imdbid=tt0903747&ep=13%2F45&season=2024&limit=100&offset=0')).text()
    const report = await explain({ t: 'tvsearch', imdbid: 'tt0903747', season: 2024, ep: '13/45' })
    expect(report.error).toEqual({ code: 201, description: 'Incorrect parameter: ep' })
    expect(report.xml).toBe(api)
  })

  test('explaining is not recorded as a request', async () => {
    await server.fetch('/webapi/requests', { method: 'DELETE' })
    await explain({ t: 'search', q: 'lost' })
    expect((await (await server.fetch('/webapi/requests')).json()).requests).toEqual([])
  })
})

describe('the report', () => {
  test('plan, sources and funnel of an id search', async () => {
    await useProcessing({ preset: 'unfiltered', custom_rules: [] })
    const report = await explain({ t: 'tvsearch', imdbid: 'tt0903747', season: 2 })
    expect(report.plan.id).toBe('rankedIds')
    expect(report.sources.imdb).toBeGreaterThan(0)
    // A number for an id search (the crosswalk's own count is tested on its archive: torznab-crosswalk.test.ts).
    expect(report.sources.crosswalk).toBeNumber()
    expect(report.funnel[0].stage).toBe('candidates')
    expect(report.funnel.at(-1).remaining).toBe(report.counts.returned)
    expect(report.empty_reason).toBeNull()
  })

  test('score contributions of the top items under italian_preferred and custom score rules', async () => {
    await useProcessing({ preset: 'italian_preferred', custom_rules: [] })
    const italian = await explain({ t: 'search', q: 'breaking bad' })
    expect(italian.top.length).toBeGreaterThan(0)
    for (const item of italian.top)
      expect(item.contributions.reduce((sum: number, part: { points: number }) => sum + part.points, 0)).toBe(item.score)
    await useProcessing({
      preset: 'custom',
      custom_rules: [rule('title', 'contains', '1080p', 'score'), rule('provider', 'contains', 'corsaro', 'score')],
    })
    const custom = await explain({ t: 'search', q: 'breaking bad' })
    const [first] = custom.top
    expect(first.score).toBe(80)
    expect(first.contributions).toEqual([
      { source: 'rule 1', points: 40 },
      { source: 'rule 2', points: 40 },
    ])
  })

  test('exclude rules are counted one by one, by index', async () => {
    await useProcessing({
      preset: 'custom',
      custom_rules: [
        rule('title', 'contains', '720p', 'exclude'),
        { ...rule('title', 'contains', 'x', 'exclude'), enabled: false },
        rule('title', 'contains', '1080p', 'exclude'),
      ],
    })
    const report = await explain({ t: 'search', q: 'breaking bad' })
    const rules = report.funnel.filter((stage: { stage: string }) => stage.stage === 'rule')
    expect(rules.map((stage: { rule_index: number }) => stage.rule_index)).toEqual([0, 2])
    const candidates = report.funnel[0].remaining
    expect(candidates - rules[0].removed - rules[1].removed).toBe(rules[1].remaining)
    await useProcessing({ preset: 'unfiltered', custom_rules: [] })
  })
})

describe('strict input', () => {
  test.each([
    ['t=caps', { t: 'caps' }],
    ['a 513-character q', { q: 'x'.repeat(513) }],
    ['limit 201', { limit: 201 }],
    ['offset -1', { offset: -1 }],
    ['offset 1000001', { offset: 1_000_001 }],
    ['limit true', { limit: true }],
    ['season as a string', { season: '1' }],
    ['an apikey', { apikey: 'secret-key-value' }],
    ['an unknown key', { b7f0c2d94e1a4c3f: 1 }],
    ['an array', [1, 2]],
    ['an empty array', []],
  ])('%s → 422, nothing echoed', async (_, body) => {
    const response = await post(body)
    expect(response.status).toBe(422)
    const text = await response.text()
    expect(text).toContain('Invalid diagnostic parameters')
    expect(text).not.toContain('secret-key-value')
    expect(text).not.toContain('b7f0c2d94e1a4c3f')
  })

  test('malformed JSON → 422', async () => {
    expect((await post('{"t":')).status).toBe(422)
  })
})
