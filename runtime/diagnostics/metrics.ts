/**
 * GET /metrics: the Prometheus text exposition, written by prom-client. Request counters and the
 * latency histogram move with each recorded /api request; the rest (snapshot, updater, manager) is
 * read from the running service at scrape time. One registry per service context, never the global one.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { RequestRecord } from './request-history.ts'
import { isEmptyAnswer } from './request-history.ts'
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
  observe(record: RequestRecord): void
  attempt(attempt: UpdateAttempt): void
  text(): Promise<string>
  readonly contentType: string
}

// Label values are bounded (a LAN client may send any `t`): unknown functions share one series.
const FUNCTIONS = new Set(['caps', 'search', 'tvsearch', 'movie', 'get'])
const functionLabel = (t: string): string => (FUNCTIONS.has(t) ? t : 'unknown')

const outcomeOf = (record: RequestRecord): string => (record.error_code !== null ? 'error' : isEmptyAnswer(record) ? 'empty' : 'answered')

/** Seconds since the snapshot's date: a `db-YYYY-MM-DD` tag tells it, else the install time. */
export const snapshotAgeSeconds = (tag: string, installedAt: string | null, now: number): number | null => {
  const dated = /^db-(\d{4}-\d{2}-\d{2})$/.exec(tag)
  const since = dated ? Date.parse(`${dated[1]}T00:00:00Z`) : installedAt ? Date.parse(installedAt) : Number.NaN
  return Number.isFinite(since) ? Math.max(0, Math.round((now - since) / 1000)) : null
}

export const createMetrics = (sources: MetricSources, now: () => number = Date.now): Metrics => {
  const registry = new Registry()
  const registers = [registry]
  const requests = new Counter({ name: 'icvdb_torznab_requests_total', help: 'Torznab /api requests by function, client and outcome (answered, empty, error)', labelNames: ['t', 'client', 'outcome'], registers })
  const latency = new Histogram({
    name: 'icvdb_torznab_request_duration_seconds',
    help: 'Time to answer a Torznab /api request',
    labelNames: ['t'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  })
  const empty = new Counter({ name: 'icvdb_torznab_empty_answers_total', help: 'Searches answered with no item', labelNames: ['t', 'client'], registers })
  const cache = new Counter({ name: 'icvdb_answer_cache_lookups_total', help: 'Feed answers looked up in the answer cache, by result (hit, miss)', labelNames: ['result'], registers })
  const attempts = new Counter({ name: 'icvdb_update_attempts_total', help: 'Snapshot update attempts since start, by outcome', labelNames: ['outcome'], registers })
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
    observe(record) {
      const client = record.client
      const t = functionLabel(record.t)
      requests.inc({ t, client, outcome: outcomeOf(record) })
      latency.observe({ t }, record.duration_ms / 1000)
      if (isEmptyAnswer(record)) empty.inc({ t, client })
      if (record.cache_hit !== null) cache.inc({ result: record.cache_hit ? 'hit' : 'miss' })
    },
    attempt: (attempt) => attempts.inc({ outcome: attempt.outcome }),
    text: () => registry.metrics(),
    contentType: registry.contentType,
  }
}
