#!/usr/bin/env bun
/**
 * The Torznab part of `bun run bench` alone, against the snapshot a full run left installed, for the
 * kinds named: minutes of import and PostgreSQL skipped while working on search.
 *   bun test/bench/torznab-only.ts [--kinds title,season] [--cache off|on] [--requests 400] [--clients 8] [--torrents 1m] [--client wrk|bun] [--seconds 5]
 * --client bun drives the concurrent passes with Bun's fetch even when wrk is installed (to compare them).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { openSnapshot } from '../../runtime/db/database.ts'
import { benchKindList, benchOptions } from './cli-options.ts'
import { buildQueries, QUERY_KINDS } from './queries.ts'
import { serverCommand, startServer } from './server-bench.ts'
import { benchKinds, torznabConcurrentPass, torznabLoadGenerator, torznabRunner, WRK_SECONDS } from './torznab-bench.ts'
import type { GroundTruth } from './truth.ts'

const USAGE =
  'usage: bun test/bench/torznab-only.ts [--kinds k1,k2] [--cache off|on] [--requests 400] [--clients 8] [--torrents 1m] [--client wrk|bun] [--seconds 5]'
const values = benchOptions(
  {
    kinds: QUERY_KINDS.join(','),
    cache: 'off',
    requests: '400',
    clients: '8',
    torrents: '1m',
    client: 'wrk',
    seconds: String(WRK_SECONDS),
  },
  USAGE,
)
const kinds = benchKindList(values.kinds)

const benchDir = join(import.meta.dir, '..', '..', '.data', 'bench')
const dataDir = join(benchDir, `data-${values.torrents}`)
const truthFile = join(benchDir, `icvdb-${values.torrents}.truth.json`)
if (!existsSync(join(dataDir, 'state', 'snapshot.json')) || !existsSync(truthFile)) {
  console.error(`no installed snapshot in ${dataDir} (run \`bun run bench\` once)`)
  process.exit(2)
}

// An older build's snapshot would be refused by the service, which then answers every search empty.
try {
  openSnapshot(join(dataDir, 'snapshots', 'bench'), 'bench').db.close()
} catch (error) {
  console.error(`the installed snapshot cannot serve: ${(error as Error).message} (run \`bun run bench\` again)`)
  process.exit(2)
}

const truth = JSON.parse(readFileSync(truthFile, 'utf8')) as GroundTruth
const all = buildQueries(truth, 500)
const queries = Object.fromEntries(kinds.map((kind) => [kind, all[kind]])) as typeof all
const requests = Number(values.requests)
const clients = Number(values.clients)
const passes = {
  warmup: 10,
  warmUp: { queries: buildQueries(truth, 1000, 'warm-up').mixed, requests: 1000, maxSeconds: 20 },
  single: { clients: 1, requests: Math.max(20, Math.round(requests / 4)), maxSeconds: 15 },
  concurrent: { clients, requests, maxSeconds: 30 },
}
const server = await startServer(dataDir, serverCommand(), values.cache === 'off' ? { SEARCH_CACHE_MB: '0' } : {})
try {
  await Bun.sleep(1000)
  const concurrentPass = values.client === 'bun' ? undefined : torznabConcurrentPass(server.url, Number(values.seconds))
  console.log(
    `${serverCommand().kind}, answer cache ${values.cache}, concurrent passes: ${concurrentPass ? torznabLoadGenerator() : "Bun's fetch"}`,
  )
  await benchKinds(queries, torznabRunner(server.url), passes, console.log, kinds, concurrentPass)
} finally {
  await server.stop()
}
