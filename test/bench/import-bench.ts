/**
 * Import of the large dump: our importer (test/bench/import-snapshot.ts, run as a subprocess under
 * /usr/bin/time) beside `pg_restore -j2` of the same archive into PostgreSQL 15 with the upstream indexes.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { dataPaths } from '../../runtime/data-dir.ts'
import { writeInstalled } from '../../runtime/updater/installed.ts'
import { join } from 'node:path'
import { BULK_SETTINGS, PG_BIN, runCommand, startPgCluster, type PgCluster } from './pg-cluster.ts'

export const IMPORT_SCRIPT = join(import.meta.dir, 'import-snapshot.ts')
/** Where import-snapshot.ts leaves the snapshot it built. */
export const IMPORTED = (dataDir: string): string => join(dataDir, 'work', 'import-bench')

/**
 * Installs the benchmark's snapshot as the service would after an update (snapshots/ + the atomic
 * record), because the service empties work/ at start-up.
 */
export const installImported = (dataDir: string): void => {
  const paths = dataPaths(dataDir)
  const directory = 'bench'
  rmSync(join(paths.snapshots, directory), { recursive: true, force: true })
  mkdirSync(paths.snapshots, { recursive: true })
  renameSync(IMPORTED(dataDir), join(paths.snapshots, directory))
  writeInstalled(paths, { tag: 'bench', directory, installed_at: new Date().toISOString() })
}

export interface ImportFigures {
  seconds: number
  peak_rss_mb: number
  rows: number
  rows_per_second: number
  bytes: number
  /** Wall time and peak RSS seen from outside (/usr/bin/time), start-up of bun included. */
  outer_seconds: number
  outer_peak_rss_mb: number
  disk_mb: number
  /** Every run's seconds when several ran (`seconds` is then their median, the peak RSS their largest). */
  runs_seconds?: number[]
}

export interface RestoreFigures {
  jobs: number
  seconds: number
  rows_per_second: number
  analyze_seconds: number
  disk_mb: number
  settings: Record<string, string>
}

const directorySize = (path: string): number => {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.size
  return readdirSync(path).reduce((sum, name) => sum + directorySize(join(path, name)), 0)
}

const mb = (bytes: number): number => Math.round((bytes / 2 ** 20) * 10) / 10

/**
 * Runs the importer once; its last stdout line is `{seconds, peak_rss_mb, rows, bytes}`. `wrap` may put
 * the command inside a confinement (the NAS profile's cgroup and core).
 */
