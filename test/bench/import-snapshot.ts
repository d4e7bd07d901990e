#!/usr/bin/env bun
/**
 * Imports one dump and prints one JSON line: {seconds, peak_rss_mb, rows: {torrents, files, pack_files}, bytes}.
 *   bun test/bench/import-snapshot.ts <dump> <dataDir>
 * The snapshot is left in <dataDir>/work/import-bench (replaced on every run) for benchmarks that query it.
 * Peak RSS is the whole process, so it includes the files Worker (a thread of this process).
 */
import { rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { importSnapshot } from '../../runtime/importer/import.ts'

const [dump, dataDir] = process.argv.slice(2)
if (!dump || !dataDir) {
  console.error('usage: bun test/bench/import-snapshot.ts <dump> <dataDir>')
  process.exit(2)
}

const directory = join(dataDir, 'work', 'import-bench')
rmSync(directory, { recursive: true, force: true })
const started = performance.now()
const result = await importSnapshot({ source: dump, directory, tag: 'bench' })
const seconds = (performance.now() - started) / 1000
// maxRSS is in KiB (getrusage).
const peakRssMb = process.resourceUsage().maxRSS / 1024
console.log(
  JSON.stringify({
    seconds: Number(seconds.toFixed(2)),
    peak_rss_mb: Math.round(peakRssMb),
    rows: result.counts,
    bytes: statSync(dump).size,
  }),
)
