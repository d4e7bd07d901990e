/**
 * Worker entry: runs one import pipeline (torrents.db or files.db) on its own SQLite connection and
 * small JavaScriptCore heap, reading the archive file itself. It posts progress, the rank orders
 * (torrents.db) and the final counts, never rows (cloning rows costs more than parsing).
 */
import { openArchive } from '../pgarchive/reader.ts'
import { runPipeline, type PipelinePart, type PipelinePhase, type TableCounts } from './pipeline.ts'
import { orderBuffers, type RankOrders } from './rank-order.ts'

declare const self: Worker

export interface WorkerJob {
  path: string
  directory: string
  part: PipelinePart
}

/**
 * From the importing thread: the job; the rank orders (files.db, once torrents.db has them); `alone`
 * once the other pipeline has finished, so index builds may use a second sorter thread.
 */
export type WorkerRequest = { type: 'job'; job: WorkerJob } | { type: 'rank'; orders: RankOrders } | { type: 'alone' }

export type WorkerMessage =
  | { type: 'progress'; phase: PipelinePhase; decodedBytes: number; rows: number }
  | { type: 'rank'; orders: RankOrders }
  | { type: 'done'; counts: TableCounts }
  | { type: 'error'; name: string; message: string }

const PROGRESS_INTERVAL_MS = 100
// import-calibration.md §2: PRAGMA threads=2 cut btree builds ~25% when one pipeline runs alone; next to
// the other pipeline it only costs memory.
const ALONE_INDEX_THREADS = 2

let deliverRankOrder = (_orders: RankOrders): void => {}
// Delivered once and handed out once: a promise or resolver kept here would keep the orders (8 bytes
// a torrent) to the end.
let rankOrder: Promise<RankOrders> | null = new Promise<RankOrders>((resolve) => (deliverRankOrder = resolve))
const takeRankOrder = (): Promise<RankOrders> => {
  const order = rankOrder ?? Promise.reject(new Error('the rank order was already taken'))
  rankOrder = null
  return order
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
      onRankOrder: (orders) => self.postMessage({ type: 'rank', orders } satisfies WorkerMessage, orderBuffers(orders)),
      rankOrder: takeRankOrder,
    })
    return { type: 'done', counts }
  } finally {
    archive.close()
  }
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data
  if (request.type === 'rank') {
    deliverRankOrder(request.orders)
    deliverRankOrder = () => {}
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
