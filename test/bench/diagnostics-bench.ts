/**
 * What recording costs: the service with the request history on (REQUEST_HISTORY_SIZE=1000, the
 * default) and off (0), driven by wrk in interleaved rounds (off/on, on/off, …) so the machine's
 * noise falls on both; throughput and p99 per round, their medians and spread. Then, in-process,
 * the cost of one observe() and the memory of a full ring. Run apart from `bun test`:
 *
 *     bun test/bench/diagnostics-bench.ts [--rounds 6] [--seconds 5] [--clients 8] [--dump path.dump] [--same] [--size 1000]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createMetrics } from '../../runtime/diagnostics/metrics.ts'
import { createApp } from '../../handlers/app.ts'
import { createContext } from '../../runtime/context.ts'
import { createRequestHistory, type RequestHistory, type TorznabTrace } from '../../runtime/diagnostics/request-history.ts'
import { createLog } from '../../runtime/log.ts'
import { percentile } from './load.ts'
import { serverCommand, startServer, type RunningServer } from './server-bench.ts'
import { runWrk } from './wrk.ts'

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '5' },
    clients: { type: 'string', default: '8' },
    /** An A/A run: both services record (how far apart two identical processes measure). */
    same: { type: 'boolean', default: false },
    /** REQUEST_HISTORY_SIZE of the recording service. */
    size: { type: 'string', default: '1000' },
    dump: { type: 'string', default: join(import.meta.dir, '../fixtures/snapshots/icvdb-sample-1.16-gzip.dump') },
  },
})
const ROUNDS = Number(values.rounds)
const SECONDS = Number(values.seconds)
const CLIENTS = Number(values.clients)

// What the *arr apps send: RSS syncs (answer-cache hits), id searches, seasons, title words; an apikey on each.
const PATHS = [
  '/api?t=tvsearch&cat=5000,5030,5040&extended=1&apikey=bench0123456789&offset=0&limit=100',
  '/api?t=movie&cat=2000,2040&extended=1&apikey=bench0123456789&offset=0&limit=100',
  '/api?t=movie&imdbid=tt1375666&apikey=bench0123456789&extended=1',
  '/api?t=tvsearch&imdbid=tt0903747&season=2&ep=5&apikey=bench0123456789&extended=1',
  '/api?t=tvsearch&imdbid=tt0903747&season=3&apikey=bench0123456789',
  '/api?t=search&q=breaking+bad&apikey=bench0123456789&extended=1',
  '/api?t=search&q=dune&apikey=bench0123456789',
  '/api?t=tvsearch&q=lost&season=4&apikey=bench0123456789',
  // Words common in the fixture and in generated snapshots (test/bench/generate.ts) alike.
  '/api?t=search&q=ita+1080p&apikey=bench0123456789&extended=1',
  '/api?t=tvsearch&season=1&cat=5000&apikey=bench0123456789',
]

const importInto = async (dataDir: string): Promise<void> => {
  const command = serverCommand().command
  const child = Bun.spawn([...command, 'import', values.dump as string, '--data-dir', dataDir], { stdout: 'ignore', stderr: 'pipe' })
  if ((await child.exited) !== 0) throw new Error(`import failed: ${await new Response(child.stderr).text()}`)
}

/** CPU seconds (user + system, every thread) a process has used, from /proc. */
const cpuSeconds = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

const median = (list: number[]) =>
  percentile(
    [...list].sort((a, b) => a - b),
    50,
  )
const spread = (list: number[]) => `${Math.min(...list).toFixed(1)}–${Math.max(...list).toFixed(1)}`

