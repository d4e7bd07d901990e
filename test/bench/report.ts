/**
 * The benchmark report: test/bench/results/latest.json plus a short markdown table, with ratios
 * wherever icvdb-indexer and PostgreSQL 15 did the same work (> 1 means icvdb-indexer is better).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { recallRows, type RecallFigures } from './id-recall.ts'
import type { ImportFigures, RestoreFigures } from './import-bench.ts'
import { QUERY_KINDS, type QueryKind } from './queries.ts'
import type { StartupFigures } from './server-bench.ts'
import type { KindFigures } from './torznab-bench.ts'

export interface Skipped {
  skipped: string
}

export interface MemoryFigures {
  idle_rss_mb: number
  loaded_rss_mb: number
  idle_anon_mb?: number
  loaded_anon_mb?: number
  loaded_peak_rss_mb: number
}

export interface BenchResults {
  generated_at: string
  machine: Record<string, unknown>
  dump: Record<string, unknown>
  import: ImportFigures | Skipped
  /** Id searches against the ground truth, with the id crosswalk and with its tables hidden (test/bench/id-recall.ts). */
  id_recall?: { with: RecallFigures; without: RecallFigures } | Skipped
  pg_restore: RestoreFigures | Skipped
  /** The same restore into a cluster with PostgreSQL's stock (durable) settings. */
  pg_restore_stock?: RestoreFigures | Skipped
  /** The service as configured by default (answer cache on). */
  torznab: Record<QueryKind, KindFigures> | Skipped
  /** The same requests with SEARCH_CACHE_MB=0: every answer computed. */
  torznab_uncached?: Record<QueryKind, KindFigures> | Skipped
  /** What sent the concurrent Torznab passes (wrk, or Bun's fetch when wrk is missing). */
  torznab_load_generator?: string
  postgres: Record<QueryKind, KindFigures> | Skipped
  startup: StartupFigures | Skipped
  memory: MemoryFigures | Skipped
  ratios: Record<string, number>
}

export const RESULTS_FILE = join(import.meta.dir, 'results', 'latest.json')

const ran = <T extends object>(value: T | Skipped): value is T => !('skipped' in value)

const ratio = (a: number, b: number): number => (b > 0 && a > 0 ? Math.round((a / b) * 100) / 100 : 0)

/** Time ratios are PostgreSQL ÷ ours (speed-up); throughput ratios are ours ÷ PostgreSQL. */
export const computeRatios = (results: Omit<BenchResults, 'ratios'>): Record<string, number> => {
  const ratios: Record<string, number> = {}
  if (ran(results.import) && ran(results.pg_restore)) {
    ratios.import_speedup = ratio(results.pg_restore.seconds, results.import.seconds)
    ratios.disk_size_pg_over_ours = ratio(results.pg_restore.disk_mb, results.import.disk_mb)
  }
  if (ran(results.import) && results.pg_restore_stock && ran(results.pg_restore_stock)) {
    ratios.import_speedup_stock = ratio(results.pg_restore_stock.seconds, results.import.seconds)
  }
  const runs: Array<[suffix: string, figures: BenchResults['torznab'] | undefined]> = [
    ['', results.torznab],
    ['_uncached', results.torznab_uncached],
  ]
  for (const [suffix, figures] of runs) {
    if (!figures || !ran(figures) || !ran(results.postgres)) continue
    for (const kind of QUERY_KINDS) {
      const ours = figures[kind]
      const theirs = results.postgres[kind]
      ratios[`${kind}_p50_speedup${suffix}`] = ratio(theirs.concurrent.ms.p50, ours.concurrent.ms.p50)
      ratios[`${kind}_p99_speedup${suffix}`] = ratio(theirs.concurrent.ms.p99, ours.concurrent.ms.p99)
      ratios[`${kind}_throughput${suffix}`] = ratio(ours.concurrent.requests_per_second, theirs.concurrent.requests_per_second)
    }
  }
  return ratios
}

const cell = (value: number | string | undefined, unit = ''): string => (value === undefined ? '—' : `${value}${unit}`)

const times = (value: number | undefined): string => (value ? `${value}×` : '—')

const ms = (value: number | undefined): string => (value === undefined ? '—' : `${value}`)

