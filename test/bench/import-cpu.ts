#!/usr/bin/env bun
/**
 * Where an import's CPU time goes: each pipeline runs alone under Bun's sampling profiler (torrents.db
 * first, then files.db with the orders read from it), and each sample's function is put in a class:
 * SQLite (statements' native run/iterate/values: inserts, index builds, the title index, the rank
 * sort, quick_check), zlib (inflate), JavaScript (COPY parsing, derived columns, the crosswalk) and GC.
 * Native time is the import's floor for a given schema and archive: no JavaScript change removes it.
 * Prints a table and writes test/bench/results/import-cpu-<name>.json.
 *   bun test/bench/import-cpu.ts --dump .data/bench/icvdb-1m.dump [--name 1m]
 * With --part main|files --out DIR it is the profiled child itself.
 */
import { Database } from 'bun:sqlite'
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { openArchive } from '../../runtime/pgarchive/reader.ts'
import { runPipeline, type PipelinePart } from '../../runtime/importer/pipeline.ts'
import { readRankOrders } from '../../runtime/importer/rank-order.ts'
import { MAIN_FILE } from '../../runtime/db/schema.ts'
import { benchOptions } from './cli-options.ts'

const USAGE = 'usage: bun test/bench/import-cpu.ts --dump FILE [--name 1m]'
const values = benchOptions({ dump: '', name: 'latest', part: '', out: '' }, USAGE)
if (!values.dump) console.error(USAGE), process.exit(2)

const ROOT = join(import.meta.dir, '..', '..')
const work = join(ROOT, '.data', 'bench', 'import-cpu')

/** The child: one pipeline, alone, into `out` (files.db takes its orders from torrents.db already there). */
const runPart = async (part: PipelinePart, out: string): Promise<void> => {
  const orders = part === 'files' ? readRankOrders(new Database(join(out, MAIN_FILE), { readonly: true })) : null
  const archive = await openArchive(resolve(values.dump))
  try {
    await runPipeline(archive, out, part, orders ? { rankOrder: async () => orders } : {})
  } finally {
    archive.close()
  }
}

type Category = 'sqlite' | 'zlib' | 'javascript' | 'gc' | 'other native'
const SQLITE_CALLS = new Set(['run', 'iterate', 'iterateNext', 'values', 'get', 'all', 'prepare'])

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[]
  samples: number[]
  timeDeltas: number[]
}

/** A sampled function's class: native frames have no url; a regex's own frame counts as JavaScript's work. */
const categoryOf = ({ functionName, url }: { functionName: string; url: string }): Category | null => {
  if (url) return 'javascript'
  if (SQLITE_CALLS.has(functionName)) return 'sqlite'
  if (functionName === 'writeSync') return 'zlib'
  if (functionName === 'gc' || functionName === '(garbage collector)') return 'gc'
  if (functionName.startsWith('(')) return null
  if (functionName.startsWith('/')) return 'javascript'
  return 'other native'
}

/** Seconds of self time per class in one .cpuprofile. */
const secondsByCategory = (profile: Profile): Record<Category, number> => {
  const microseconds = new Map<number, number>()
  profile.samples.forEach((node, index) => microseconds.set(node, (microseconds.get(node) ?? 0) + (profile.timeDeltas[index] ?? 0)))
  const totals: Record<Category, number> = { sqlite: 0, zlib: 0, javascript: 0, gc: 0, 'other native': 0 }
  for (const node of profile.nodes) {
    const category = categoryOf(node.callFrame)
    if (category) totals[category] += (microseconds.get(node.id) ?? 0) / 1e6
  }
  return totals
}