const loadRounds = async (servers: Record<'off' | 'on', RunningServer>) => {
  const figures = {
    off: { rps: [] as number[], p99: [] as number[], cpu: [] as number[] },
    on: { rps: [] as number[], p99: [] as number[], cpu: [] as number[] },
  }
  for (let round = 0; round < ROUNDS; round++) {
    const order: Array<'off' | 'on'> = round % 2 === 0 ? ['off', 'on'] : ['on', 'off']
    for (const mode of order) {
      const cpuBefore = cpuSeconds(servers[mode].pid)
      const summary = await runWrk(servers[mode].url, PATHS, { clients: CLIENTS, seconds: SECONDS })
      if (summary.errors > 0) throw new Error(`${mode}: ${summary.errors} bad answers`)
      // The service's own CPU per request: far less sensitive than throughput to what else runs.
      const cpu = ((cpuSeconds(servers[mode].pid) - cpuBefore) / summary.requests) * 1e6
      figures[mode].rps.push(summary.requests_per_second)
      figures[mode].p99.push(summary.ms.p99)
      figures[mode].cpu.push(cpu)
      console.log(
        `round ${round + 1} ${mode.padEnd(3)} ${summary.requests_per_second.toFixed(0).padStart(6)} req/s  p99 ${summary.ms.p99.toFixed(2)} ms  ${cpu.toFixed(1)} µs CPU a request`,
      )
    }
  }
  for (const mode of ['off', 'on'] as const) {
    console.log(
      `${mode.padEnd(3)} median ${median(figures[mode].rps).toFixed(0)} req/s (rounds ${spread(figures[mode].rps)}), p99 median ${median(figures[mode].p99).toFixed(2)} ms (${spread(figures[mode].p99)}), CPU median ${median(figures[mode].cpu).toFixed(1)} µs a request (${spread(figures[mode].cpu)})`,
    )
  }
  const cpu = (median(figures.on.cpu) / median(figures.off.cpu) - 1) * 100
  console.log(`recording on vs off: service CPU a request ${cpu >= 0 ? '+' : ''}${cpu.toFixed(1)}%`)
  // Each round's pair ran back to back under the same load: the median of their ratios is the steadier figure.
  const pairs = figures.on.cpu.map((on, round) => (on / figures.off.cpu[round] - 1) * 100)
  const rates = figures.on.rps.map((on, round) => (on / figures.off.rps[round] - 1) * 100)
  console.log(
    `per round, on vs off: CPU ${pairs.map((p) => p.toFixed(1)).join(' ')} % (median ${median(pairs).toFixed(1)}%); throughput median ${median(rates).toFixed(1)}%`,
  )
  const rps = (median(figures.on.rps) / median(figures.off.rps) - 1) * 100
  const p99 = (median(figures.on.p99) / median(figures.off.p99) - 1) * 100
  console.log(`recording on vs off: throughput ${rps >= 0 ? '+' : ''}${rps.toFixed(1)}%, p99 ${p99 >= 0 ? '+' : ''}${p99.toFixed(1)}%`)
}

const metricsWithoutService = () =>
  createMetrics({
    snapshot: () => null,
    updater: () => ({ phase: 'idle', updating: false, bytesDone: 0, rowsDone: 0 }),
    lastAttempt: () => null,
    manager: () => ({ configured: true, connected: true }),
    historySize: () => 0,
  })

/** One observe() around an already-made answer (redaction and metrics included), without HTTP or search. */
const observeCost = async (feed: string): Promise<number> => {
  const log = createLog({ sink: () => {}, secrets: () => ['b7f0c2d94e1a4c3f8e6d5a2b1c0f9e8d'] })
  const history = createRequestHistory({ redact: log.redact, onRecord: metricsWithoutService().observe })
  const request = new Request(`http://127.0.0.1${PATHS[5]}`, { headers: { 'user-agent': 'Sonarr/4.0.15.2941 (debian 12)' } })
  const answer = async (trace: TorznabTrace) => {
    trace.feed = feed
    trace.page = { limit: 100, offset: 0 }
  }
  const runs = 100_000
  for (let i = 0; i < 1000; i++) await history.observe(request, answer)
  const started = performance.now()
  for (let i = 0; i < runs; i++) await history.observe(request, answer)
  const withRecording = performance.now() - started
  const bare = performance.now()
  for (let i = 0; i < runs; i++) await answer({ feed: null, cacheHit: null, page: null })
  return ((withRecording - (performance.now() - bare)) / runs) * 1000
}

/**
 * The whole /api path in-process (createApp, no HTTP, SEARCH_WORKERS=0), recording on and off in
 * one context, alternated 12 times: main-thread plus GC CPU a request, steadier than two processes.
 */
