/**
 * Issue 15's fuzz suite: a few thousand seeded random /api and /webapi requests against the real
 * service setup on loopback, with a manager that echoes the key back in every form it can. Fails on
 * any 5xx (but the specified 502 of a manager command), any /api answer that is not XML, and any 8-character piece of the key (or its
 * URL-encoded, base64, hex or reversed form) in any answer or log line. FUZZ_SEED and FUZZ_REQUESTS replay or widen a run.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { dataPaths } from '../../runtime/data-dir.ts'
import { writeInstalled } from '../../runtime/updater/installed.ts'
import { makeSnapshotDirectory } from '../fakes/fake-snapshot.ts'
import { startRecordingManager, type RecordingManager } from '../fakes/recording-manager.ts'
import { rawRequest } from '../helpers/raw-http.ts'
import { putJson, startTestServer, tempDataDir, type TestServer } from '../helpers/server.ts'
import { fuzzRequest, seeded, type FuzzRequest, type Random } from './fuzz-requests.ts'

const SEED = Number(process.env.FUZZ_SEED ?? 15015)
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 4000)
const CONCURRENCY = 8
const KEY = '7c4a8d09ca3762af61e59520943dc264'

/** Every form of the key this suite looks for, independent of the service's own sanitizer. */
const KEY_FORMS = (() => {
  const forms = new Set<string>()
  for (let start = 0; start + 8 <= KEY.length; start++) forms.add(KEY.slice(start, start + 8))
  forms.add(Buffer.from(KEY.slice(0, 12)).toString('hex'))
  forms.add([...KEY.slice(5, 17)].reverse().join(''))
  for (const prefix of ['', 'a', 'ab'])
    forms.add(
      Buffer.from(prefix + KEY)
        .toString('base64')
        .slice(4, 24),
    )
  forms.add(encodeURIComponent(`"${KEY}"`).slice(0, 12))
  return [...forms].map((form) => form.toLowerCase())
})()
const leaks = (text: string) => KEY_FORMS.filter((form) => text.toLowerCase().includes(form))

/** The manager echoes the key in a random form on every route (and sometimes answers properly). */
const hostileManager = (random: Random): RecordingManager => {
  const manager = startRecordingManager()
  const echoes = [
    () => Response.json({ message: `Unauthorized X-Api-Key ${KEY}` }, { status: 401 }),
    () => Response.json([{ errorMessage: `apikey=${encodeURIComponent(KEY)} rejected ${'padding '.repeat(40)}${KEY}` }], { status: 400 }),
    () => Response.json([{ errorMessage: `auth ${Buffer.from(`x:${KEY}`).toString('base64')}` }], { status: 400 }),
    () => Response.json([{ errorMessage: `key ${KEY.slice(0, 16)}\n${KEY.slice(16)}` }], { status: 400 }),
    () => new Response(`<html>${KEY}</html>`, { status: 200, headers: { 'content-type': 'application/json' } }),
    () => Response.json({ traceback: KEY }, { status: 500 }),
    () => Response.json([{ errorMessage: `hex ${Buffer.from(KEY).toString('hex')}` }], { status: 400 }),
    () => Response.json([{ errorMessage: `reversed ${[...KEY].reverse().join('')}` }], { status: 400 }),
  ]
  for (const route of ['GET /api/v1/indexer/schema', 'GET /api/v1/indexer', 'POST /api/v1/indexer/test', 'POST /api/v1/indexer']) {
    manager.answer(route, () =>
      random() < 0.2 && route === 'GET /api/v1/indexer' ? Response.json([]) : echoes[Math.floor(random() * echoes.length)](),
    )
  }
  return manager
}

let server: TestServer
let dataDir: string
let manager: RecordingManager
const random = seeded(SEED)