export const benchImport = async (dump: string, dataDir: string, wrap = (command: string[]) => command): Promise<ImportFigures> => {
  const timing = '%e %M'
  const child = Bun.spawn(['/usr/bin/time', '-f', timing, ...wrap([process.execPath, IMPORT_SCRIPT, dump, dataDir])], {
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
  if (code !== 0) throw new Error(`import-snapshot.ts exited with ${code}: ${stderr.trim().slice(-2000)}`)
  const line = stdout.trim().split('\n').at(-1) ?? ''
  const own = JSON.parse(line) as { seconds: number; peak_rss_mb: number; rows: number | Record<string, number>; bytes: number }
  const rows = typeof own.rows === 'number' ? own.rows : Object.values(own.rows).reduce((sum, n) => sum + n, 0)
  const [outerSeconds, outerKb] = (stderr.trim().split('\n').at(-1) ?? '0 0').split(' ').map(Number)
  return {
    seconds: own.seconds,
    peak_rss_mb: own.peak_rss_mb,
    rows,
    rows_per_second: Math.round(rows / own.seconds),
    bytes: own.bytes,
    outer_seconds: outerSeconds,
    outer_peak_rss_mb: Math.round(outerKb / 102.4) / 10,
    disk_mb: mb(directorySize(IMPORTED(dataDir))),
  }
}

/**
 * Writes out what earlier steps left dirty (a deleted data directory, an import's files) so the
 * write-back of one timed step does not land in the next one's time.
 */
export const settleDisk = (): void => void Bun.spawnSync(['sync'])

/**
 * `runs` imports one after the other (the machine is noisy: ±15–25% between identical runs), reported
 * as the median run with every run's time beside it and the largest peak RSS.
 */
export const benchImports = async (dump: string, dataDir: string, runs: number): Promise<ImportFigures> => {
  const all: ImportFigures[] = []
  for (let run = 0; run < runs; run++) {
    settleDisk()
    all.push(await benchImport(dump, dataDir))
  }
  const median = [...all].sort((a, b) => a.seconds - b.seconds)[Math.floor(all.length / 2)]
  return {
    ...median,
    peak_rss_mb: Math.max(...all.map((figures) => figures.peak_rss_mb)),
    runs_seconds: all.map((figures) => figures.seconds),
  }
}

/**
 * PostgreSQL 15's own defaults for what BULK_SETTINGS changes: a restore as a stock server does it,
 * durable like our import (which syncs its files before it reports success).
 */
export const STOCK_SETTINGS: Record<string, string> = {
  fsync: 'on',
  synchronous_commit: 'on',
  full_page_writes: 'on',
  wal_level: 'replica',
  max_wal_senders: '10',
  max_wal_size: '1GB',
  checkpoint_timeout: '5min',
  shared_buffers: '128MB',
  maintenance_work_mem: '64MB',
  work_mem: '4MB',
}

const RESTORE_JOBS = 2

/** pg_restore -j2 of `dump` into a new database icvdb of `cluster`; seconds. */
const restoreInto = async (cluster: PgCluster, dump: string): Promise<number> => {
  await cluster.psql('postgres', ['-c', `CREATE DATABASE icvdb TEMPLATE template0 ENCODING 'UTF8'`])
  const started = performance.now()
  await runCommand([
    join(PG_BIN, 'pg_restore'),
    '-j',
    String(RESTORE_JOBS),
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '-d',
    cluster.uri('icvdb'),
    dump,
  ])
  return (performance.now() - started) / 1000
}

const round2 = (value: number): number => Math.round(value * 100) / 100

/** The figures of a restore into database icvdb of `cluster` that took `seconds`. */
const restoreFigures = async (
  cluster: PgCluster,
  seconds: number,
  rows: number,
  analyzeSeconds: number,
  settings: Record<string, string>,
): Promise<RestoreFigures> => {
  const size = Number((await cluster.psql('icvdb', ['-At', '-c', `SELECT pg_database_size('icvdb')`])).trim())
  return {
    jobs: RESTORE_JOBS,
    seconds: round2(seconds),
    rows_per_second: Math.round(rows / seconds),
    analyze_seconds: round2(analyzeSeconds),
    disk_mb: mb(size),
    settings,
  }
}

/** The same restore into a cluster with stock settings (then stopped and removed): the durable baseline. */
export const benchStockRestore = async (
  dump: string,
  workDir: string,
  rows: number,
  log: (line: string) => void,
): Promise<RestoreFigures> => {
  const cluster = await startPgCluster({ directory: workDir, log, settings: STOCK_SETTINGS })
  try {
    const seconds = await restoreInto(cluster, dump)
    log(`  pg_restore -j${RESTORE_JOBS}, stock settings: ${seconds.toFixed(1)} s`)
    return await restoreFigures(cluster, seconds, rows, 0, STOCK_SETTINGS)
  } finally {
    await cluster.stop()
  }
}

/** Restores into a fresh cluster; the cluster stays up for the query benchmark (the caller stops it). */
export const benchRestore = async (
  dump: string,
  workDir: string,
  rows: number,
  log: (line: string) => void,
): Promise<{ cluster: PgCluster; figures: RestoreFigures }> => {
  const cluster = await startPgCluster({ directory: workDir, log })
  try {
    const seconds = await restoreInto(cluster, dump)
    log(`  pg_restore -j${RESTORE_JOBS}: ${seconds.toFixed(1)} s`)
    // What autovacuum would do before the first queries of a real deployment; not part of the restore time.
    const analyzeStarted = performance.now()
    await cluster.psql('icvdb', ['-c', 'VACUUM (ANALYZE)'])
    const analyzeSeconds = (performance.now() - analyzeStarted) / 1000
    return { cluster, figures: await restoreFigures(cluster, seconds, rows, analyzeSeconds, BULK_SETTINGS) }
  } catch (error) {
    await cluster.stop()
    throw error
  }
}
