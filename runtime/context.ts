/**
 * The one runtime context every handler receives: settings, the swappable database, the updater,
 * the manager, a clock, the environment and the log. Nothing else is global.
 */
import { join } from 'node:path'
import packageJson from '../package.json' with { type: 'json' }
import { systemClock, type Clock } from './clock.ts'
import { dataPaths, prepareDataDir, type DataPaths } from './data-dir.ts'
import { openSnapshot, SnapshotDatabase } from './db/database.ts'
import { parseRuntimeEnv, type Flags, type RuntimeEnv } from './env.ts'
import { createDiagnostics, type Diagnostics, type DiagnosticsOptions } from './diagnostics/diagnostics.ts'
import { createLogLines } from './diagnostics/log-lines.ts'
import { consoleSink, createLog, type Log, type LogSink } from './log.ts'
import type { ManagerTimeouts } from './manager/client.ts'
import { createManagerService } from './manager/service.ts'
import type { ManagerService } from './manager/types.ts'
import { createSearchPool, type SearchPool } from './serving/search-pool.ts'
import { tableRows as snapshotRows } from './search/search.ts'
import { SettingsStore } from './settings/store.ts'
import { readInstalled, removeLeftovers, unopenedSnapshot, type InstalledSnapshot } from './updater/installed.ts'
import type { ImportSnapshot, Updater } from './updater/types.ts'
import { createUpdater, type UpdaterDeps } from './updater/updater.ts'

export const APPLICATION_VERSION: string = packageJson.version

interface Maintenance {
  /** True while the database switch runs: every route answers 503 (product.md §7). */
  active: boolean
}

export interface AppContext {
  version: string
  env: RuntimeEnv
  /** Where an embedder mounts the service ('' at the root; runtime/indexer.ts). */
  basePath: string
  paths: DataPaths
  /** False on a read-only data directory: the installed snapshot is served, writes are refused (issue 15). */
  writable: boolean
  settings: SettingsStore
  database: SnapshotDatabase
  /** Runs Torznab and UI searches off the main thread (SEARCH_WORKERS; 0 = in-process). */
  searchPool: SearchPool
  maintenance: Maintenance
  updater: Updater
  manager: ManagerService
  clock: Clock
  log: Log
  /** Request and update history, recent log lines, metrics (runtime/diagnostics/). */
  diagnostics: Diagnostics
  close(): Promise<void>
}

export interface ContextOptions {
  /** Environment variables (process.env by default). */
  env?: Record<string, string | undefined>
  flags?: Flags
  /** The data directory; else --data-dir or DATA_DIR. One is required: nothing writes to /data unasked. */
  dataDir?: string
  /** Where an embedder mounts the service, e.g. '/indexer' (runtime/indexer.ts); '' by default. */
  basePath?: string
  clock?: Clock
  logSink?: LogSink
  /** Optional replacement for the settings file rename (tests of the atomic write). */
  settingsRename?: (from: string, to: string) => void
  /** Shorter manager timeouts for tests of a hanging manager (product.md §5: 10 s / 30 s). */
  managerTimeouts?: ManagerTimeouts
  /** Shorter updater network deadlines for tests of a hanging release server. */
  updaterTimeouts?: UpdaterDeps['timeouts']
  /** A substitute importer (tests); the real one is loaded on first use. */
  importSnapshot?: ImportSnapshot
}

// Loaded on first use: the archive reader and importer are only needed when a snapshot is installed.
const importSnapshotOnDemand: ImportSnapshot = async (request) => (await import('./importer/import.ts')).importSnapshot(request)

