#!/usr/bin/env bun
/** Composition root and CLI: `icvdb-indexer [serve|import <file|url>|check] [--port N] [--data-dir DIR]`. */
import { APPLICATION_VERSION, createContext } from './context.ts'
import { useSqliteTempDirectory } from './db/database.ts'
import { EnvError, parseRuntimeEnv, type Flags, type RuntimeEnv } from './env.ts'
import { listen } from './http-server.ts'
import { openDataDir, listenFailure } from './startup.ts'
import { describeError, StartupError } from './errors.ts'
import { dataPaths } from './data-dir.ts'
import { createIndexer } from './indexer.ts'
import { lockHolder } from './service-lock.ts'

const HELP = `icvdb-indexer ${APPLICATION_VERSION} — a Torznab indexer for ICVDB snapshots

Usage:
  icvdb-indexer [serve] [--port N] [--host ADDR] [--data-dir DIR]   run the service (default)
  icvdb-indexer import <file|url> [--data-dir DIR]                  install a pg_dump snapshot by hand
  icvdb-indexer check [--data-dir DIR]                              run one update check now
  icvdb-indexer --help | --version

Environment: DATA_DIR (/data), PORT (8000), HOST (0.0.0.0), DB_AUTO_UPDATE, DB_UPDATE_INTERVAL,
RESULT_PRESET, MANAGER_URL, MANAGER_API_KEY, MANAGER_INDEXER_URL, SNAPSHOT_RELEASE_URL,
DB_UPDATE_START_DELAY, MAGNET_TRACKERS, SEARCH_WORKERS, SEARCH_CACHE_MB, ALLOWED_HOSTS,
TRUSTED_PROXIES, RELEASE_TITLES, LOG_LEVEL (info), UPLOAD_MAX_BYTES, REQUEST_HISTORY_SIZE. See the README.
While a service runs on the same data directory, import and check hand the work to it.
`

export interface ParsedArgs {
  command: 'serve' | 'import' | 'check' | 'help' | 'version'
  target?: string
  flags: Flags
}

export class UsageError extends Error {}

const FLAG_NAMES: Record<string, keyof Flags> = { '--port': 'port', '--host': 'host', '--data-dir': 'dataDir' }

export const parseArgs = (argv: string[]): ParsedArgs => {
  const flags: Flags = {}
  const positional: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--help' || arg === '-h') return { command: 'help', flags }
    if (arg === '--version' || arg === '-v') return { command: 'version', flags }
    const [name, inline] = arg.split(/=(.*)/s, 2)
    if (name in FLAG_NAMES) {
      const value = inline ?? argv[++i]
      if (value === undefined) throw new UsageError(`${name} needs a value`)
      flags[FLAG_NAMES[name]] = value
    } else if (arg.startsWith('-')) {
      throw new UsageError(`unknown option ${arg}`)
    } else positional.push(arg)
  }
  const [command = 'serve', target, ...rest] = positional
  if (rest.length > 0) throw new UsageError(`unexpected argument ${rest[0]}`)
  if (command === 'serve' || command === 'check') {
    if (target !== undefined) throw new UsageError(`unexpected argument ${target}`)
    return { command, flags }
  }
  if (command === 'import') {
    if (target === undefined) throw new UsageError('import needs a dump file or URL')
    return { command, target, flags }
  }
  throw new UsageError(`unknown command ${command}`)
}

/** `serve`: the indexer of runtime/indexer.ts on its own Bun.serve; runs until SIGINT or SIGTERM. */
const serve = async (env: RuntimeEnv, flags: Flags): Promise<void> => {
  const indexer = await createIndexer({ dataDir: env.dataDir, env: process.env, flags })
  const ctx = indexer.context
  let server: ReturnType<typeof listen>
  try {
    server = listen(ctx, { port: ctx.env.port, hostname: ctx.env.host }, indexer)
  } catch (error) {
    await indexer.close()
    throw listenFailure(error, ctx.env)
  }
  indexer.start({ address: { host: ctx.env.host, port: server.port ?? ctx.env.port } })
  ctx.log.info(
    `icvdb-indexer ${ctx.version} listening on http://${ctx.env.host}:${server.port} (data: ${ctx.env.dataDir}${ctx.writable ? '' : ', read-only'})`,
  )
  let stopping = false
  const stop = async (signal: NodeJS.Signals) => {
    // A second Ctrl-C while closing waits for the same close: the snapshot files are being released.
    if (stopping) return
    stopping = true
    ctx.log.info(`${signal}: stopping (requests in flight finish, an update in progress is abandoned and cleaned up at the next start)`)
    server.stop()
    await indexer.close()
    ctx.log.info('stopped')
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

const runCommand = async (args: ParsedArgs): Promise<number> => {
  if (args.command === 'help') return (void process.stdout.write(HELP), 0)
  if (args.command === 'version') return (void process.stdout.write(`${APPLICATION_VERSION}\n`), 0)
  const env = parseRuntimeEnv(process.env, args.flags)
  if (args.command !== 'serve') {
    // The service owns the snapshot files: it runs the import or check, this process shows the progress.
    const holder = await lockHolder(dataPaths(env.dataDir))
    if (holder?.command === 'serve') {
      const { handOver } = await import('./cli-handover.ts')
      return handOver(dataPaths(env.dataDir), holder.pid, args.command, args.target, { out: process.stdout, err: process.stderr })
    }
  }
  if (args.command === 'serve') {
    await serve(env, args.flags)
    return -1
  }
  // Taken before the context exists: building it cleans work/, which a running service may be using.
  const dataDir = await openDataDir(env, args.command)
  const ctx = createContext({ flags: args.flags, dataDir: env.dataDir })
  if (ctx.writable) useSqliteTempDirectory(ctx.paths.work)
  const { runCliCommand } = await import('./cli-commands.ts')
  const code = await runCliCommand(ctx, args.command, args.target)
  await ctx.close()
  dataDir.release()
  return code
}

/** Every start-up failure is one line on stderr: 2 for configuration, 1 for the environment. */
const failStartup = (error: unknown): never => {
  if (error instanceof UsageError) {
    process.stderr.write(`icvdb-indexer: ${error.message}\nRun icvdb-indexer --help for usage.\n`)
    process.exit(2)
  }
  if (error instanceof EnvError) {
    process.stderr.write(`icvdb-indexer: ${error.message}\n`)
    process.exit(2)
  }
  if (error instanceof StartupError) {
    process.stderr.write(`icvdb-indexer: ${error.message}\n`)
    process.exit(error.exitCode)
  }
  process.stderr.write(`icvdb-indexer: start-up failed: ${describeError(error).replace(/\s+/g, ' ')}\n`)
  process.exit(1)
}

if (import.meta.main) {
  try {
    const code = await runCommand(parseArgs(process.argv.slice(2)))
    if (code >= 0) process.exit(code)
  } catch (error) {
    failStartup(error)
  }
}