// The pipeline's own phase timings (ICVDB_IMPORT_TIMINGS), summed by what each step is.
const STEP_KINDS: Array<[RegExp, string]> = [
  [/^\[import (main|files) load\]/, 'load (decode, derive, insert)'],
  [/^\[import CREATE INDEX/, 'index builds'],
  [/^\[import (INSERT INTO torrents_fts|torrents_fts finish|DROP TABLE)/, 'title index and crosswalk writes'],
  [/^\[import rank tables\]/, 'rank orders (sort and tables)'],
  [/^\[import (main|files) validate\]/, 'validation (quick_check, counts)'],
]
const stepSeconds = (stderr: string): Record<string, number> => {
  const totals: Record<string, number> = {}
  for (const line of stderr.split('\n')) {
    const seconds = Number(/\] ([\d.]+) s,/.exec(line)?.[1])
    const kind = STEP_KINDS.find(([pattern]) => pattern.test(line))?.[1]
    if (kind && Number.isFinite(seconds)) totals[kind] = (totals[kind] ?? 0) + seconds
  }
  return totals
}

interface PartFigures {
  wall: number
  cpu: Record<Category, number>
  steps: Record<string, number>
}

const profilePart = async (part: PipelinePart, out: string): Promise<PartFigures> => {
  const directory = join(work, `profile-${part}`)
  rmSync(directory, { recursive: true, force: true })
  const started = performance.now()
  const child = Bun.spawn(
    [process.execPath, '--cpu-prof', `--cpu-prof-dir=${directory}`, import.meta.path, '--dump', values.dump, '--part', part, '--out', out],
    { stdout: 'inherit', stderr: 'pipe', env: { ...process.env, ICVDB_IMPORT_TIMINGS: '1' } },
  )
  const stderr = await new Response(child.stderr).text()
  if ((await child.exited) !== 0) throw new Error(`the ${part} pipeline failed: ${stderr.slice(-2000)}`)
  const wall = (performance.now() - started) / 1000
  const [file] = readdirSync(directory).filter((name) => name.endsWith('.cpuprofile'))
  return { wall, cpu: secondsByCategory(JSON.parse(await Bun.file(join(directory, file)).text())), steps: stepSeconds(stderr) }
}

if (values.part) {
  await runPart(values.part as PipelinePart, values.out)
  process.exit(0)
}

const out = join(work, 'snapshot')
rmSync(work, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
const parts = { main: await profilePart('main', out), files: await profilePart('files', out) }
rmSync(work, { recursive: true, force: true })

const round = (seconds: number) => Number(seconds.toFixed(2))
const categories = Object.keys(parts.main.cpu) as Category[]
console.log(`| class | torrents.db | files.db | both |\n|---|---|---|---|`)
for (const category of categories) {
  const [main, files] = [parts.main.cpu[category], parts.files.cpu[category]]
  console.log(`| ${category} | ${main.toFixed(2)} s | ${files.toFixed(2)} s | ${(main + files).toFixed(2)} s |`)
}
console.log(`\n| step (wall, each pipeline alone) | torrents.db | files.db |\n|---|---|---|`)
for (const [, kind] of STEP_KINDS)
  console.log(`| ${kind} | ${(parts.main.steps[kind] ?? 0).toFixed(2)} s | ${(parts.files.steps[kind] ?? 0).toFixed(2)} s |`)
const native = parts.main.cpu.sqlite + parts.main.cpu.zlib + parts.files.cpu.sqlite + parts.files.cpu.zlib
console.log(`each alone, wall: ${parts.main.wall.toFixed(2)} s / ${parts.files.wall.toFixed(2)} s; SQLite + zlib ${native.toFixed(2)} s`)
console.log(`with both cores busy, SQLite and zlib alone take at least ${(native / 2).toFixed(2)} s of wall time`)
const report = {
  dump: values.dump,
  parts: Object.fromEntries(
    Object.entries(parts).map(([part, { wall, cpu, steps }]) => [
      part,
      {
        wall_seconds: round(wall),
        cpu_seconds: Object.fromEntries(Object.entries(cpu).map(([name, seconds]) => [name, round(seconds)])),
        step_seconds: Object.fromEntries(Object.entries(steps).map(([name, seconds]) => [name, round(seconds)])),
      },
    ]),
  ),
  sqlite_and_zlib_seconds: round(native),
  two_core_floor_seconds: round(native / 2),
}
writeFileSync(join(import.meta.dir, 'results', `import-cpu-${values.name}.json`), `${JSON.stringify(report, null, 2)}\n`)
