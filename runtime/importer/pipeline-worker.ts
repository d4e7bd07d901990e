/**
 * Worker entry: runs one import pipeline (files.db) on its own SQLite connection, reading the archive
 * file itself. It posts progress and the final counts, never rows (cloning rows costs more than parsing).
 */
import { openArchive } from '../pgarchive/reader.ts'
import type { RankOrders } from './rank-order.ts'
import { runPipeline, type PipelinePart, type PipelinePhase, type TableCounts } from './pipeline.ts'

declare const self: Worker

export interface WorkerJob {
  path: string
  directory: string
  part: PipelinePart
}

/** From the importing thread: the job, then (once its torrents are loaded) their rank orders. */
export type WorkerRequest = { type: 'job'; job: WorkerJob } | { type: 'rank'; orders: RankOrders }

export type WorkerMessage =
  | { type: 'progress'; phase: PipelinePhase; decodedBytes: number; rows: number }
  | { type: 'done'; counts: TableCounts }
  | { type: 'error'; name: string; message: string }

const PROGRESS_INTERVAL_MS = 100

let deliverRankOrder = (_orders: RankOrders): void => {}
const rankOrder = new Promise<RankOrders>((resolve) => (deliverRankOrder = resolve))

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
      rankOrder: () => rankOrder,
    })
    return { type: 'done', counts }
  } finally {
    archive.close()
  }
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  if (event.data.type === 'rank') return deliverRankOrder(event.data.orders)
  const message = await run(event.data.job).catch(
    (error: unknown): WorkerMessage => ({
      type: 'error',
      name: error instanceof Error ? error.name : 'Error',
      message: error instanceof Error ? error.message : String(error),
    }),
  )
  self.postMessage(message)
}
