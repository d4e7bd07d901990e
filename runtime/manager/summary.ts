/** The in-process manager summary shown by GET /webapi/status (interface.md §4.1). */
import type { ManagerSummary } from './types.ts'

export class ManagerSummaryCache {
  #summary: ManagerSummary = { connected: null, indexer_installed: null, error: null }

  get(): ManagerSummary {
    return { ...this.#summary }
  }

  update(change: Partial<ManagerSummary>): void {
    this.#summary = { ...this.#summary, ...change }
  }

  clear(): void {
    this.#summary = { connected: null, indexer_installed: null, error: null }
  }
}
