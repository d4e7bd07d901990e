#!/usr/bin/env bun
/**
 * The synthetic ICVDB generator: `bun test/bench/generate.ts --torrents N --seed S --out file.dump
 * [--truth truth.json] [--work DIR]`. Loads seeded rows into a throwaway PostgreSQL 15 cluster with
 * the upstream schema, then writes a real `pg_dump -Fc` archive (and the ground truth as JSON).
 */
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { openCopySink } from './copy-sink.ts'
import { generateRows } from './generate-rows.ts'
import { PG_BIN, runCommand, startPgCluster } from './pg-cluster.ts'
import type { GroundTruth } from './truth.ts'

export interface GenerateOptions {
  torrents: number
  seed: string
  out: string
  truth?: string
  /** Cluster work directory (removed afterwards); default under os.tmpdir(). */
  workDir?: string
  log?: (line: string) => void
}

export interface GenerateResult {
  out: string
  bytes: number
  seconds: { load: number; indexes: number; dump: number; total: number }
  counts: Record<string, number>
  truth: GroundTruth
}

const DATABASE = 'icvdb'

/** schema.sql split at its Indexes banner: tables load first, indexes and triggers after the data. */
const schemaParts = (): { tables: string; rest: string } => {
  const schema = readFileSync(join(import.meta.dir, 'schema.sql'), 'utf8')
  const at = schema.search(/^-- =+\n-- Indexes\n/m)
  if (at < 0) throw new Error('schema.sql has no Indexes section')
  return { tables: schema.slice(0, at), rest: schema.slice(at) }
}

// Rows are loaded with explicit ids, so the serial sequences must be moved past them.
const SEQUENCES = `
SELECT setval('public.files_id_seq', max(id)) FROM public.files HAVING max(id) IS NOT NULL;
SELECT setval('public.pack_files_id_seq', max(id)) FROM public.pack_files HAVING max(id) IS NOT NULL;
SELECT setval('public.pending_actions_id_seq', max(id)) FROM public.pending_actions HAVING max(id) IS NOT NULL;
`

const seconds = (from: number): number => Math.round((performance.now() - from) / 10) / 100

export const generateDump = async (options: GenerateOptions): Promise<GenerateResult> => {
  const log = options.log ?? (() => {})
  const started = performance.now()
  const cluster = await startPgCluster({ directory: options.workDir, log })
  try {
    await cluster.psql('postgres', ['-c', `CREATE DATABASE ${DATABASE} TEMPLATE template0 ENCODING 'UTF8'`])
    const { tables, rest } = schemaParts()
    await cluster.psql(DATABASE, ['-c', tables])

    const loadStarted = performance.now()
    const step = Math.max(1, Math.round(options.torrents / 10 / 512)) * 512
    const sink = openCopySink(cluster.uri(DATABASE), (done) => {
      if (done % step === 0 && done < options.torrents)
        log(`  ${done.toLocaleString('en')} / ${options.torrents.toLocaleString('en')} torrents`)
    })
    let truth: GroundTruth
    try {
      truth = await generateRows(options.seed, options.torrents, sink)
      await sink.finish()
    } catch (error) {
      sink.abort()
      throw error
    }
    const load = seconds(loadStarted)
    log(`loaded ${JSON.stringify(truth.counts)} in ${load} s`)

    const indexStarted = performance.now()
    const tail = join(cluster.directory, 'tail.sql')
    writeFileSync(tail, `${rest}\n${SEQUENCES}`)
    await cluster.psql(DATABASE, ['-f', tail])
    const indexes = seconds(indexStarted)
    log(`indexes, functions and triggers built in ${indexes} s`)

    const dumpStarted = performance.now()
    const partial = `${options.out}.partial`
    await runCommand([join(PG_BIN, 'pg_dump'), '-Fc', '--no-owner', '--no-privileges', '-f', partial, '-d', cluster.uri(DATABASE)])
    renameSync(partial, options.out)
    const dump = seconds(dumpStarted)
    const bytes = statSync(options.out).size
    log(`pg_dump -Fc wrote ${options.out} (${(bytes / 2 ** 20).toFixed(1)} MiB) in ${dump} s`)
    if (options.truth) writeFileSync(options.truth, JSON.stringify(truth))
    return { out: options.out, bytes, seconds: { load, indexes, dump, total: seconds(started) }, counts: truth.counts, truth }
  } catch (error) {
    rmSync(`${options.out}.partial`, { force: true })
    throw error
  } finally {
    await cluster.stop()
  }
}

const parseCli = (argv: string[]): GenerateOptions => {
  const values: Record<string, string> = {}
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith('--') || argv[i + 1] === undefined) throw new Error(`bad argument ${argv[i]}`)
    values[argv[i].slice(2)] = argv[i + 1]
  }
  const torrents = Number(values.torrents)
  if (!Number.isSafeInteger(torrents) || torrents < 10) throw new Error('--torrents must be an integer ≥ 10')
  if (!values.out) throw new Error('--out is required')
  return { torrents, seed: values.seed ?? 'icvdb', out: values.out, truth: values.truth, workDir: values.work }
}

if (import.meta.main) {
  try {
    const options = parseCli(process.argv.slice(2))
    process.on('SIGINT', () => process.exit(130))
    const result = await generateDump({ ...options, log: (line) => console.log(line) })
    console.log(JSON.stringify({ out: result.out, bytes: result.bytes, seconds: result.seconds, counts: result.counts }))
  } catch (error) {
    console.error(`generate: ${(error as Error).message}`)
    console.error('usage: bun test/bench/generate.ts --torrents N [--seed S] --out file.dump [--truth truth.json] [--work DIR]')
    process.exit(1)
  }
}
