/**
 * /metrics parsed by a Prometheus text-format parser, its counters moving with real /api requests;
 * /healthz and /readyz; the update history across a restart (a real install from the fake release
 * server, then a failed check); the log lines with their level filter, the manager key redacted.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import parsePrometheusTextFormat from 'parse-prometheus-text-format'
import { startFakeReleases, type FakeReleases } from '../fakes/fake-releases.ts'
import { startTestServer, tempDataDir, type TestServer } from '../helpers/server.ts'

const MANAGER_KEY = 'f3a9c1e7b5d24680ace13579bdf02468'
const dump = new Uint8Array(readFileSync(join(import.meta.dir, '../fixtures/snapshots/icvdb-sample-1.14-gzip.dump')))
let fake: FakeReleases
let server: TestServer
const dataDir = tempDataDir()

const start = () =>
  startTestServer({
    dataDir,
    env: { SNAPSHOT_RELEASE_URL: fake.url, MANAGER_API_KEY: MANAGER_KEY, MANAGER_URL: 'http://127.0.0.1:9' },
    updaterTimeouts: { releaseMs: 500, connectMs: 500, idleMs: 500 },
  })

beforeAll(async () => {
  fake = await startFakeReleases({ dump })
  fake.set({ tag: 'db-2026-11-20', assetName: 'icvdb-2026-11-20.dump' })
  server = start()
})
afterAll(async () => {
  await server.stop()
  await fake.stop()
})

const checkNow = async () => {
  expect((await server.fetch('/webapi/updater/check', { method: 'POST' })).status).toBe(202)
  for (let attempt = 0; attempt < 400; attempt++) {
    if (!(await (await server.fetch('/webapi/updater')).json()).updating) return
    await Bun.sleep(25)
  }
  throw new Error('the check did not end')
}

let lastText = ''
const scrape = async () => {
  const response = await server.fetch('/metrics')
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toContain('text/plain')
  lastText = await response.text()
  return parsePrometheusTextFormat(lastText)
}
// The parser folds a labelled histogram's series into bucket maps without labels: its count is read from the text.
const histogramCount = (text: string, name: string, t: string): number =>
  Number(new RegExp(`^${name}_count\\{t="${t}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0)
const sample = (families: Awaited<ReturnType<typeof scrape>>, name: string, labels: Record<string, string> = {}): number => {
  const family = families.find((candidate) => candidate.name === name)
  const found = family?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value))
  if (!found) return 0
  return Number(found.value ?? found.count)
}

describe('health before any snapshot', () => {
  test('/healthz is alive, /readyz is not ready without a snapshot', async () => {
    const live = await server.fetch('/healthz')
    expect([live.status, await live.text()]).toEqual([200, 'ok\n'])
    const ready = await server.fetch('/readyz')
    expect(ready.status).toBe(503)
    expect(await ready.text()).toContain('no snapshot')
  })
})

describe('an installed snapshot', () => {
  beforeAll(checkNow, 60_000)

  test('during the database switch /healthz stays alive while /readyz and every other route answer 503', async () => {
    server.ctx.maintenance.active = true
    try {
      expect((await server.fetch('/healthz')).status).toBe(200)
      const ready = await server.fetch('/readyz')
      expect([ready.status, ready.headers.get('retry-after')]).toEqual([503, '5'])
      expect((await server.fetch('/webapi/status')).status).toBe(503)
    } finally {
      server.ctx.maintenance.active = false
    }
  })

  test('/readyz turns ready with the tag', async () => {
    const ready = await server.fetch('/readyz')
    expect([ready.status, await ready.text()]).toEqual([200, 'ready: db-2026-11-20\n'])
  })

  test('/metrics parses, and its counters move with real requests', async () => {
    const before = await scrape()
    const countBefore = histogramCount(lastText, 'icvdb_torznab_request_duration_seconds', 'tvsearch')
    const sonarr = { 'user-agent': 'Sonarr/4.0.15.2941' }
    await server.fetch('/api?t=tvsearch&cat=5000', { headers: sonarr })
    await server.fetch('/api?t=tvsearch&cat=5000', { headers: sonarr })
    await server.fetch('/api?t=tvsearch&imdbid=tt0000001', { headers: sonarr })
    await server.fetch('/api?t=tvsearch&season=x', { headers: sonarr })
    const after = await scrape()
    const moved = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels)
    expect(moved('icvdb_torznab_requests_total', { t: 'tvsearch', client: 'Sonarr', outcome: 'answered' })).toBe(2)
    expect(moved('icvdb_torznab_requests_total', { t: 'tvsearch', client: 'Sonarr', outcome: 'empty' })).toBe(1)
    expect(moved('icvdb_torznab_requests_total', { t: 'tvsearch', client: 'Sonarr', outcome: 'error' })).toBe(1)
    expect(moved('icvdb_torznab_empty_answers_total', { t: 'tvsearch', client: 'Sonarr' })).toBe(1)
    expect(after.find((family) => family.name === 'icvdb_torznab_request_duration_seconds')?.type).toBe('HISTOGRAM')
    expect(histogramCount(lastText, 'icvdb_torznab_request_duration_seconds', 'tvsearch') - countBefore).toBe(4)
    expect(moved('icvdb_answer_cache_lookups_total', { result: 'hit' })).toBeGreaterThanOrEqual(1)
    expect(sample(after, 'icvdb_snapshot_rows')).toBeGreaterThan(0)
    expect(sample(after, 'icvdb_snapshot_info', { tag: 'db-2026-11-20' })).toBe(1)
    expect(sample(after, 'icvdb_snapshot_age_seconds')).toBeGreaterThan(0)
    expect(sample(after, 'icvdb_updater_phase', { phase: 'done' })).toBe(1)
    expect(sample(after, 'icvdb_update_attempts_total', { outcome: 'installed' })).toBe(1)
    expect(sample(after, 'icvdb_update_last_duration_seconds')).toBeGreaterThan(0)
    expect(sample(after, 'icvdb_manager_configured')).toBe(1)
  })

  test('a hostile t does not add a label series of its own', async () => {
    await server.fetch('/api?t=zzzz-made-up')
    const text = await (await server.fetch('/metrics')).text()
    expect(text).not.toContain('zzzz')
    expect(text).toContain('t="unknown"')
  })

  test('update history: an install and a failure, kept across a restart', async () => {
    fake.set({ release: 500 })
    await checkNow()
    await server.stop()
    server = start()
    const { attempts } = await (await server.fetch('/webapi/updater/history')).json()
    expect(attempts.map((attempt: { outcome: string }) => attempt.outcome)).toEqual(['failed', 'installed'])
    const [failed, installed] = attempts
    expect(failed.error).toMatch(/release/i)
    expect(installed).toMatchObject({ tag: 'db-2026-11-20', download_bytes: dump.byteLength })
    expect(installed.rows).toBeGreaterThan(0)
    expect(installed.phases.map((phase: { phase: string }) => phase.phase)).toEqual(
      expect.arrayContaining(['checking', 'downloading', 'importing', 'switching']),
    )
    expect(installed.duration_seconds).toBeGreaterThanOrEqual(0)
    fake.set({ release: 'ok' })
  }, 60_000)
})

describe('log lines', () => {
  test('newest first, level filter, the manager key never shown', async () => {
    server.ctx.log.info(`a line naming the key ${MANAGER_KEY} by mistake`)
    server.ctx.log.warn('a warning for the filter')
    const all = (await (await server.fetch('/webapi/logs')).json()).lines
    expect(all[0].line).toContain('a warning for the filter')
    expect(all[1].line).toContain('[redacted]')
    expect(JSON.stringify(all)).not.toContain(MANAGER_KEY.slice(0, 8))
    const warnings = (await (await server.fetch('/webapi/logs?level=warn')).json()).lines
    expect(warnings.every((line: { level: string }) => line.level === 'warn' || line.level === 'error')).toBe(true)
    expect((await server.fetch('/webapi/logs?level=loud')).status).toBe(422)
  })
})
