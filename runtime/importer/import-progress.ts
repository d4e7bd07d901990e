/**
 * Combines the progress of the import pipelines into the ImportProgress the updater shows, and
 * throttles it to about 10 reports a second (phase changes are always reported).
 */
import type { PipelinePhase } from './pipeline.ts'

export interface ImportProgress {
  phase: PipelinePhase
  bytes_done: number
  bytes_total: number | null
  rows_done: number
  rows_total: number | null
}

export interface PipelineProgress {
  phase: PipelinePhase
  /** Stored bytes of this pipeline's data blocks read so far. */
  decodedBytes: number
  rows: number
}

const REPORT_INTERVAL_MS = 100
const ORDER: PipelinePhase[] = ['importing', 'indexing', 'validating']

export class ImportProgressTracker {
  readonly #report: ((progress: ImportProgress) => void) | undefined
  readonly #bytesTotal: number | null
  readonly #pipelines = new Map<string, PipelineProgress>()
  #reportedAt = 0
  #lastPhase: PipelinePhase | null = null
  /** Bytes already shown as done before the pipelines started (a stream written to a file), so the bar never goes back. */
  readonly #received: number

  constructor(
    report: ((progress: ImportProgress) => void) | undefined,
    bytesTotal: number | null,
    pipelines: readonly string[],
    received = 0,
  ) {
    this.#report = report
    this.#bytesTotal = bytesTotal
    this.#received = received
    for (const pipeline of pipelines) this.#pipelines.set(pipeline, { phase: 'importing', decodedBytes: 0, rows: 0 })
  }

  update(pipeline: string, progress: PipelineProgress): void {
    this.#pipelines.set(pipeline, progress)
    if (!this.#report) return
    const current = this.current()
    const now = performance.now()
    if (current.phase === this.#lastPhase && now - this.#reportedAt < REPORT_INTERVAL_MS) return
    this.#reportedAt = now
    this.#lastPhase = current.phase
    this.#report(current)
  }

  /** The slowest pipeline sets the phase; bytes count the data blocks read by all of them. */
  current(): ImportProgress {
    const states = [...this.#pipelines.values()]
    const phase = ORDER[Math.min(...states.map((state) => ORDER.indexOf(state.phase)))] ?? 'importing'
    const rows = states.reduce((sum, state) => sum + state.rows, 0)
    const bytes = Math.max(
      this.#received,
      states.reduce((sum, state) => sum + state.decodedBytes, 0),
    )
    const loaded = phase !== 'importing'
    return {
      phase,
      bytes_done: loaded && this.#bytesTotal !== null ? this.#bytesTotal : Math.min(bytes, this.#bytesTotal ?? bytes),
      bytes_total: this.#bytesTotal,
      rows_done: rows,
      rows_total: loaded ? rows : null,
    }
  }
}
