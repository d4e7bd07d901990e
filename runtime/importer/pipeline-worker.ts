/**
 * Worker entry: runs one import pipeline (torrents.db or files.db) on its own SQLite connection and
 * small JavaScriptCore heap, reading the archive file itself. It posts progress, the handoff to
 * files.db (torrents.db) and the final counts, never rows (cloning rows costs more than parsing).
 */
import { openArchive } from '../pgarchive/reader.ts'
import { runPipeline, type PipelinePart, type PipelinePhase, type TableCounts } from './pipeline.ts'
import { handoffBuffers, type TorrentsHandoff } from './handoff.ts'

declare const self: Worker

export interface WorkerJob {
  path: string
  directory: string
  part: PipelinePart
}

/**
 * From the importing thread: the job; the handoff (files.db, once torrents.db has sent it); `alone`
 * once the other pipeline has finished, so index builds may use a second sorter thread.
 */
export type WorkerRequest = { type: 'job'; job: WorkerJob } | { type: 'handoff'; handoff: TorrentsHandoff } | { type: 'alone' }

export type WorkerMessage =
  | { type: 'progress'; phase: PipelinePhase; decodedBytes: number; rows: number }
  | { type: 'handoff'; handoff: TorrentsHandoff }
  | { type: 'done'; counts: TableCounts }
  | { type: 'error'; name: string; message: string }

const PROGRESS_INTERVAL_MS = 100
// import-calibration.md §2: PRAGMA threads=2 cut btree builds ~25% when one pipeline runs alone; next to
// the other pipeline it only costs memory.
const ALONE_INDEX_THREADS = 2

let deliverHandoff = (_handoff: TorrentsHandoff): void => {}
// Delivered once and taken once: a promise or resolver kept here would keep the orders (8 bytes a
// torrent) to the end.
let handoff: Promise<TorrentsHandoff> | null = new Promise<TorrentsHandoff>((resolve) => (deliverHandoff = resolve))
const takeHandoff = (): Promise<TorrentsHandoff> => {
  const taken = handoff ?? Promise.reject(new Error('the handoff from torrents.db was already taken'))
  handoff = null
  return taken
}
let alone = false

const run = async (job: WorkerJob): Promise<WorkerMessage> => {
  const archive = await openArchive(job.path)
  let phase: PipelinePhase = 'importing'
  let rows = 0
  let postedAt = 0
  const post = (force: boolean): void => {
    const now = performance.now()
    if (!force && now - postedAt < PROGRESS_INTERVAL_MS) return
    postedAt = now
    self.postMessage({ type: 'progress', phase, decodedBytes: archive.decodedBytes, rows } satisfies WorkerMessage)
  }
  try {
    const counts = await runPipeline(archive, job.directory, job.part, {
      onAdvance: (rowsSoFar) => {
        rows = rowsSoFar
        post(false)
      },
      onPhase: (next, rowsSoFar) => {
        phase = next
        rows = rowsSoFar
        post(true)
      },
      indexThreads: () => (alone ? ALONE_INDEX_THREADS : 0),
      onHandoff: (sent) => self.postMessage({ type: 'handoff', handoff: sent } satisfies WorkerMessage, handoffBuffers(sent)),
      handoff: takeHandoff,
    })
    return { type: 'done', counts }
  } finally {
    archive.close()
  }
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data
  if (request.type === 'handoff') {
    deliverHandoff(request.handoff)
    deliverHandoff = () => {}
    return
  }
  if (request.type === 'alone') return void (alone = true)
  const message = await run(request.job).catch(
    (error: unknown): WorkerMessage => ({
      type: 'error',
      name: error instanceof Error ? error.name : 'Error',
      message: error instanceof Error ? error.message : String(error),
    }),
  )
  self.postMessage(message)
}
