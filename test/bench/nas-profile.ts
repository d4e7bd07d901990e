#!/usr/bin/env bun
/**
 * The NAS profile: the import and the service each inside a memory-limited cgroup, pinned to one core
 * (taskset), against a dump `bun run bench` made. Needs root and the cgroup v1 memory controller
 * (/sys/fs/cgroup/memory), or cgroup v2 (/sys/fs/cgroup with memory.max).
 *   bun test/bench/nas-profile.ts [--torrents 3m] [--import-mb 512] [--serve-mb 1024] [--kinds mixed,title,deep_paging]
 * The cgroup's limit counts the page cache the process fills as well as its own memory: under it, the
 * kernel reclaims file pages (the dump read, the snapshot written or mapped) before it kills anything.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { benchImport, installImported } from './import-bench.ts'
import { benchKindList, benchOptions } from './cli-options.ts'
import { buildQueries } from './queries.ts'
import { memoryOf, serverCommand, startServer } from './server-bench.ts'
import { benchKinds, torznabConcurrentPass, torznabRunner, WRK_SECONDS } from './torznab-bench.ts'
import type { GroundTruth } from './truth.ts'

const USAGE =
  'usage: bun test/bench/nas-profile.ts [--torrents 3m] [--import-mb 512] [--serve-mb 1024] [--kinds mixed,title,deep_paging] [--core 0]'
const values = benchOptions({ torrents: '3m', 'import-mb': '512', 'serve-mb': '1024', kinds: 'mixed,title,deep_paging', core: '0' }, USAGE)
const kinds = benchKindList(values.kinds)

const benchDir = join(import.meta.dir, '..', '..', '.data', 'bench')
const dump = join(benchDir, `icvdb-${values.torrents}.dump`)
const truthFile = join(benchDir, `icvdb-${values.torrents}.truth.json`)
const dataDir = join(benchDir, `data-${values.torrents}-nas`)
if (!existsSync(dump) || !existsSync(truthFile)) console.error(`no ${dump} (run \`bun run bench --torrents …\` once)`), process.exit(2)

/** A memory cgroup with a limit, in whichever hierarchy the machine mounts. */
interface MemoryGroup {
  procs: string
  /** Peak usage in bytes (process memory and its page cache), or null where the kernel keeps none. */
  peak(): number | null
  remove(): void
}

const V1 = '/sys/fs/cgroup/memory'
const V2 = '/sys/fs/cgroup'

const memoryGroup = (name: string, limitMb: number): MemoryGroup => {
  const limit = String(limitMb * 2 ** 20)
  const v1 = existsSync(join(V1, 'memory.limit_in_bytes'))
  const path = join(v1 ? V1 : V2, name)
  if (!v1 && !existsSync(join(V2, 'cgroup.controllers'))) throw new Error('no cgroup memory controller (neither v1 nor v2) is mounted')
  rmSync(path, { recursive: true, force: true })
  mkdirSync(path)
  if (v1) {
    writeFileSync(join(path, 'memory.limit_in_bytes'), limit)
    // No swap on these machines; where there is, the profile must not lean on it.
    if (existsSync(join(path, 'memory.memsw.limit_in_bytes'))) writeFileSync(join(path, 'memory.memsw.limit_in_bytes'), limit)
  } else {
    writeFileSync(join(path, 'memory.max'), limit)
    if (existsSync(join(path, 'memory.swap.max'))) writeFileSync(join(path, 'memory.swap.max'), '0')
  }
  const peakFile = join(path, v1 ? 'memory.max_usage_in_bytes' : 'memory.peak')
  return {
    procs: join(path, 'cgroup.procs'),
    peak: () => (existsSync(peakFile) ? Number(readFileSync(peakFile, 'utf8').trim()) : null),
    // A group can only go once its processes have left it.
    remove: () => void Bun.spawnSync(['rmdir', path]),
  }
}

/** `command` run by a shell that first moves itself into `group`, then becomes taskset on one core. */
const confined = (group: MemoryGroup, command: string[]): string[] => [
  'sh',
  '-c',
  `echo $$ > ${group.procs} && exec taskset -c ${values.core} "$@"`,
  'sh',
  ...command,
]

const mib = (bytes: number | null): number | null => (bytes === null ? null : Math.round(bytes / 2 ** 20))

const importInGroup = async () => {
  const group = memoryGroup('icvdb-nas-import', Number(values['import-mb']))
  try {
    rmSync(dataDir, { recursive: true, force: true })
    const figures = await benchImport(dump, dataDir, (command) => confined(group, command))
    installImported(dataDir)
    return {
      limit_mb: Number(values['import-mb']),
      seconds: figures.seconds,
      process_peak_rss_mb: figures.peak_rss_mb,
      group_peak_mb: mib(group.peak()),
    }
  } finally {
    group.remove()
  }
}

const serveInGroup = async () => {
  const group = memoryGroup('icvdb-nas-serve', Number(values['serve-mb']))
  try {
    const truth = JSON.parse(readFileSync(truthFile, 'utf8')) as GroundTruth
    const queries = buildQueries(truth, 500)
    const command = serverCommand()
    const server = await startServer(dataDir, { ...command, command: confined(group, command.command) }, { SEARCH_CACHE_MB: '0' })
    try {
      const passes = {
        warmup: 10,
        warmUp: { queries: buildQueries(truth, 1000, 'warm-up').mixed, requests: 1000, maxSeconds: 20 },
        single: { clients: 1, requests: 100, maxSeconds: 15 },
        concurrent: { clients: 8, requests: 400, maxSeconds: 30 },
      }
      const figures = await benchKinds(
        queries,
        torznabRunner(server.url),
        passes,
        console.log,
        kinds,
        torznabConcurrentPass(server.url, WRK_SECONDS),
      )
      const memory = memoryOf(server.pid)
      return {
        limit_mb: Number(values['serve-mb']),
        startup_ms: server.startupMs,
        kinds: figures,
        loaded_rss_mb: memory.rss_mb,
        loaded_anon_mb: memory.anon_mb,
        group_peak_mb: mib(group.peak()),
      }
    } finally {
      await server.stop()
    }
  } finally {
    group.remove()
  }
}

console.log(`== import of ${dump} in ${values['import-mb']} MiB on core ${values.core}`)
const imported = await importInGroup()
console.log(JSON.stringify(imported))
console.log(`== service in ${values['serve-mb']} MiB on core ${values.core} (every answer computed), with wrk on the other cores`)
const served = await serveInGroup()
const result = { generated_at: new Date().toISOString(), torrents: values.torrents, import: imported, serve: served }
const out = join(benchDir, `nas-${values.torrents}.json`)
writeFileSync(out, JSON.stringify(result, null, 2))
console.log(`written to ${out}`)
