/**
 * The diagnostics of one running service: request history, update history, recent log lines and
 * the metrics fed by them. Built by runtime/context.ts; handlers read it as ctx.diagnostics.
 */
import { join } from 'node:path'
import type { LogLines } from './log-lines.ts'
import { createMetrics, type MetricSources, type Metrics } from './metrics.ts'
import { createRequestHistory, DEFAULT_HISTORY_SIZE, type RequestHistory } from './request-history.ts'
import { createUpdateHistory, type UpdateAttempt, type UpdateHistory } from './update-history.ts'
import type { Log } from '../log.ts'

export interface Diagnostics {
  requests: RequestHistory
  updates: UpdateHistory
  logs: LogLines
  metrics: Metrics
  /** Records a finished update attempt (history file and metrics). */
  updateFinished(attempt: UpdateAttempt): void
}

export interface DiagnosticsOptions {
  stateDirectory: string
  log: Log
  logs: LogLines
  sources: Omit<MetricSources, 'lastAttempt' | 'historySize'>
  /** REQUEST_HISTORY_SIZE; 0 turns recording off (the benchmark's baseline). */
  historySize?: number
}

export const createDiagnostics = (options: DiagnosticsOptions): Diagnostics => {
  const updates = createUpdateHistory(join(options.stateDirectory, 'update-history.json'), options.log)
  let requests: RequestHistory
  const metrics = createMetrics({
    ...options.sources,
    lastAttempt: () => updates.list()[0] ?? null,
    historySize: () => requests.size,
  })
  const size = options.historySize ?? DEFAULT_HISTORY_SIZE
  requests = size > 0 ? createRequestHistory({ capacity: size, redact: options.log.redact, onRecord: metrics.observe }) : unrecorded()
  return {
    requests,
    updates,
    logs: options.logs,
    metrics,
    updateFinished(attempt) {
      updates.add(attempt)
      metrics.attempt(attempt)
    },
  }
}

/** Recording off: the answer runs with a trace nobody reads. */
const unrecorded = (): RequestHistory => ({
  observe: (_request, answer) => answer({ feed: null, cacheHit: null, page: null }),
  list: () => [],
  clear: () => {},
  size: 0,
  capacity: 0,
})
