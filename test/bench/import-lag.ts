#!/usr/bin/env bun
/**
 * How long the importing thread's event loop is held up while an import runs (in the service, that
 * thread answers HTTP): a 1 ms timer's lateness, sampled through one import of `dump`.
 *   bun test/bench/import-lag.ts <dump> <dataDir> [--root CHECKOUT]   (another checkout's importer)
 */
import { rmSync } from 'node:fs'
import { join, resolve } from 'node:path'

const [dump, dataDir, flag, root] = process.argv.slice(2)
if (!dump || !dataDir || (flag !== undefined && flag !== '--root')) {
  console.error('usage: bun test/bench/import-lag.ts <dump> <dataDir> [--root CHECKOUT]')
  process.exit(2)
}
const checkout = resolve(root ?? join(import.meta.dir, '..', '..'))
const { importSnapshot } = (await import(
  join(checkout, 'runtime', 'importer', 'import.ts')
)) as typeof import('../../runtime/importer/import.ts')

const directory = join(dataDir, 'work', 'import-lag')
rmSync(directory, { recursive: true, force: true })
const delays: number[] = []
let expected = performance.now() + 1
const timer = setInterval(() => {
  const now = performance.now()
  delays.push(Math.max(0, now - expected))
  expected = now + 1
}, 1)
const started = performance.now()
await importSnapshot({ source: dump, directory, tag: 'lag' })
clearInterval(timer)
rmSync(directory, { recursive: true, force: true })
delays.sort((a, b) => a - b)
const at = (q: number): number => Number(delays[Math.min(delays.length - 1, Math.floor(q * delays.length))].toFixed(1))
console.log(
  JSON.stringify({
    checkout,
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    samples: delays.length,
    delay_ms: { p50: at(0.5), p99: at(0.99), max: at(1) },
  }),
)
