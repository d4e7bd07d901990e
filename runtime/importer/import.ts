/**
 * Public API of the importer: turns a pg_dump custom archive into a new snapshot directory
 * (torrents.db + files.db, runtime/db/schema.ts), each built by a Worker that reads the archive file
 * itself; a stream is written to a file first.
 */
import { closeSync, existsSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { ArchiveError, openArchive } from '../pgarchive/reader.ts'
import { ImportError } from './import-error.ts'
import { ImportProgressTracker, type ImportProgress } from './import-progress.ts'
import { checkArchiveTables, type PipelinePart, type TableCounts } from './pipeline.ts'
import { syncSnapshot, writeSnapshotMeta } from './snapshot-files.ts'
import { startPipelineWorker, type PipelineWorker } from './worker-client.ts'

export { ImportError } from './import-error.ts'
export { ArchiveError } from '../pgarchive/reader.ts'
export type { ImportProgress } from './import-progress.ts'

export interface ImportResult {
  directory: string
  counts: { torrents: number; files: number; pack_files: number }
  archiveVersion: string
  dumpVersion: string
  seconds: number
}

export interface ImportOptions {
  /** A dump file path, or a byte stream (a pipe), kept in the directory while it is imported. */
  source: string | ReadableStream<Uint8Array>
  /** Must not exist yet; created, and removed again if the import fails. Lives under $DATA_DIR/work. */
  directory: string
  tag: string
  sourceSize?: number
  onProgress?: (progress: ImportProgress) => void
  signal?: AbortSignal
}

const cancelled = (signal: AbortSignal): ImportError => new ImportError('import was cancelled', { cause: signal.reason })

/** Archive and import errors carry their own sentence; anything else (a full disk…) gets context. */
const explained = (error: unknown, what: string): Error => {
  if (error instanceof ArchiveError || error instanceof ImportError) return error
  return new ImportError(`${what} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
}

const PARTS: readonly PipelinePart[] = ['main', 'files']

/**
 * Runs both pipelines, each in a Worker reading the archive file `path`: torrents.db ("main") and
 * files.db. This thread only relays torrents.db's rank orders to files.db and the progress, so it
 * stays free for HTTP, and the rows' garbage never reaches its heap. The first failure stops the
 * other side; resolves with the rows per table.
 */
const runPipelines = async (path: string, options: ImportOptions, tracker: ImportProgressTracker): Promise<TableCounts> => {
  let failure: unknown = null
  const workers: PipelineWorker[] = []
  const fail = (error: unknown): void => {
    failure ??= error
    for (const worker of workers) worker.terminate()
  }
  const onAbort = (): void => fail(cancelled(options.signal as AbortSignal))
  options.signal?.addEventListener('abort', onAbort)
  try {
    for (const part of PARTS) {
      workers.push(
        startPipelineWorker(
          { path, directory: options.directory, part },
          {
            onProgress: (progress) => tracker.update(part, progress),
            onRankOrder: (orders) => workers[1]?.sendRankOrder(orders),
          },
        ),
      )
    }
    const counts = await Promise.all(
      workers.map((worker, index) =>
        worker.done.then(
          (tables) => {
            // The other side may now sort its indexes on two threads.
            workers[1 - index].runsAlone()
            return tables
          },
          (error: unknown) => {
            fail(error)
            return {}
          },
        ),
      ),
    )
    if (failure) throw failure
    return Object.assign({}, ...counts)
  } finally {
    options.signal?.removeEventListener('abort', onAbort)
    for (const worker of workers) worker.terminate()
  }
}

// A stream is written here first: files.db reads the torrents block before the files block, which precedes it.
const SPOOL_FILE = 'source.dump'
const SPOOL_REPORT_MS = 100

/** Writes a stream to `path` with flat memory, reporting the bytes received as the import's first progress. */
const spool = async (stream: AsyncIterable<Uint8Array>, path: string, options: ImportOptions): Promise<number> => {
  const fd = openSync(path, 'w')
  let bytes = 0
  let reportedAt = 0
  try {
    for await (const chunk of stream) {
      if (options.signal?.aborted) throw cancelled(options.signal)
      writeSync(fd, chunk)
      bytes += chunk.length
      if (options.onProgress && performance.now() - reportedAt >= SPOOL_REPORT_MS) {
        reportedAt = performance.now()
        options.onProgress({
          phase: 'importing',
          bytes_done: bytes,
          bytes_total: options.sourceSize ?? null,
          rows_done: 0,
          rows_total: null,
        })
      }
    }
  } finally {
    closeSync(fd)
  }
  return bytes
}

/** Imports one dump; throws ArchiveError / ImportError with a clear sentence and leaves nothing behind. */
export const importSnapshot = async (options: ImportOptions): Promise<ImportResult> => {
  const started = performance.now()
  const { directory, signal } = options
  if (signal?.aborted) throw cancelled(signal)
  if (existsSync(directory)) throw new ImportError(`import directory ${directory} already exists`)
  mkdirSync(directory, { recursive: true })
  try {
    const spooled = typeof options.source === 'string' ? null : join(directory, SPOOL_FILE)
    const received = spooled ? await spool(options.source as ReadableStream<Uint8Array>, spooled, options) : 0
    const path = spooled ?? (options.source as string)
    const archive = await openArchive(path)
    try {
      checkArchiveTables(archive)
      const tracker = new ImportProgressTracker(options.onProgress, options.sourceSize ?? archive.size, PARTS, received)
      const tables = await runPipelines(path, options, tracker)
      // Both come from the same archive block, one on each side: a mismatch means a torn import.
      if (tables.torrents_fts !== tables.torrents) {
        throw new ImportError(
          `files.db indexes ${tables.torrents_fts ?? 0} torrent titles, but torrents.db holds ${tables.torrents ?? 0} torrents`,
        )
      }
      const counts = { torrents: tables.torrents ?? 0, files: tables.files ?? 0, pack_files: tables.pack_files ?? 0 }
      writeSnapshotMeta(directory, {
        tag: options.tag,
        archiveVersion: archive.header.version,
        dumpVersion: archive.header.dumpVersion ?? '',
        counts,
      })
      if (spooled) rmSync(spooled)
      syncSnapshot(directory)
      return {
        directory,
        counts,
        archiveVersion: archive.header.version,
        dumpVersion: archive.header.dumpVersion ?? '',
        seconds: (performance.now() - started) / 1000,
      }
    } finally {
      archive.close()
    }
  } catch (error) {
    rmSync(directory, { recursive: true, force: true })
    throw explained(error, 'the import')
  }
}
