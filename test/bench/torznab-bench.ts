/**
 * Torznab latency and throughput against a running icvdb-indexer over loopback: per query kind,
 * one client (unloaded latency), then N concurrent clients (percentiles under load, requests/s).
 */
import { runLoad, type LoadOptions, type LoadSummary } from './load.ts'
import { QUERY_KINDS, type BenchQuery, type QueryKind } from './queries.ts'
import { runWrk, wrkPath } from './wrk.ts'

export interface KindFigures {
  single: LoadSummary
  concurrent: LoadSummary
  /** Mean number of results per answer (from the single-client pass). */
  results_mean: number
}

export interface PassOptions {
  single: LoadOptions
  concurrent: LoadOptions
  /** Requests of a kind sent before its passes (caches, plans). */
  warmup: number
  /**
   * Sent once before the first kind, with the concurrent pass's clients: a service is measured as it
   * runs after a while, its JIT compiled (measured: title throughput +30% over the first ~5,000
   * requests). Drawn with another seed, so the answer cache holds few of the measured requests (RSS
   * and the ten deep-paging words repeat whatever the seed).
   */
  warmUp?: { queries: BenchQuery[]; requests: number; maxSeconds: number }
}

export type QueryRunner = (query: BenchQuery) => Promise<number>

/**
 * Runs a concurrent pass (and the warm-up) over `queries` in its own way, instead of `runLoad` with
 * the QueryRunner: the Torznab side hands it to wrk (wrk.ts).
 */
export type ConcurrentPass = (queries: BenchQuery[], options: LoadOptions) => Promise<LoadSummary>

/**
 * A concurrent pass over `list` from its `start`-th query on, round and round: by `concurrentPass`
 * when given (it takes the list rotated), else by runLoad with `run`.
 */
export const passOver =
  (run: QueryRunner, concurrentPass?: ConcurrentPass) =>
  (list: BenchQuery[], start: number, load: LoadOptions): Promise<LoadSummary> =>
    concurrentPass
      ? concurrentPass([...list.slice(start % list.length), ...list.slice(0, start % list.length)], load)
      : runLoad(async (i) => void (await run(list[(i + start) % list.length])), load)

/** Runs the passes of every kind through `run`, which returns the number of results of one answer. */
export const benchKinds = async (
  queries: Record<QueryKind, BenchQuery[]>,
  run: QueryRunner,
  options: PassOptions,
  log: (line: string) => void,
  kinds: readonly QueryKind[] = QUERY_KINDS,
  concurrentPass?: ConcurrentPass,
): Promise<Record<QueryKind, KindFigures>> => {
  const figures = {} as Record<QueryKind, KindFigures>
  const pass = passOver(run, concurrentPass)
  const warmUp = options.warmUp
  if (warmUp) {
    const { queries: list, requests, maxSeconds } = warmUp
    const summary = await pass(list, 0, { clients: options.concurrent.clients, requests, maxSeconds })
    log(`  warmed up with ${summary.requests} mixed requests (${options.concurrent.clients} clients)`)
  }
  for (const kind of kinds) {
    const list = queries[kind]
    // Warm caches, but bounded: at 1M a slow kind must not spend minutes before measuring.
    const warmupEnds = performance.now() + 5000
    for (let i = 0; i < options.warmup && performance.now() < warmupEnds; i++) await run(list[i % list.length]).catch(() => 0)
    let results = 0
    let answers = 0
    const single = await runLoad(async (i) => {
      results += await run(list[i % list.length])
      answers++
    }, options.single)
    // The concurrent pass starts further along the list, so it does not replay the same requests first.
    const concurrent = await pass(list, options.single.requests, options.concurrent)
    figures[kind] = { single, concurrent, results_mean: Math.round((results / Math.max(1, answers)) * 10) / 10 }
    log(
      `  ${kind.padEnd(12)} 1 client p50 ${single.ms.p50} ms · ${concurrent.clients} clients p50 ${concurrent.ms.p50} p99 ${concurrent.ms.p99} ms, ${concurrent.requests_per_second} req/s${concurrent.errors + single.errors > 0 ? `, ${concurrent.errors + single.errors} errors` : ''}`,
    )
  }
  return figures
}

/** How often `needle` occurs in `bytes` (a native search: no text decoded, no match arrays). */
const occurrences = (bytes: Buffer, needle: string): number => {
  let count = 0
  for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + needle.length)) count++
  return count
}

/**
 * One Torznab request; an error document or a non-200 status counts as a failed request. The load
 * generator shares the machine's two cores with the service, so it reads the answer as bytes and
 * counts items with a byte search instead of decoding ~100 KB of text and matching a regex over it
 * (measured: 0.38 against 0.50 ms of its CPU per 100-item answer, and less garbage for its GC).
 */
export const torznabRunner =
  (baseUrl: string): QueryRunner =>
  async (query) => {
    const response = await fetch(`${baseUrl}${query.torznab}`)
    const body = Buffer.from(await response.arrayBuffer())
    if (response.status !== 200 || body.indexOf('<rss') === -1)
      throw new Error(`HTTP ${response.status}: ${body.subarray(0, 200).toString()}`)
    return occurrences(body, '<item>')
  }

/**
 * With wrk installed, concurrent passes run for `wrkSeconds` each (a count does not bound wrk; ~5,000
 * requests a kind, so p99 is not the 4th-slowest of 400); without it, Bun's fetch as before.
 */
export const torznabConcurrentPass = (baseUrl: string, wrkSeconds: number): ConcurrentPass | undefined =>
  wrkPath()
    ? (queries, load) =>
        runWrk(
          baseUrl,
          queries.map((query) => query.torznab),
          { clients: load.clients, seconds: Math.min(wrkSeconds, load.maxSeconds) },
        )
    : undefined

/** Which load generator the concurrent Torznab passes use, for the report. */
export const torznabLoadGenerator = (): string =>
  wrkPath() ? 'wrk (1 thread, keep-alive connections)' : "Bun's fetch (wrk is not installed)"

export const benchTorznab = (
  baseUrl: string,
  queries: Record<QueryKind, BenchQuery[]>,
  options: PassOptions,
  log: (line: string) => void,
  wrkSeconds = WRK_SECONDS,
) => benchKinds(queries, torznabRunner(baseUrl), options, log, QUERY_KINDS, torznabConcurrentPass(baseUrl, wrkSeconds))

/** Seconds of each wrk pass (the warm-up takes at most its own maxSeconds). */
export const WRK_SECONDS = 5