beforeAll(async () => {
  dataDir = tempDataDir('icvdb-fuzz-')
  const paths = dataPaths(dataDir)
  mkdirSync(paths.state, { recursive: true })
  makeSnapshotDirectory(join(paths.snapshots, 'db-fuzz'), 'db-fuzz', {
    titles: ['Breaking.Bad.S01E01.1080p.ITA.ENG', 'Gomorra.S02E05.720p.ITA', 'The.Matrix.1999.2160p.MULTI', 'Lo.Hobbit.2012.iTALiAN.BDRip'],
  })
  writeInstalled(paths, { tag: 'db-fuzz', directory: 'db-fuzz', installed_at: new Date().toISOString() })
  manager = hostileManager(seeded(SEED + 1))
  server = startTestServer({
    dataDir,
    env: { SEARCH_WORKERS: '0', DB_AUTO_UPDATE: 'off', SNAPSHOT_RELEASE_URL: 'http://127.0.0.1:9/releases' },
    managerTimeouts: { standardMs: 2000, slowMs: 2000 },
  })
  const saved = await putJson(server, '/webapi/settings', {
    schema_version: 1,
    database_update: { enabled: false, interval_seconds: 86400 },
    result_processing: { preset: 'unfiltered', custom_rules: [] },
    manager: { url: manager.url, indexer_url: `${server.url}/api`, api_key: KEY },
  })
  expect(saved.status).toBe(200)
})
afterAll(async () => {
  await server.stop()
  await manager.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

interface Outcome {
  request: FuzzRequest
  status: number
  contentType: string
  body: string
  headerText: string
}

const send = async (request: FuzzRequest): Promise<Outcome> => {
  const port = Number(new URL(server.url).port)
  if (request.rawHost !== undefined) {
    const answer = await rawRequest(port, `${request.method} ${request.path} HTTP/1.1\r\nHost: ${request.rawHost}`)
    return {
      request,
      status: answer.status,
      contentType: answer.headers['content-type'] ?? '',
      body: answer.body,
      headerText: JSON.stringify(answer.headers),
    }
  }
  const response = await fetch(`${server.url}${request.path}`, { method: request.method, headers: request.headers, body: request.body })
  const body = await response.text()
  return {
    request,
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body,
    headerText: JSON.stringify([...response.headers]),
  }
}

/** What is wrong with one answer, or null. */
const problem = (outcome: Outcome): string | null => {
  // The one specified 5xx: a manager command whose remote failed (interface.md §4.5, §4.6).
  const managerFailed =
    outcome.status === 502 && outcome.request.path.startsWith('/webapi/manager/') && outcome.body === '{"detail":"Manager request failed"}'
  // And readiness: /readyz answers 503 while no snapshot serves (docs/diagnostics.md), always with its reason.
  const notReady = outcome.status === 503 && outcome.request.path === '/readyz' && /^not ready: \S/.test(outcome.body)
  if (outcome.status >= 500 && !managerFailed && !notReady) return `HTTP ${outcome.status}`
  if (outcome.status === 0) return 'no HTTP answer'
  const isApi = outcome.request.path === '/api' || outcome.request.path.startsWith('/api?')
  if (isApi && !outcome.contentType.includes('xml')) return `/api answered ${outcome.contentType || 'no content type'}`
  if (isApi && outcome.request.method !== 'HEAD' && !outcome.body.startsWith('<?xml')) return '/api answered a body that is not XML'
  const leaked = leaks(outcome.body + outcome.headerText)
  return leaked.length > 0 ? `the answer holds a piece of the key (${leaked[0]})` : null
}

test(
  `${REQUESTS} seeded requests (seed ${SEED}): no 5xx, /api always XML, the key in no answer and no log line`,
  async () => {
    const started = performance.now()
    const failures: string[] = []
    const statuses = new Map<number, number>()
    let next = 0
    const worker = async () => {
      while (next < REQUESTS) {
        const index = next++
        const request = fuzzRequest(random, manager.url)
        const outcome = await send(request)
        statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1)
        const found = problem(outcome)
        if (found) failures.push(`#${index} ${request.method} ${request.path.slice(0, 200)} ${JSON.stringify(request.headers)}: ${found}`)
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    const seconds = (performance.now() - started) / 1000
    console.log(
      `fuzz: ${REQUESTS} requests in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; manager saw ${manager.received.length}`,
    )
    expect(failures.slice(0, 10)).toEqual([])
    const leakedLines = server.logs.filter((line) => leaks(line).length > 0)
    expect(leakedLines.slice(0, 5)).toEqual([])
    // The manager really was asked (and echoed the key), so the sanitizer was exercised.
    expect(manager.received.filter((request) => request.apiKey === KEY).length).toBeGreaterThan(10)
    expect(seconds).toBeLessThan(60)
  },
  { timeout: 90_000 },
)