/** Builds the context: loads settings, removes leftovers of a crash, opens the installed snapshot. */
export const createContext = (options: ContextOptions = {}): AppContext => {
  const variables = options.env ?? process.env
  const dataDir = options.dataDir ?? options.flags?.dataDir ?? variables.DATA_DIR?.trim()
  if (!dataDir) throw new Error('createContext needs a data directory: pass dataDir (or set DATA_DIR)')
  const env = parseRuntimeEnv(variables, { ...options.flags, dataDir })
  const basePath = basePathOf(options.basePath ?? '')
  const paths = dataPaths(env.dataDir)
  const { writable } = prepareDataDir(paths)
  let settings: SettingsStore | undefined
  const logLines = createLogLines()
  const log = createLog({
    sink: logLines.sink(options.logSink ?? consoleSink),
    level: env.logLevel,
    secrets: () => settings?.secrets() ?? [env.overrides.api_key ?? ''],
  })
  settings = new SettingsStore({
    path: paths.settings,
    keyOriginPath: paths.keyOrigin,
    overrides: env.overrides,
    log,
    rename: options.settingsRename,
  })
  settings.load()
  const keyNotice = settings.keyNotice()
  if (keyNotice !== null) log.warn(keyNotice)

  const database = new SnapshotDatabase()
  const installed = readInstalled(paths)
  const leftovers = writable ? removeLeftovers(paths, installed?.directory ?? null) : []
  if (leftovers.length > 0)
    log.warn(
      `an update was cut short when the service last stopped; its files were removed (${leftovers.slice(0, 3).join(', ')}${leftovers.length > 3 ? ', …' : ''}) and ${installed ? `${installed.tag} is still the installed snapshot` : 'no snapshot is installed yet'}`,
    )
  if (!writable)
    log.warn(`the data directory ${paths.root} is read-only: serving the installed snapshot, settings and updates cannot be saved`)
  let startupError: string | null = null
  if (installed) {
    try {
      database.swap(openSnapshot(join(paths.snapshots, installed.directory), installed.tag))
    } catch (error) {
      startupError = unopenedSnapshot(installed.tag, (error as Error).message)
      log.error(startupError)
    }
  }

  const maintenance: Maintenance = { active: false }
  const clock = options.clock ?? systemClock
  const updater = createUpdater({
    settings,
    database,
    maintenance,
    paths,
    clock,
    log,
    importSnapshot: options.importSnapshot ?? importSnapshotOnDemand,
    releaseUrl: env.releaseUrl,
    userAgent: `icvdb-indexer/${APPLICATION_VERSION}`,
    startDelaySeconds: env.startDelaySeconds,
    timeouts: options.updaterTimeouts,
    switchPauseMs: env.switchPauseMs,
    // Attempts end long after start-up: diagnostics exists by then.
    onAttempt: (attempt) => diagnostics.updateFinished(attempt),
    startupError,
  })
  const manager = createManagerService({ settings, log, timeouts: options.managerTimeouts })
  const diagnostics = createDiagnostics({
    stateDirectory: paths.state,
    log,
    logs: logLines,
    historySize: env.requestHistorySize,
    sources: diagnosticSources(database, paths, updater, manager, settings),
  })
  const searchPool = createSearchPool({
    size: env.searchWorkers,
    cacheBytes: env.searchCacheBytes,
    log,
    current: () => database.current,
  })
  return {
    version: APPLICATION_VERSION,
    env,
    basePath,
    paths,
    writable,
    settings,
    database,
    searchPool,
    maintenance,
    updater,
    manager,
    clock,
    log,
    diagnostics,
    close: async () => {
      await updater.stop()
      searchPool.close()
      database.close()
    },
  }
}

// One or more plain path segments, no trailing slash: it is put into links and compared with paths.
const BASE_PATH = /^(?:\/[A-Za-z0-9._~-]+)*$/

const basePathOf = (text: string): string => {
  const basePath = text.replace(/\/+$/, '')
  if (!BASE_PATH.test(basePath)) throw new Error(`basePath must be '' or path segments like /indexer (got "${text.slice(0, 80)}")`)
  return basePath
}

/** What /metrics reads from the service at scrape time. */
const diagnosticSources = (
  database: SnapshotDatabase,
  paths: DataPaths,
  updater: Updater,
  manager: ManagerService,
  settings: SettingsStore,
): DiagnosticsOptions['sources'] => {
  // One read of the install record per snapshot: it changes only with the snapshot.
  let installed: { tag: string; record: InstalledSnapshot | null } | null = null
  return {
    snapshot: () => {
      const current = database.current
      if (!current) return null
      if (installed?.tag !== current.tag) installed = { tag: current.tag, record: readInstalled(paths) }
      return { tag: current.tag, rows: snapshotRows(current.db), installedAt: installed.record?.installed_at ?? null }
    },
    updater: () => {
      const progress = updater.progress()
      return { phase: progress.phase, updating: updater.status().updating, bytesDone: progress.bytes_done, rowsDone: progress.rows_done }
    },
    manager: () => {
      const { url, api_key } = settings.effective().manager
      return { configured: url !== '' && api_key !== '', connected: manager.summary().connected }
    },
  }
}
