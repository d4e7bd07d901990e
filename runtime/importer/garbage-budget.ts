/**
 * Bounds the garbage an import pipeline leaves behind. JavaScriptCore sizes its next collection by
 * the live heap, and an import's live state (torrent ids by hash, the id crosswalk: tens of bytes a
 * torrent) is large, so the decoded rows' garbage piled up to ~1.5× that state between collections:
 * at 3M torrents the files.db pipeline alone reached ~290 MB for ~120 MB live (docs/benchmarks.md,
 * import memory). Checked at every archive refill (about a MiB read, ~7 µs a check): once the
 * process's resident memory passes the budget, a full collection runs, and the next one waits for
 * HEADROOM more, so a process that stays above the budget for other reasons (a served snapshot's
 * mapped pages) collects every HEADROOM of growth instead of at every refill.
 */

const MIB = 1024 * 1024
/** The resident memory above which collections start. */
const DEFAULT_BUDGET_BYTES = 256 * MIB
const HEADROOM_BYTES = 32 * MIB

export class GarbageBudget {
  readonly #budget: number
  #trigger: number
  readonly #rss: () => number
  readonly #collect: () => void
  /** Full collections run so far. */
  collections = 0

  constructor(budgetBytes = DEFAULT_BUDGET_BYTES, rss = (): number => process.memoryUsage.rss(), collect = (): void => Bun.gc(true)) {
    this.#budget = budgetBytes
    this.#trigger = budgetBytes
    this.#rss = rss
    this.#collect = collect
  }

  /** Collects when the process has grown past the trigger; cheap otherwise. */
  check(): void {
    if (this.#rss() <= this.#trigger) return
    this.#collect()
    this.collections++
    this.#trigger = Math.max(this.#budget, this.#rss() + HEADROOM_BYTES)
  }
}