/** One row per query kind: ours beside PostgreSQL (latency in ms, throughput in req/s). */
const kindRows = (
  ours: Record<QueryKind, KindFigures> | undefined,
  theirs: Record<QueryKind, KindFigures> | undefined,
  ratios: Record<string, number>,
  suffix: string,
): string[] => {
  const clients = ours?.rss.concurrent.clients ?? theirs?.rss.concurrent.clients ?? 8
  const lines = [
    `| query kind | ours p50 1 client | ours p50 / p99 ${clients} clients | ours req/s | PG p50 1 client | PG p50 / p99 ${clients} clients | PG req/s | p50 ratio | req/s ratio | results ours / PG |`,
  ]
  lines.push('|---|---|---|---|---|---|---|---|---|---|')
  for (const kind of QUERY_KINDS) {
    const a = ours?.[kind]
    const b = theirs?.[kind]
    lines.push(
      `| ${kind} | ${ms(a?.single.ms.p50)} | ${a ? `${a.concurrent.ms.p50} / ${a.concurrent.ms.p99}` : '—'} | ${cell(a?.concurrent.requests_per_second)} | ` +
        `${ms(b?.single.ms.p50)} | ${b ? `${b.concurrent.ms.p50} / ${b.concurrent.ms.p99}` : '—'} | ${cell(b?.concurrent.requests_per_second)} | ` +
        `${times(ratios[`${kind}_p50_speedup${suffix}`])} | ${times(ratios[`${kind}_throughput${suffix}`])} | ${cell(a?.results_mean)} / ${cell(b?.results_mean)} |`,
    )
  }
  return lines
}

/** Import, start-up and memory, then one row per query kind (latency in ms, throughput in req/s). */
export const markdownTable = (results: BenchResults): string => {
  const imp = ran(results.import) ? results.import : undefined
  const pg = ran(results.pg_restore) ? results.pg_restore : undefined
  const startup = ran(results.startup) ? results.startup : undefined
  const memory = ran(results.memory) ? results.memory : undefined
  const lines: string[] = ['| measure | icvdb-indexer | PostgreSQL 15 | ratio |', '|---|---|---|---|']
  const importRuns = imp?.runs_seconds && imp.runs_seconds.length > 1 ? ` (median of ${imp.runs_seconds.join(', ')} s)` : ''
  lines.push(
    `| import wall time | ${cell(imp?.seconds, ' s')}${importRuns} | ${cell(pg?.seconds, ' s')} (pg_restore -j${pg?.jobs ?? 2}) | ${times(results.ratios.import_speedup)} faster |`,
  )
  const stock = results.pg_restore_stock && ran(results.pg_restore_stock) ? results.pg_restore_stock : undefined
  if (stock)
    lines.push(
      `| import wall time, PostgreSQL with stock (durable) settings | ${cell(imp?.seconds, ' s')} | ${cell(stock.seconds, ' s')} (pg_restore -j${stock.jobs}) | ${times(results.ratios.import_speedup_stock)} faster |`,
    )
  lines.push(`| import rows/s | ${cell(imp?.rows_per_second.toLocaleString('en'))} | ${cell(pg?.rows_per_second.toLocaleString('en'))} | |`)
  lines.push(`| import peak RSS | ${cell(imp?.peak_rss_mb, ' MB')} | — | |`)
  lines.push(
    `| database on disk | ${cell(imp?.disk_mb, ' MB')} | ${cell(pg?.disk_mb, ' MB')} | ${times(results.ratios.disk_size_pg_over_ours)} smaller |`,
  )
  lines.push(`| start-up to first answer (${startup?.kind ?? '—'}) | ${cell(startup?.median_ms, ' ms')} | — | |`)
  lines.push(
    `| RSS idle / loaded (peak) | ${memory ? `${memory.idle_rss_mb} / ${memory.loaded_rss_mb} (${memory.loaded_peak_rss_mb}) MB` : '—'} | — | |`,
  )
  if (memory?.loaded_anon_mb !== undefined)
    lines.push(
      `| of which anonymous (not mapped snapshot pages), idle / loaded | ${memory.idle_anon_mb} / ${memory.loaded_anon_mb} MB | — | |`,
    )

  if (results.id_recall && ran(results.id_recall))
    lines.push('', 'Id searches, page 1 of 100, unfiltered, against the ground truth:', '', ...recallRows(results.id_recall))

  const theirs = ran(results.postgres) ? results.postgres : undefined
  const runs: Array<[label: string, suffix: string, figures: BenchResults['torznab'] | undefined]> = [
    ['every answer computed (SEARCH_CACHE_MB=0)', '_uncached', results.torznab_uncached],
    ['as configured by default (answer cache on)', '', results.torznab],
  ]
  for (const [label, suffix, figures] of runs) {
    if (figures) lines.push('', `Torznab, ${label}:`, '', ...kindRows(ran(figures) ? figures : undefined, theirs, results.ratios, suffix))
  }
  if (results.torznab_load_generator)
    lines.push('', `Concurrent Torznab passes sent by ${results.torznab_load_generator}; PostgreSQL's by as many Bun.SQL connections.`)
  const skipped = Object.entries(results).filter(([, value]) => typeof value === 'object' && value !== null && 'skipped' in value)
  if (skipped.length > 0) lines.push('', ...skipped.map(([part, value]) => `- ${part} skipped: ${(value as Skipped).skipped}`))
  return lines.join('\n')
}

export const writeReport = (results: BenchResults, file = RESULTS_FILE): string => {
  mkdirSync(join(file, '..'), { recursive: true })
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`)
  return markdownTable(results)
}
