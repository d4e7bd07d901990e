/** Starts the pipeline Worker and turns its messages into progress callbacks and one settled promise. */
import { ArchiveError } from '../pgarchive/reader.ts'
import { ImportError } from './import-error.ts'
import type { PipelineProgress } from './import-progress.ts'
import type { TableCounts } from './pipeline.ts'
import type { RankOrders } from './rank-order.ts'
import type { WorkerJob, WorkerMessage, WorkerRequest } from './pipeline-worker.ts'

export interface PipelineWorker {
  done: Promise<TableCounts>
  /** Hands over the rank orders (the buffers move to the Worker). */
  sendRankOrder(orders: RankOrders): void
  terminate(): void
}

const rebuildError = (name: string, message: string): Error => {
  if (name === 'ArchiveError') return new ArchiveError(message)
  if (name === 'ImportError') return new ImportError(message)
  return new ImportError(`building files.db failed: ${message}`)
}

export const startPipelineWorker = (job: WorkerJob, onProgress: (progress: PipelineProgress) => void): PipelineWorker => {
  // The small JavaScriptCore heap keeps the peak RSS of the two pipelines together lower; files.db
  // is not the long pole, so its slightly slower allocation costs no wall time.
  const worker = new Worker(new URL('./pipeline-worker.ts', import.meta.url).href, { smol: true })
  let settle: { resolve(counts: TableCounts): void; reject(error: Error): void }
  const done = new Promise<TableCounts>((resolve, reject) => {
    settle = { resolve, reject }
  })
  let finished = false
  const finish = (): void => {
    finished = true
    worker.terminate()
  }
  worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
    const message = event.data
    if (message.type === 'progress') return onProgress(message)
    finish()
    if (message.type === 'done') settle.resolve(message.counts)
    else settle.reject(rebuildError(message.name, message.message))
  }
  worker.onerror = (event: ErrorEvent) => {
    if (finished) return
    finish()
    settle.reject(new ImportError(`building files.db failed: ${event.message}`))
  }
  worker.postMessage({ type: 'job', job } satisfies WorkerRequest)
  return {
    done,
    sendRankOrder(orders) {
      if (!finished) worker.postMessage({ type: 'rank', orders } satisfies WorkerRequest, [orders.byDefault.buffer, orders.italian.buffer])
    },
    terminate() {
      if (finished) return
      finish()
      settle.reject(new ImportError('building files.db was stopped'))
    },
  }
}
