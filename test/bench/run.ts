#!/usr/bin/env bun
/**
 * `bun run bench`: import of the large dump beside pg_restore, Torznab latency/throughput beside the
 * predecessor's SQL on PostgreSQL 15, start-up and RSS. Each part is skipped, with the reason, when
 * its prerequisite is missing. Options: --torrents N (1000000) --seed S --requests N --seconds S --clients N.
 */
import { cpus, loadavg, totalmem } from 'node:os'
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateDump } from './generate.ts'
import { generateRows } from './generate-rows.ts'
import { measureIdRecall, recallRows } from './id-recall.ts'
import { benchImports, benchRestore, benchStockRestore, IMPORT_SCRIPT, installImported, settleDisk } from './import-bench.ts'
import { dataPaths } from '../../runtime/data-dir.ts'
import { PG_BIN, runCommand } from './pg-cluster.ts'
import { benchPostgres } from './postgres-bench.ts'
import { buildQueries } from './queries.ts'
import { computeRatios, markdownTable, writeReport, type BenchResults, type Skipped } from './report.ts'
import { benchStartup, memoryOf, serverCommand, startServer } from './server-bench.ts'
import { benchTorznab, torznabLoadGenerator, type PassOptions } from './torznab-bench.ts'
import type { GroundTruth } from './truth.ts'

const ROOT = join(import.meta.dir, '..', '..')
const BENCH_DIR = join(ROOT, '.data', 'bench')

const USAGE = 'usage: bun run bench [--torrents 1000000] [--seed icvdb] [--requests 400] [--seconds 30] [--clients 8]'

const options = (() => {
  const values: Record<string, string> = { torrents: '1000000', seed: 'icvdb', requests: '400', seconds: '30', clients: '8' }
  const argv = process.argv.slice(2)
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '')
    if (!(key in values) || argv[i + 1] === undefined) {
      console.error(USAGE)
      process.exit(argv[i] === '--help' ? 0 : 2)
    }
    values[key] = argv[i + 1]
  }
  const number = (key: string): number => {
    const value = Number(values[key])
    if (!Number.isFinite(value) || value <= 0) console.error(`--${key} must be a positive number\n${USAGE}`), process.exit(2)
    return value
  }
  const torrents = number('torrents')
  const size = torrents % 1000000 === 0 ? `${torrents / 1000000}m` : torrents % 1000 === 0 ? `${torrents / 1000}k` : String(torrents)
  // The default seed keeps the short names (.data/bench/icvdb-1m.dump); another seed gets its own files.
  const name = values.seed === 'icvdb' ? size : `${size}-${values.seed.replace(/[^\w-]/g, '_')}`
  return {
    torrents,
    seed: values.seed,
    dump: join(BENCH_DIR, `icvdb-${name}.dump`),
    truth: join(BENCH_DIR, `icvdb-${name}.truth.json`),
    dataDir: join(BENCH_DIR, `data-${name}`),
    requests: number('requests'),
    seconds: number('seconds'),
    clients: number('clients'),
  }
})()

const log = (line: string) => console.log(line)
// Imports per run: ours takes ~11 s, so the median of three is cheap; pg_restore (~42 s) runs once.
const IMPORT_RUNS = 3
const skipped = (reason: string): Skipped => (log(`  skipped: ${reason}`), { skipped: reason })
// Mixed requests sent before the first kind (at most 20 s: PostgreSQL answers ~6 such requests a second).
const WARM_UP_REQUESTS = 1000

/** The passes of both sides, warmed up with mixed requests the passes do not ask (seed `warm-up`). */
const passesFor = (truth: GroundTruth): PassOptions => ({
  warmup: 10,
  warmUp: { queries: buildQueries(truth, WARM_UP_REQUESTS, 'warm-up').mixed, requests: WARM_UP_REQUESTS, maxSeconds: 20 },
  single: { clients: 1, requests: Math.max(20, Math.round(options.requests / 4)), maxSeconds: options.seconds / 2 },
  concurrent: { clients: options.clients, requests: options.requests, maxSeconds: options.seconds },
})

