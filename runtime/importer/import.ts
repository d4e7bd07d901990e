/**
 * Public API of the importer: turns a pg_dump custom archive into a new snapshot directory
 * (torrents.db + files.db, runtime/db/schema.ts). From a file, files.db is built by a Worker that reads
 * the archive itself while this thread builds torrents.db; a stream allows one sequential pipeline only.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { ArchiveError, openArchive, type Archive } from '../pgarchive/reader.ts'
import { ImportError } from './import-error.ts'
import { ImportProgressTracker } from './import-progress.ts'
import { runPipeline, type PipelineHooks, type PipelinePhase, type TableCounts } from './pipeline.ts'
import { syncSnapshot, writeSnapshotMeta } from './snapshot-files.ts'
import { startPipelineWorker, type PipelineWorker } from './worker-client.ts'

export { ImportError } from './import-error.ts'
export { ArchiveError } from '../pgarchive/reader.ts'

export interface ImportProgress {
  phase: PipelinePhase
  bytes_done: number
  bytes_total: number | null
  rows_done: number
  rows_total: number | null
}

export interface ImportResult {
  directory: string
  counts: { torrents: number; files: number; pack_files: number }
  archiveVersion: string
  dumpVersion: string
  seconds: number
}

export interface ImportOptions {
  /** A dump file path, or a byte stream (a pipe: one sequential pipeline). */
  source: string | ReadableStream<Uint8Array>
  /** Must not exist yet; created, and removed again if the import fails. Lives under $DATA_DIR/work. */
  directory: string
  tag: string
  sourceSize?: number
  onProgress?: (progress: ImportProgress) => void
  signal?: AbortSignal
}

// Long enough to keep the event loop's overhead negligible, short enough for HTTP requests to get through.
const YIELD_INTERVAL_MS = 40
// import-calibration.md §2: PRAGMA threads=2 cut btree builds ~25% when one pipeline runs alone; next to
// a second pipeline it only costs memory. So torrents.db uses it once files.db is done (or for a stream).
const ALONE_INDEX_THREADS = 2
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

const cancelled = (signal: AbortSignal): ImportError => new ImportError('import was cancelled', { cause: signal.reason })

/** Archive and import errors carry their own sentence; anything else (a full disk…) gets context. */
const explained = (error: unknown, what: string): Error => {
  if (error instanceof ArchiveError || error instanceof ImportError) return error
  return new ImportError(`${what} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
}

/**
 * Runs the pipelines: torrents.db here (and files.db too for a stream), files.db in a Worker for a
 * file. The first failure stops the other side; resolves with the rows per table.
 */
const runPipelines = async (archive: Archive, options: ImportOptions, tracker: ImportProgressTracker): Promise<TableCounts> => {
  const parallel = typeof options.source === 'string'
  let failure: unknown = null
  let worker: PipelineWorker | null = null
  let workerDone = !parallel
  const fail = (error: unknown): void => {
    failure ??= error
    worker?.terminate()
  }
  const onAbort = (): void => fail(cancelled(options.signal as AbortSignal))
  let phase: PipelinePhase = 'importing'
  let yieldedAt = performance.now()
  const hooks: PipelineHooks = {
    async onAdvance(rows) {
      tracker.update('main', { phase, decodedBytes: archive.decodedBytes, rows })
      if (performance.now() - yieldedAt > YIELD_INTERVAL_MS) {
        await nextTurn()
        yieldedAt = performance.now()
      }
      if (failure) throw failure
    },
    onPhase(next, rows) {
      phase = next
      tracker.update('main', { phase, decodedBytes: archive.decodedBytes, rows })
    },
    indexThreads: () => (workerDone ? ALONE_INDEX_THREADS : 0),
    onRankOrder: (ids) => worker?.sendRankOrder(ids),
  }
  options.signal?.addEventListener('abort', onAbort)
  try {
    if (parallel) {
      const job = { path: options.source as string, directory: options.directory, parts: ['files' as const] }
      worker = startPipelineWorker(job, (progress) => tracker.update('files', progress))
    }
    const here = runPipeline(archive, options.directory, parallel ? ['main'] : ['main', 'files'], hooks).catch((error: unknown) => {
      fail(explained(error, parallel ? 'building torrents.db' : 'building the snapshot'))
      return {}
    })
    const there = (worker?.done ?? Promise.resolve({})).then(
      (counts) => {
        workerDone = true
        return counts
      },
      (error: unknown) => {
        fail(error)
        return {}
      },
    )
    const counts = await Promise.all([here, there])
    if (failure) throw failure
    return Object.assign({}, ...counts)
  } finally {
    options.signal?.removeEventListener('abort', onAbort)
    worker?.terminate()
  }
}

/** Imports one dump; throws ArchiveError / ImportError with a clear sentence and leaves nothing behind. */
export const importSnapshot = async (options: ImportOptions): Promise<ImportResult> => {
  const started = performance.now()
  const { directory, signal } = options
  if (signal?.aborted) throw cancelled(signal)
  if (existsSync(directory)) throw new ImportError(`import directory ${directory} already exists`)
  const archive = await openArchive(options.source)
  try {
    const pipelines = typeof options.source === 'string' ? ['main', 'files'] : ['main']
    const tracker = new ImportProgressTracker(options.onProgress, options.sourceSize ?? archive.size, pipelines)
    mkdirSync(directory, { recursive: true })
    const tables = await runPipelines(archive, options, tracker)
    // Both come from the same archive block, one on each side: a mismatch means a torn import.
    if (tables.torrents_fts !== tables.torrents) {
      throw new ImportError(`files.db indexes ${tables.torrents_fts ?? 0} torrent titles, but torrents.db holds ${tables.torrents ?? 0} torrents`)
    }
    const counts = { torrents: tables.torrents ?? 0, files: tables.files ?? 0, pack_files: tables.pack_files ?? 0 }
    writeSnapshotMeta(directory, { tag: options.tag, archiveVersion: archive.header.version, dumpVersion: archive.header.dumpVersion ?? '', counts })
    syncSnapshot(directory)
    return {
      directory,
      counts,
      archiveVersion: archive.header.version,
      dumpVersion: archive.header.dumpVersion ?? '',
      seconds: (performance.now() - started) / 1000,
    }
  } catch (error) {
    rmSync(directory, { recursive: true, force: true })
    throw explained(error, 'the import')
  } finally {
    archive.close()
  }
}
