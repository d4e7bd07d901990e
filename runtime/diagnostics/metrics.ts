/**
 * GET /metrics: the Prometheus text exposition, written by prom-client. Request counters and the
 * latency histogram move with each recorded /api request; the rest (snapshot, updater, manager) is
 * read from the running service at scrape time. One registry per service context, never the global one.
 */
import { Counter, Gauge, Registry } from 'prom-client'
import type { StoredRecord } from './request-record.ts'
import { isEmptyAnswer } from './request-history.ts'
import { RequestCounters, type CountedRequest } from './request-counters.ts'
import type { UpdateAttempt } from './update-history.ts'

const UPDATE_PHASES = ['idle', 'checking', 'downloading', 'importing', 'indexing', 'validating', 'switching', 'done', 'failed'] as const

/** What the scrape reads from the service, as plain values (no service types: no import cycle). */
export interface MetricSources {
  snapshot(): { tag: string; rows: number; installedAt: string | null } | null
  updater(): { phase: string; updating: boolean; bytesDone: number; rowsDone: number }
  lastAttempt(): UpdateAttempt | null
  manager(): { configured: boolean; connected: boolean | null }
  historySize(): number
}

export interface Metrics {
  observe(record: StoredRecord): void
  attempt(attempt: UpdateAttempt): void
  text(): Promise<string>
  readonly contentType: string
}

const outcomeOf = (record: StoredRecord): CountedRequest['outcome'] =>
  record.error_code !== null ? 'error' : isEmptyAnswer(record) ? 'empty' : 'answered'

/** Seconds since the snapshot's date: a `db-YYYY-MM-DD` tag tells it, else the install time. */
const snapshotAgeSeconds = (tag: string, installedAt: string | null, now: number): number | null => {
  const dated = /^db-(\d{4}-\d{2}-\d{2})$/.exec(tag)
  const since = dated ? Date.parse(`${dated[1]}T00:00:00Z`) : installedAt ? Date.parse(installedAt) : Number.NaN
  return Number.isFinite(since) ? Math.max(0, Math.round((now - since) / 1000)) : null
}

const LATENCY = 'icvdb_torznab_request_duration_seconds'

/** A counter whose values are read from `counts` at scrape time. */
const countedCounter = (
  registers: Registry[],
  name: string,
  help: string,
  labelNames: string[],
  counts: () => Iterable<[Record<string, string>, number]>,
) =>
  new Counter({
    name,
    help,
    labelNames,
    registers,
    collect() {
      this.reset()
      for (const [labels, value] of counts()) this.inc(labels, value)
    },
  })

export const createMetrics = (sources: MetricSources, now: () => number = Date.now): Metrics => {
  const registry = new Registry()
  const registers = [registry]
  const counters = new RequestCounters()
  countedCounter(
    registers,
    'icvdb_torznab_requests_total',
    'Torznab /api requests by function, client and outcome (answered, empty, error)',
    ['t', 'client', 'outcome'],
    () => counters.requestCounts(),
  )
  countedCounter(registers, 'icvdb_torznab_empty_answers_total', 'Searches answered with no item', ['t', 'client'], function* () {
    for (const [{ t, client, outcome }, value] of counters.requestCounts()) if (outcome === 'empty') yield [{ t, client }, value]
  })
  countedCounter(
    registers,
    'icvdb_answer_cache_lookups_total',
    'Feed answers looked up in the answer cache, by result (hit, miss)',
    ['result'],
    () => [
      [{ result: 'hit' }, counters.cache[0]],
      [{ result: 'miss' }, counters.cache[1]],
    ],
  )
  // The latency histogram is kept by RequestCounters and handed to the registry in prom-client's value shape.
  const histogram = { name: LATENCY, help: 'Time to answer a Torznab /api request', type: 'histogram', aggregator: 'sum' }
  registry.registerMetric({
    ...histogram,
    get: async () => ({ ...histogram, values: counters.histogramValues(LATENCY) }),
    reset: () => {},
  } as unknown as Gauge)
  const attempts = new Counter({
    name: 'icvdb_update_attempts_total',
    help: 'Snapshot update attempts since start, by outcome',
    labelNames: ['outcome'],
    registers,
  })
  for (const outcome of ['installed', 'up-to-date', 'failed']) attempts.inc({ outcome }, 0)

  const gauge = (name: string, help: string, read: () => number | null, labelNames: string[] = []) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      collect() {
        const value = read()
        this.reset()
        if (value !== null) this.set(value)
      },
    })
  const snapshot = () => sources.snapshot()
  gauge('icvdb_snapshot_rows', 'Torrents in the serving snapshot (0 without one)', () => snapshot()?.rows ?? 0)
  gauge('icvdb_snapshot_age_seconds', 'Age of the serving snapshot (from its db-YYYY-MM-DD tag, else its install time)', () => {
    const current = snapshot()
    return current ? snapshotAgeSeconds(current.tag, current.installedAt, now()) : null
  })
  new Gauge({
    name: 'icvdb_snapshot_info',
    help: 'The serving snapshot, by tag (always 1)',
    labelNames: ['tag'],
    registers,
    collect() {
      this.reset()
      const current = snapshot()
      if (current) this.set({ tag: current.tag }, 1)
    },
  })
  new Gauge({
    name: 'icvdb_updater_phase',
    help: 'The updater phase now (1 for the current one); import phases are importing, indexing, validating',
    labelNames: ['phase'],
    registers,
    collect() {
      const { phase } = sources.updater()
      for (const name of UPDATE_PHASES) this.set({ phase: name }, name === phase ? 1 : 0)
    },
  })
  gauge('icvdb_updater_running', 'Whether an update check runs now (1) or not (0)', () => (sources.updater().updating ? 1 : 0))
  gauge('icvdb_update_bytes_done', 'Bytes downloaded or read by the update running now', () => sources.updater().bytesDone)
  gauge('icvdb_update_rows_done', 'Rows imported by the update running now', () => sources.updater().rowsDone)
  gauge('icvdb_update_last_duration_seconds', 'Duration of the last update attempt', () => sources.lastAttempt()?.duration_seconds ?? null)
  gauge('icvdb_update_last_success', 'Whether the last update attempt succeeded (1) or failed (0)', () => {
    const last = sources.lastAttempt()
    return last ? (last.outcome === 'failed' ? 0 : 1) : null
  })
  gauge('icvdb_manager_configured', 'Whether a manager (Prowlarr) URL and key are set', () => (sources.manager().configured ? 1 : 0))
  gauge('icvdb_manager_reachable', 'Whether the manager answered its last call (1), failed (0); absent when unknown', () => {
    const { configured, connected } = sources.manager()
    return configured && connected !== null ? (connected ? 1 : 0) : null
  })
  gauge('icvdb_request_history_entries', 'Requests held in the in-memory request history', () => sources.historySize())
  gauge('process_resident_memory_bytes', 'Resident memory of the process', () => process.memoryUsage().rss)

  return {
    observe: (record) =>
      counters.add({
        t: record.t,
        client: record.client,
        outcome: outcomeOf(record),
        seconds: record.duration_ms / 1000,
        cacheHit: record.cache_hit,
      }),
    attempt: (attempt) => attempts.inc({ outcome: attempt.outcome }),
    text: () => registry.metrics(),
    contentType: registry.contentType,
  }
}