const inProcessCost = async (): Promise<{ on: number; off: number }> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'icvdb-diag-inproc-'))
  await importInto(dataDir)
  const ctx = createContext({ env: { DATA_DIR: dataDir, DB_UPDATE_START_DELAY: '86400', SEARCH_WORKERS: '0' }, logSink: () => {} })
  const fetch = createApp(ctx).fetch
  const recording = ctx.diagnostics.requests
  const modes = {
    on: recording,
    off: {
      ...recording,
      observe: (_request: Request, answer: (trace: TorznabTrace) => Promise<Response>) =>
        answer({ feed: null, cacheHit: null, page: null }),
    } as RequestHistory,
  }
  const pass = async (mode: 'on' | 'off', count: number) => {
    ctx.diagnostics.requests = modes[mode]
    const before = process.cpuUsage()
    for (let i = 0; i < count; i++) {
      const response = await fetch(
        new Request(`http://127.0.0.1:8000${PATHS[i % PATHS.length]}`, { headers: { 'user-agent': 'Sonarr/4.0.15.2941' } }),
      )
      await response.arrayBuffer()
    }
    const used = process.cpuUsage(before)
    return (used.user + used.system) / count
  }
  const figures = { on: [] as number[], off: [] as number[] }
  await pass('off', 2000)
  await pass('on', 2000)
  for (let round = 0; round < 12; round++)
    for (const mode of round % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) figures[mode].push(await pass(mode, 5000))
  ctx.diagnostics.requests = recording
  await ctx.close()
  rmSync(dataDir, { recursive: true, force: true })
  return { on: median(figures.on), off: median(figures.off) }
}

/** Heap held by a full ring of 1,000 records (each with a 30- or a 200-character q). */
const ringMemory = async (q: string): Promise<number> => {
  Bun.gc(true)
  const before = process.memoryUsage().heapUsed
  const history = createRequestHistory({ redact: (text) => text })
  for (let i = 0; i < 1000; i++) {
    const request = new Request(
      `http://127.0.0.1/api?t=tvsearch&q=${encodeURIComponent(`${q}${i}`)}&imdbid=tt0903747&season=2&ep=5&cat=5000,5030&limit=100&offset=0`,
      { headers: { 'user-agent': 'Sonarr/4.0.15.2941' } },
    )
    await history.observe(request, async (trace) => {
      trace.feed = '<torznab:response offset="0" total="1"/><item>'
      trace.page = { limit: 100, offset: 0 }
    })
  }
  Bun.gc(true)
  const used = process.memoryUsage().heapUsed - before
  if (history.size !== 1000) throw new Error('ring not full')
  return used
}

const main = async () => {
  const root = mkdtempSync(join(tmpdir(), 'icvdb-diag-bench-'))
  const servers: Partial<Record<'off' | 'on', RunningServer>> = {}
  try {
    console.log(
      `dump ${values.dump}; ${ROUNDS} interleaved rounds of ${SECONDS} s, ${CLIENTS} wrk connections; server: ${serverCommand().kind}`,
    )
    for (const mode of ['off', 'on'] as const) {
      const dataDir = join(root, mode)
      await importInto(dataDir)
      servers[mode] = await startServer(dataDir, serverCommand(), {
        REQUEST_HISTORY_SIZE: mode === 'on' || values.same ? (values.size as string) : '0',
      })
    }
    await loadRounds(servers as Record<'off' | 'on', RunningServer>)
  } finally {
    for (const server of Object.values(servers)) await server?.stop()
    rmSync(root, { recursive: true, force: true })
  }
  const inProcess = await inProcessCost()
  console.log(
    `in-process /api path: ${inProcess.off.toFixed(1)} µs CPU a request off, ${inProcess.on.toFixed(1)} on (${(inProcess.on - inProcess.off).toFixed(1)} µs, ${((inProcess.on / inProcess.off - 1) * 100).toFixed(1)}%)`,
  )
  const page = `<torznab:response offset="0" total="100"/>\n${'<item><title>x</title></item>\n'.repeat(100)}`
  console.log(`observe() on a 100-item feed: ${(await observeCost(page)).toFixed(2)} µs a request (in-process, 100,000 runs)`)
  for (const q of ['breaking bad s02e05 1080p ita', 'x'.repeat(200)]) {
    console.log(`full ring (1,000 records, q of ${q.length} chars): ${((await ringMemory(q)) / 1024).toFixed(0)} KiB of heap`)
  }
}

await main()