/** The dump and its ground truth; generated (minutes at 1M) when missing, the truth alone in seconds. */
const ensureDump = async (): Promise<GroundTruth> => {
  if (!existsSync(options.dump)) {
    log(`== generating ${options.dump} (${options.torrents.toLocaleString('en')} torrents; this takes minutes)`)
    await generateDump({
      torrents: options.torrents,
      seed: options.seed,
      out: options.dump,
      truth: options.truth,
      workDir: join(BENCH_DIR, 'pg-generate'),
      log,
    })
  }
  if (!existsSync(options.truth)) {
    log(`== recomputing the ground truth of seed ${options.seed}`)
    const truth = await generateRows(options.seed, options.torrents, { line: () => {}, drain: async () => {} })
    writeFileSync(options.truth, JSON.stringify(truth))
  }
  return JSON.parse(readFileSync(options.truth, 'utf8')) as GroundTruth
}

const hasSnapshot = (): boolean => existsSync(join(options.dataDir, 'state', 'snapshot.json'))

const main = async () => {
  const started = performance.now()
  const machine = {
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model,
    memory_gb: Math.round(totalmem() / 2 ** 30),
    load_average_before: loadavg(),
    bun: Bun.version,
    postgres: (await runCommand([join(PG_BIN, 'postgres'), '--version'])).trim(),
  }
  log(`machine: ${JSON.stringify(machine)}`)
  const truth = await ensureDump()
  const queries = buildQueries(truth, 500)
  const passes = passesFor(truth)
  const dump = { path: options.dump, bytes: statSync(options.dump).size, seed: options.seed, counts: truth.counts }
  log(`dump: ${(dump.bytes / 2 ** 20).toFixed(1)} MiB, ${JSON.stringify(truth.counts)}`)

  log('== import (icvdb-indexer)')
  let importFigures: BenchResults['import']
  if (!existsSync(IMPORT_SCRIPT)) importFigures = skipped('test/bench/import-snapshot.ts is missing')
  else {
    rmSync(options.dataDir, { recursive: true, force: true })
    importFigures = await benchImports(options.dump, options.dataDir, IMPORT_RUNS).catch((error) =>
      skipped(`import failed: ${(error as Error).message}`),
    )
    if (!('skipped' in importFigures)) {
      log(
        `  ${importFigures.seconds} s (median of ${importFigures.runs_seconds?.join(', ')} s), ${importFigures.rows_per_second.toLocaleString('en')} rows/s, peak RSS ${importFigures.peak_rss_mb} MB`,
      )
      installImported(options.dataDir)
    }
  }
  if ('skipped' in importFigures && !hasSnapshot()) log('  (no installed snapshot either: the Torznab parts will be skipped)')

  log('== id searches against the ground truth (page-1 recall and precision, in-process)')
  let idRecall: BenchResults['id_recall'] = { skipped: `no installed snapshot in ${options.dataDir}` }
  if (hasSnapshot()) {
    const directory = join(dataPaths(options.dataDir).snapshots, 'bench')
    try {
      const [without, withCrosswalk] = [
        await measureIdRecall({ directory, truth, sample: 4000, withoutCrosswalk: true }),
        await measureIdRecall({ directory, truth, sample: 4000 }),
      ]
      idRecall = { with: withCrosswalk, without }
      for (const row of recallRows(idRecall)) log(`  ${row}`)
    } catch (error) {
      idRecall = skipped(`id recall failed: ${(error as Error).message}`)
    }
  } else log(`  skipped: ${idRecall.skipped}`)

  log('== pg_restore into PostgreSQL 15 and the predecessor SQL')
  let restore: BenchResults['pg_restore'] = { skipped: 'not run' }
  let postgres: BenchResults['postgres'] = { skipped: 'not run' }
  const rows = Number(truth.counts.torrents) + Number(truth.counts.files) + Number(truth.counts.pack_files)
  try {
    settleDisk()
    const { cluster, figures } = await benchRestore(options.dump, join(BENCH_DIR, 'pg-restore'), rows, log)
    restore = figures
    try {
      postgres = await benchPostgres(cluster.uri('icvdb'), queries, passes, log)
    } finally {
      await cluster.stop()
    }
  } catch (error) {
    const reason = `PostgreSQL side failed: ${(error as Error).message}`
    if ('skipped' in restore) restore = skipped(reason)
    postgres = skipped(reason)
  }
  // A stock server as well: BULK_SETTINGS trade durability for speed, while our import syncs its files
  // before it reports success, so the stock (durable) server is the like-for-like baseline. Both are reported.
  settleDisk()
  const restoreStock: BenchResults['pg_restore_stock'] = await benchStockRestore(
    options.dump,
    join(BENCH_DIR, 'pg-restore-stock'),
    rows,
    log,
  ).catch((error) => skipped(`stock restore failed: ${(error as Error).message}`))

  log(
    `== start-up to first answer (${serverCommand().kind === 'binary' ? 'dist/icvdb-indexer' : 'bun runtime/main.ts: dist/icvdb-indexer is not built'})`,
  )
  const noSnapshot = `no installed snapshot in ${options.dataDir}`
  const startup = hasSnapshot()
    ? await benchStartup(options.dataDir, 5).catch((error) => skipped((error as Error).message))
    : skipped(noSnapshot)
  if (!('skipped' in startup)) log(`  median ${startup.median_ms} ms (${startup.runs_ms.join(', ')})`)

  log(`== Torznab over loopback (1 client, then ${options.clients}; concurrent passes: ${torznabLoadGenerator()})`)
  let torznab: BenchResults['torznab'] = { skipped: noSnapshot }
  let uncached: BenchResults['torznab'] = { skipped: noSnapshot }
  let memory: BenchResults['memory'] = { skipped: noSnapshot }
  if (!hasSnapshot()) log(`  skipped: ${noSnapshot}`)
  else {
    // First with the answer cache off (every request computed), then as a user runs it.
    for (const cached of [false, true]) {
      log(cached ? '  as configured by default (answer cache on):' : '  every answer computed (SEARCH_CACHE_MB=0):')
      try {
        const server = await startServer(options.dataDir, serverCommand(), cached ? {} : { SEARCH_CACHE_MB: '0' })
        try {
          await Bun.sleep(2000)
          const idle = memoryOf(server.pid)
          const figures = await benchTorznab(server.url, queries, passes, log)
          if (!cached) uncached = figures
          else {
            torznab = figures
            const loaded = memoryOf(server.pid)
            memory = {
              idle_rss_mb: idle.rss_mb,
              loaded_rss_mb: loaded.rss_mb,
              loaded_peak_rss_mb: loaded.peak_rss_mb,
              idle_anon_mb: idle.anon_mb,
              loaded_anon_mb: loaded.anon_mb,
            }
          }
        } finally {
          await server.stop()
        }
      } catch (error) {
        const failed = skipped(`Torznab run failed: ${(error as Error).message}`)
        if (cached) torznab = memory = failed
        else uncached = failed
      }
    }
  }

  const partial = {
    generated_at: new Date().toISOString(),
    machine,
    dump,
    import: importFigures,
    id_recall: idRecall,
    pg_restore: restore,
    pg_restore_stock: restoreStock,
    torznab,
    torznab_uncached: uncached,
    torznab_load_generator: torznabLoadGenerator(),
    postgres,
    startup,
    memory,
  }
  const results: BenchResults = { ...partial, ratios: computeRatios(partial) }
  writeReport(results)
  log(`\n${markdownTable(results)}\n\nwritten to test/bench/results/latest.json in ${((performance.now() - started) / 1000).toFixed(0)} s`)
}

process.on('SIGINT', () => process.exit(130))
await main()
