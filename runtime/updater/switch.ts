/**
 * The database switch (product.md §7): move the imported snapshot into place and check it while
 * the old one serves, then maintenance on → swap → validate → record the tag → maintenance off,
 * rolling back to the previous handle on any failure; finally the old snapshot is removed.
 */
import { randomUUID } from 'node:crypto'
import { mkdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { DataPaths } from '../data-dir.ts'
import { openSnapshot, type OpenSnapshot, type SnapshotDatabase } from '../db/database.ts'
import type { Log } from '../log.ts'
import { writeInstalled, type SnapshotOrigin } from './installed.ts'
import { activeSnapshotProblem, snapshotProblem } from './snapshot-check.ts'
import { UpdateFailure } from './types.ts'

export interface SwitchOptions {
  paths: DataPaths
  database: SnapshotDatabase
  maintenance: { active: boolean }
  log: Log
  /** The finished import directory (under $DATA_DIR/work). */
  source: string
  tag: string
  origin?: SnapshotOrigin
  now?: () => number
  /**
   * Test hook (ICVDB_TEST_PAUSE_SWITCH_MS): milliseconds to wait inside the maintenance window,
   * so kill tests can land there and 503 answers become observable. 0 in production.
   */
  pauseMs?: number
  /** The in-window validation; replaceable so tests can make it fail and watch the rollback. */
  validateActive?: (database: SnapshotDatabase, tag: string) => string | null
}

export interface SwitchResult {
  tag: string
  directory: string
  previousTag: string | null
  /** How long maintenance was on, in milliseconds. */
  windowMs: number
}

const removeDirectory = (path: string, log: Log) => {
  try {
    rmSync(path, { recursive: true, force: true })
  } catch (error) {
    // Start-up cleanup removes whatever the installed record does not name, so this is not fatal.
    log.warn(`could not remove ${path}: ${(error as Error).message}`)
  }
}

/** Moves the import into $DATA_DIR/snapshots and opens and checks it, all outside the window. */
const prepare = (options: SwitchOptions, fail: (reason: string) => never): { snapshot: OpenSnapshot; directory: string } => {
  const directory = `${options.tag}-${randomUUID().slice(0, 8)}`
  const target = join(options.paths.snapshots, directory)
  try {
    mkdirSync(options.paths.snapshots, { recursive: true, mode: 0o700 })
    renameSync(options.source, target)
  } catch (error) {
    return fail(`cannot move the new snapshot into place (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
  }
  let snapshot: OpenSnapshot | null = null
  try {
    snapshot = openSnapshot(target, options.tag)
    const problem = snapshotProblem(snapshot.db, options.tag)
    if (problem) fail(problem)
    return { snapshot, directory }
  } catch (error) {
    snapshot?.db.close()
    removeDirectory(target, options.log)
    if (error instanceof UpdateFailure) throw error
    return fail(`the new snapshot cannot be opened (${(error as Error).message})`)
  }
}

export const switchSnapshot = async (options: SwitchOptions): Promise<SwitchResult> => {
  const { database, maintenance, paths, tag } = options
  const fail = (reason: string): never => {
    throw new UpdateFailure(`Switch to ${tag} failed: ${reason}; the previous snapshot keeps serving`)
  }
  const { snapshot, directory } = prepare(options, fail)
  const validateActive = options.validateActive ?? activeSnapshotProblem

  const started = performance.now()
  maintenance.active = true
  const previous = database.swap(snapshot)
  let windowMs = 0
  try {
    if (options.pauseMs) await Bun.sleep(options.pauseMs)
    const problem = validateActive(database, tag)
    if (problem) fail(problem)
    const installedAt = new Date((options.now ?? Date.now)()).toISOString()
    try {
      writeInstalled(paths, { tag, directory, installed_at: installedAt, origin: options.origin })
    } catch (error) {
      fail(`cannot record the installed snapshot (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
    }
  } catch (error) {
    // Roll back: the previous handle was never closed, so it serves again at once.
    database.swap(previous)
    snapshot.db.close()
    removeDirectory(snapshot.directory, options.log)
    throw error
  } finally {
    maintenance.active = false
    windowMs = performance.now() - started
  }

  previous?.db.close()
  if (previous && previous.directory !== snapshot.directory) removeDirectory(previous.directory, options.log)
  options.log.info(`snapshot ${tag} is now serving (maintenance window ${windowMs.toFixed(1)} ms)`)
  return { tag, directory, previousTag: previous?.tag ?? null, windowMs }
}
