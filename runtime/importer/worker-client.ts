/** Starts a pipeline Worker and turns its messages into callbacks and one settled promise. */
import { ArchiveError } from '../pgarchive/reader.ts'
import { ImportError } from './import-error.ts'
import type { PipelineProgress } from './import-progress.ts'
import type { TableCounts } from './pipeline.ts'
import type { WorkerJob, WorkerMessage, WorkerRequest } from './pipeline-worker.ts'
import { orderBuffers, type RankOrders } from './rank-order.ts'

export interface PipelineWorker {
  done: Promise<TableCounts>
  /** Hands over the rank orders (the buffers move to the Worker). */
  sendRankOrder(orders: RankOrders): void
  /** Tells the Worker the other pipeline has finished. */
  runsAlone(): void
  terminate(): void
}

export interface PipelineWorkerEvents {
  onProgress(progress: PipelineProgress): void
  /** torrents.db's rank orders, once written (their buffers now belong to this thread). */
  onRankOrder?(orders: RankOrders): void
}

const WHAT: Record<WorkerJob['part'], string> = { main: 'building torrents.db', files: 'building files.db' }

const rebuildError = (name: string, message: string, what: string): Error => {
  if (name === 'ArchiveError') return new ArchiveError(message)
  if (name === 'ImportError') return new ImportError(message)
  return new ImportError(`${what} failed: ${message}`)
}

export const startPipelineWorker = (job: WorkerJob, events: PipelineWorkerEvents): PipelineWorker => {
  // A small JavaScriptCore heap: a full one let the garbage of the rows pile up to ~100 MB more per
  // pipeline at 1M torrents (docs/benchmarks.md, import memory) for no measurable speed.
  const worker = new Worker(new URL('./pipeline-worker.ts', import.meta.url).href, { smol: true })
  const what = WHAT[job.part]
  let settle: { resolve(counts: TableCounts): void; reject(error: Error): void }
  const done = new Promise<TableCounts>((resolve, reject) => {
    settle = { resolve, reject }
  })
  let finished = false
  const finish = (): void => {
    finished = true
    worker.terminate()
  }
  const send = (request: WorkerRequest, transfer: ArrayBuffer[] = []): void => {
    if (!finished) worker.postMessage(request, transfer)
  }
  worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
    const message = event.data
    if (message.type === 'progress') return events.onProgress(message)
    if (message.type === 'rank') return events.onRankOrder?.(message.orders)
    finish()
    if (message.type === 'done') settle.resolve(message.counts)
    else settle.reject(rebuildError(message.name, message.message, what))
  }
  worker.onerror = (event: ErrorEvent) => {
    if (finished) return
    finish()
    settle.reject(new ImportError(`${what} failed: ${event.message}`))
  }
  send({ type: 'job', job })
  return {
    done,
    sendRankOrder: (orders) => send({ type: 'rank', orders }, orderBuffers(orders)),
    runsAlone: () => send({ type: 'alone' }),
    terminate() {
      if (finished) return
      finish()
      settle.reject(new ImportError(`${what} was stopped`))
    },
  }
}
