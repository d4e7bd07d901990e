/**
 * Installs a dump that is on disk: import it into $DATA_DIR/work, then switch it in. Shared by the
 * updater and `icvdb-indexer import`; a failed import leaves no work files behind.
 */
import { randomUUID } from 'node:crypto'
import { rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { storageError, type DataPaths } from '../data-dir.ts'
import type { SnapshotDatabase } from '../db/database.ts'
import { describeError } from '../errors.ts'
import type { Log } from '../log.ts'
import { formatCount } from '../progress-bar.ts'
import type { SnapshotOrigin } from './installed.ts'
import { switchSnapshot, type SwitchResult } from './switch.ts'
import { UpdateFailure, type ImportProgress, type ImportResult, type ImportSnapshot } from './types.ts'

export interface InstallDeps {
  paths: DataPaths
  database: SnapshotDatabase
  maintenance: { active: boolean }
  log: Log
  importSnapshot: ImportSnapshot
  /** Test hook, see SwitchOptions.pauseMs. */
  switchPauseMs?: number
  now?: () => number
}

export interface InstallRequest {
  dumpPath: string
  tag: string
  /** The dump's name, for messages (the asset name or the file's base name). */
  name: string
  origin?: SnapshotOrigin
  /** True for a download in work/; a file the user named is never deleted. */
  removeDump: boolean
  onProgress?: (progress: ImportProgress) => void
  /** Called when the import is done and the switch begins. */
  onSwitch?: () => void
  signal?: AbortSignal
}

export interface InstallResult extends SwitchResult {
  counts: ImportResult['counts']
  importSeconds: number
}

// A read-only or full data directory is said as the API says it, not as an errno line.
const importFailure = (name: string, error: unknown, signal?: AbortSignal) =>
  new UpdateFailure(`Import of ${name} failed: ${signal?.aborted ? 'cancelled' : (storageError(error)?.message ?? describeError(error))}`, {
    cause: error,
  })

/** Removes what a failed import left; on a data directory gone read-only that fails too, and the import's own failure is what to say. */
const removeQuietly = (path: string): void => {
  try {
    rmSync(path, { recursive: true, force: true })
  } catch {}
}

export const installDump = async (deps: InstallDeps, request: InstallRequest): Promise<InstallResult> => {
  const importDirectory = join(deps.paths.work, `${request.tag}-${randomUUID().slice(0, 8)}`)
  let imported: ImportResult
  try {
    imported = await deps.importSnapshot({
      source: request.dumpPath,
      directory: importDirectory,
      tag: request.tag,
      sourceSize: statSync(request.dumpPath).size,
      onProgress: request.onProgress,
      signal: request.signal,
    })
  } catch (error) {
    removeQuietly(importDirectory)
    throw importFailure(request.name, error, request.signal)
  } finally {
    if (request.removeDump) rmSync(request.dumpPath, { force: true })
  }
  deps.log.info(
    `imported ${request.name}: ${formatCount(imported.counts.torrents)} torrents, ${formatCount(imported.counts.files)} files, ` +
      `${formatCount(imported.counts.pack_files)} pack files in ${imported.seconds.toFixed(1)} s`,
  )
  request.onSwitch?.()
  try {
    const switched = await switchSnapshot({
      ...deps,
      source: imported.directory,
      tag: request.tag,
      origin: request.origin,
      pauseMs: deps.switchPauseMs,
    })
    return { ...switched, counts: imported.counts, importSeconds: imported.seconds }
  } finally {
    // Normally moved away by the switch; still here only when the move itself failed.
    rmSync(imported.directory, { recursive: true, force: true })
  }
}
