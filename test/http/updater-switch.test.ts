/**
 * The maintenance window under load: /api?t=search and /webapi/status are queried without pause
 * while a new snapshot is switched in. Every answer is a normal success or the exact 503, and
 * the window is measured (it must stay well under a second).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startFakeReleases, type FakeReleases } from '../fakes/fake-releases.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'

const dump = new Uint8Array(readFileSync(join(import.meta.dir, '../fixtures/snapshots/icvdb-sample-1.14-gzip.dump')))
let fake: FakeReleases
let server: TestServer

beforeAll(async () => {
  fake = await startFakeReleases({ dump })
})
afterAll(() => fake.stop())
afterEach(() => server.stop())

interface Answer {
  path: string
  status: number
  retryAfter: string | null
  body: string
  started: number
  ended: number
}

const PATHS = ['/api?t=search&q=Breaking+Bad', '/webapi/status']

/** Four clients query without pause until `done` resolves. */
const hammer = async (done: Promise<unknown>): Promise<Answer[]> => {
  const answers: Answer[] = []
  let finished = false
  void done.finally(() => (finished = true))
  const client = async (offset: number) => {
    for (let i = offset; !finished; i++) {
      const path = PATHS[i % PATHS.length]
      const started = performance.now()
      const response = await server.fetch(path)
      const body = await response.text()
      answers.push({
        path,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body,
        started,
        ended: performance.now(),
      })
    }
  }
  await Promise.all([0, 1, 2, 3].map(client))
  return answers
}

const expectOnlySuccessOr503 = (answers: Answer[]) => {
  for (const answer of answers) {
    if (answer.status === 503) {
      expect(answer.retryAfter).toBe('5')
      expect(JSON.parse(answer.body)).toEqual({ detail: 'Database update in progress' })
    } else {
      expect(answer.status).toBe(200)
      if (answer.path === '/webapi/status') expect(JSON.parse(answer.body).database.connected).toBe(true)
      else expect(answer.body).toContain('Breaking.Bad.S01E01.Pilot.ITA.ENG.1080p.BluRay.x264-GRP')
    }
  }
}

/** First 503 sent → last 503 answered, as the clients saw it (0 when none was seen). */
const observed503Window = (answers: Answer[]) => {
  const unavailable = answers.filter((answer) => answer.status === 503)
  if (unavailable.length === 0) return 0
  return Math.max(...unavailable.map((a) => a.ended)) - Math.min(...unavailable.map((a) => a.started))
}

const windowFromLog = () => {
  const line = server.logs.find((entry) => entry.includes('maintenance window'))
  return Number(/maintenance window ([\d.]+) ms/.exec(line ?? '')?.[1])
}

const switchUnderLoad = async (env: Record<string, string> = {}) => {
  fake.set({ tag: 'db-2026-11-20', assetName: 'icvdb-2026-11-20.dump', chunkDelayMs: 0 })
  server = startTestServer({ env: { SNAPSHOT_RELEASE_URL: fake.url, ...env } })
  expect((await server.ctx.updater.check()).result).toBe('installed')
  server.logs.length = 0
  // A slowed download so the clients are well under way before the switch comes.
  fake.set({ tag: 'db-2026-11-21', assetName: 'icvdb-2026-11-21.dump', chunkDelayMs: 100 })
  const update = server.ctx.updater.check()
  const answers = await hammer(update)
  expect(await update).toMatchObject({ result: 'installed', tag: 'db-2026-11-21' })
  expect(server.ctx.updater.status().installed_version).toBe('db-2026-11-21')
  return answers
}

describe('switching a snapshot in while clients query', () => {
  test('every answer is a success or the exact 503, and the window is well under a second', async () => {
    const answers = await switchUnderLoad()
    expectOnlySuccessOr503(answers)
    const window = windowFromLog()
    const slowest = Math.max(...answers.map((a) => a.ended - a.started))
    console.log(
      `switch: ${answers.length} answers, ${answers.filter((a) => a.status === 503).length} × 503, maintenance window ${window.toFixed(2)} ms, observed 503 window ${observed503Window(answers).toFixed(1)} ms, slowest answer ${slowest.toFixed(1)} ms`,
    )
    expect(answers.length).toBeGreaterThan(20)
    expect(window).toBeGreaterThan(0)
    expect(window).toBeLessThan(500)
    expect(observed503Window(answers)).toBeLessThan(500)
  }, 60_000)

  test('with the window held open (test hook), clients get 503 + Retry-After: 5 only during it', async () => {
    const answers = await switchUnderLoad({ ICVDB_TEST_PAUSE_SWITCH_MS: '300' })
    expectOnlySuccessOr503(answers)
    const unavailable = answers.filter((a) => a.status === 503)
    const window = observed503Window(answers)
    console.log(`held switch: ${answers.length} answers, ${unavailable.length} × 503 over ${window.toFixed(1)} ms (hook 300 ms)`)
    expect(unavailable.length).toBeGreaterThan(0)
    expect(unavailable.some((a) => a.path === '/webapi/status')).toBe(true)
    expect(window).toBeGreaterThan(200)
    expect(window).toBeLessThan(1000)
  }, 60_000)
})
