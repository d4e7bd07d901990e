/**
 * The package entry for embedding: `createIndexer({ dataDir, basePath })` → `{ fetch, start, close }`.
 * `icvdb-indexer serve` runs on it too, so a host gets what the CLI sets up: the data directory's
 * lock, SQLite's temp directory, the updater and the published address (docs/embedding.md).
 */
import { createApp, type Peer } from '../handlers/app.ts'
import { createContext, type AppContext, type ContextOptions } from './context.ts'
import { useSqliteTempDirectory } from './db/database.ts'
import { parseRuntimeEnv } from './env.ts'
import { publishAddress } from './service-address.ts'
import { openDataDir } from './startup.ts'

export interface IndexerOptions extends Pick<ContextOptions, 'flags' | 'logSink'> {
  /** Snapshots, settings and state live here; required, so nothing is written to /data unasked. */
  dataDir: string
  /** The path the host mounts the indexer under ('/indexer'); links and the UI keep it. '' by default. */
  basePath?: string
  /** The environment variables honoured (README); none by default, the CLI passes process.env. */
  env?: Record<string, string | undefined>
}

export interface StartOptions {
  /** Where the host listens: published so `icvdb-indexer import` and `check` hand their work over. */
  address?: { host: string; port: number }
}

export interface Indexer {
  /** The whole service as one fetch handler; `server` (Bun's) tells the peer address (TRUSTED_PROXIES). */
  fetch(request: Request, server?: Peer): Promise<Response>
  /** Starts the background work: the update schedule, and the published address. */
  start(options?: StartOptions): void
  /** Stops it, closes the snapshot and the search threads, and releases the data directory. */
  close(): Promise<void>
  readonly context: AppContext
}

export const createIndexer = async (options: IndexerOptions): Promise<Indexer> => {
  const variables = options.env ?? {}
  const env = parseRuntimeEnv(variables, { ...options.flags, dataDir: options.dataDir })
  // Taken before the context exists: building it cleans work/, which another process may be using.
  const dataDir = await openDataDir(env, 'serve')
  let ctx: AppContext
  try {
    ctx = createContext({ ...options, env: variables, dataDir: env.dataDir })
  } catch (error) {
    dataDir.release()
    throw error
  }
  // Large sorts of an import spill to the data directory, not to a small /tmp.
  if (ctx.writable) useSqliteTempDirectory(ctx.paths.work)
  let withdrawAddress = () => {}
  let closing: Promise<void> | undefined
  return {
    context: ctx,
    fetch: createApp(ctx).fetch,
    start: ({ address } = {}) => {
      // A read-only data directory serves its snapshot as it is: no update can be installed.
      if (!ctx.writable) return
      ctx.updater.start()
      if (address) withdrawAddress = publishAddress(ctx.paths, address.host, address.port, ctx.basePath)
    },
    close: () =>
      (closing ??= (async () => {
        await ctx.close()
        withdrawAddress()
        dataDir.release()
      })()),
  }
}
