#!/usr/bin/env bun
/**
 * Two checkouts' importers, in turn, on one dump, then `pg_restore -j2` of the same dump in the same
 * session: alternating the builds makes a machine whose speed drifts (a shared VM) slow both alike.
 * Prints and writes (test/bench/results/import-compare-<name>.json) each round and the medians.
 *   bun test/bench/compare-imports.ts --base /path/to/older/checkout --dump .data/bench/icvdb-1m.dump
 *     [--build .] [--rounds 3] [--restore 1] [--name 1m]
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { benchImport, benchRestore, IMPORT_SCRIPT, settleDisk, type ImportFigures } from './import-bench.ts'
import { benchOptions } from './cli-options.ts'

const ROOT = join(import.meta.dir, '..', '..')
const USAGE =
  'usage: bun test/bench/compare-imports.ts --base CHECKOUT --dump FILE [--build CHECKOUT] [--rounds 3] [--restore 1] [--name 1m]'
const values = benchOptions({ base: '', dump: '', build: ROOT, rounds: '3', restore: '1', name: 'latest' }, USAGE)
if (!values.base || !values.dump) console.error(USAGE), process.exit(2)

const builds = { base: resolve(values.base), build: resolve(values.build) }
const work = join(ROOT, '.data', 'bench', 'compare-imports')
const median = (numbers: number[]): number => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]

/** One import by the checkout at `root` (its own import-snapshot.ts, this process's Bun). */
const importWith = (root: string): Promise<ImportFigures> => {
  rmSync(work, { recursive: true, force: true })
  mkdirSync(work, { recursive: true })
  settleDisk()
  const script = join(root, 'test', 'bench', 'import-snapshot.ts')
  return benchImport(values.dump, work, (command) => command.map((part) => (part === IMPORT_SCRIPT ? script : part)))
}

const rounds: Array<Record<keyof typeof builds, ImportFigures>> = []
for (let round = 1; round <= Number(values.rounds); round++) {
  const figures = {} as Record<keyof typeof builds, ImportFigures>
  for (const [name, root] of Object.entries(builds) as Array<[keyof typeof builds, string]>) {
    figures[name] = await importWith(root)
    console.log(`round ${round} ${name}: ${figures[name].seconds} s, peak RSS ${figures[name].peak_rss_mb} MB`)
  }
  rounds.push(figures)
}
rmSync(work, { recursive: true, force: true })

let restoreSeconds: number | null = null
if (values.restore === '1') {
  settleDisk()
  const rows = median(rounds.map((round) => round.build.rows))
  const { cluster, figures } = await benchRestore(values.dump, join(ROOT, '.data', 'bench', 'compare-imports-pg'), rows, console.log)
  await cluster.stop()
  restoreSeconds = figures.seconds
}

const summary = Object.fromEntries(
  (Object.keys(builds) as Array<keyof typeof builds>).map((name) => {
    const seconds = median(rounds.map((round) => round[name].seconds))
    return [
      name,
      {
        seconds,
        peak_rss_mb: Math.max(...rounds.map((round) => round[name].peak_rss_mb)),
        restore_ratio: restoreSeconds === null ? null : Number((restoreSeconds / seconds).toFixed(2)),
      },
    ]
  }),
)
const report = { dump: values.dump, builds, rounds, pg_restore_j2_seconds: restoreSeconds, summary }
console.log(JSON.stringify(summary))
writeFileSync(join(import.meta.dir, 'results', `import-compare-${values.name}.json`), `${JSON.stringify(report, null, 2)}\n`)
