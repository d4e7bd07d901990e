/**
 * Rendered answers of the search pool, kept per snapshot. A snapshot never changes, so the same job
 * on the same snapshot (same query, ranking and links) has the same answer: *arr RSS syncs, Prowlarr's
 * tests and a season searched episode by episode repeat requests, and identical requests in flight
 * share one computation. Bounded in bytes, least recently used first out; a new snapshot starts empty.
 */

interface Entry<Answer> {
  answer: Promise<Answer>
  bytes: number
}

/** Bytes of a kept answer: a string's UTF-16 code units, or a byte array's length. */
const sizeOf = (answer: string | Uint8Array): number => (typeof answer === 'string' ? answer.length * 2 : answer.byteLength)

export class AnswerCache<Answer extends string | Uint8Array = string> {
  readonly #entries = new Map<string, Entry<Answer>>()
  #bytes = 0
  #generation = 0

  constructor(readonly maxBytes: number) {}

  /** The answer for `key` on snapshot `generation`: remembered, or made by `make` (and remembered once it succeeds). */
  answer(generation: number, key: string, make: () => Promise<Answer>): Promise<Answer> {
    if (this.maxBytes <= 0) return make()
    if (generation !== this.#generation) this.clear(generation)
    const known = this.#entries.get(key)
    if (known) {
      // Map order is recency: re-insert on use.
      this.#entries.delete(key)
      this.#entries.set(key, known)
      return known.answer
    }
    const entry: Entry<Answer> = { answer: make(), bytes: 0 }
    this.#entries.set(key, entry)
    entry.answer.then(
      (answer) => this.#sized(key, entry, sizeOf(answer)),
      () => this.#entries.get(key) === entry && this.#entries.delete(key),
    )
    return entry.answer
  }

  #sized(key: string, entry: Entry<Answer>, bytes: number): void {
    if (this.#entries.get(key) !== entry) return
    entry.bytes = bytes
    this.#bytes += bytes
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break
      this.#entries.delete(oldest)
      this.#bytes -= old.bytes
    }
  }

  clear(generation = this.#generation): void {
    this.#entries.clear()
    this.#bytes = 0
    this.#generation = generation
  }

  get size(): number {
    return this.#entries.size
  }
}
