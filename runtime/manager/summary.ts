/**
 * The in-process manager summary shown by GET /webapi/status (interface.md §4.1): null until a
 * focused manager operation reports, cleared by a successful PUT /webapi/settings.
 */
import type { ManagerSummary } from './types.ts'

const EMPTY: ManagerSummary = { connected: null, indexer_installed: null, error: null }

export class ManagerSummaryCache {
  #summary: ManagerSummary = { ...EMPTY }
  // Bumped by clear(): an operation started under the old settings must not report after a save.
  #generation = 0

  get(): ManagerSummary {
    return { ...this.#summary }
  }

  /** Taken when an operation starts; hand it back to update(). */
  ticket(): number {
    return this.#generation
  }

  update(change: Partial<ManagerSummary>, ticket = this.#generation): void {
    if (ticket !== this.#generation) return
    this.#summary = { ...this.#summary, ...change }
  }

  clear(): void {
    this.#generation += 1
    this.#summary = { ...EMPTY }
  }
}
