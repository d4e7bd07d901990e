#!/usr/bin/env bun
/**
 * Two builds of the service, in turn, on the snapshot a full `bun run bench` left installed: per round
 * and kind, warm-up then a measured pass with N clients, alternating builds so that a machine whose
 * speed drifts (a shared VM) slows both alike. Prints the median of the rounds.
 *   bun test/bench/compare-builds.ts --base /path/to/older/icvdb-indexer [--build dist/icvdb-indexer]
 *     [--kinds title,season,mixed] [--rounds 3] [--cache off|on] [--requests 400] [--clients 8] [--torrents 1m]
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { LoadSummary } from './load.ts'
import { buildQueries, QUERY_KINDS, type QueryKind } from './queries.ts'
import { startServer } from './server-bench.ts'
import { passOver, torznabConcurrentPass, torznabRunner, WRK_SECONDS } from './torznab-bench.ts'
import type { GroundTruth } from './truth.ts'

const ROOT = join(import.meta.dir, '..', '..')
const USAGE =
  'usage: bun test/bench/compare-builds.ts --base BINARY [--build BINARY] [--kinds k1,k2] [--rounds 3] [--cache off|on] [--requests 400] [--clients 8] [--torrents 1m]'
const values: Record<string, string> = {
  base: '',
  build: join(ROOT, 'dist', 'icvdb-indexer'),
  kinds: QUERY_KINDS.join(','),
  rounds: '3',
  cache: 'off',
  requests: '400',
  clients: '8',
  torrents: '1m',
}
const argv = process.argv.slice(2)
for (let i = 0; i < argv.length; i += 2) {
  const key = argv[i].replace(/^--/, '')
  if (!(key in values) || argv[i + 1] === undefined) console.error(USAGE), process.exit(2)
  values[key] = argv[i + 1]
}
const builds = { base: values.base, build: values.build }
for (const binary of Object.values(builds))
  if (!binary || !existsSync(binary)) console.error(`no executable at "${binary}"\n${USAGE}`), process.exit(2)
const kinds = values.kinds.split(',') as QueryKind[]
if (kinds.some((kind) => !QUERY_KINDS.includes(kind))) console.error(`kinds are ${QUERY_KINDS.join(', ')}`), process.exit(2)

const dataDir = join(ROOT, '.data', 'bench', `data-${values.torrents}`)
const truth = JSON.parse(readFileSync(join(ROOT, '.data', 'bench', `icvdb-${values.torrents}.truth.json`), 'utf8')) as GroundTruth
const queries = buildQueries(truth, 500)
const clients = Number(values.clients)
const requests = Number(values.requests)
const env: Record<string, string> = values.cache === 'off' ? { SEARCH_CACHE_MB: '0' } : {}

const results = new Map<string, LoadSummary[]>()
for (let round = 1; round <= Number(values.rounds); round++) {
  for (const [name, binary] of Object.entries(builds)) {
    const server = await startServer(dataDir, { kind: 'binary', command: [binary] }, env)
    try {
      // wrk when installed (torznab-bench.ts), each pass for as long as the warm-up's 30 s allow it.
      const pass = passOver(torznabRunner(server.url), torznabConcurrentPass(server.url, WRK_SECONDS))
      for (const kind of kinds) {
        const list = queries[kind]
        // Warm-up (JIT, word lists) from further along the list, then the measured pass.
        await pass(list, requests, { clients, requests: Math.round(requests / 2), maxSeconds: 30 })
        const summary = await pass(list, 0, { clients, requests, maxSeconds: 30 })
        results.set(`${kind} ${name}`, [...(results.get(`${kind} ${name}`) ?? []), summary])
      }
    } finally {
      await server.stop()
    }
    console.error(`round ${round}: ${name} done`)
  }
}

const median = (numbers: number[]): number => [...numbers].sort((a, b) => a - b)[numbers.length >> 1]
console.log(`| kind | build | req/s (rounds) | median req/s | median p50 (ms) | p99 (rounds, ms) | median p99 (ms) |`)
console.log('|---|---|---|---|---|---|---|')
for (const kind of kinds) {
  for (const name of Object.keys(builds)) {
    const runs = results.get(`${kind} ${name}`) ?? []
    const rps = runs.map((run) => run.requests_per_second)
    const p99 = runs.map((run) => run.ms.p99)
    console.log(
      `| ${kind} | ${name} | ${rps.map(Math.round).join(' / ')} | ${Math.round(median(rps))} | ${median(runs.map((run) => run.ms.p50))} | ${p99.join(' / ')} | ${median(p99)} |`,
    )
  }
}
