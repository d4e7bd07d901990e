/**
 * A fixed-capacity ring: push overwrites the oldest entry once full, so memory stays bounded no
 * matter how many entries pass through. Used by the request history and the log lines.
 */
export class Ring<Entry> {
  readonly #slots: Array<Entry | undefined>
  #next = 0
  #size = 0

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('ring capacity must be a positive integer')
    this.#slots = new Array<Entry | undefined>(capacity)
  }

  get size(): number {
    return this.#size
  }

  push(entry: Entry): void {
    this.#slots[this.#next] = entry
    this.#next = (this.#next + 1) % this.capacity
    if (this.#size < this.capacity) this.#size++
  }

  /** Entries from the newest to the oldest; stops once `limit` of them passed `keep`. */
  newestFirst(keep: (entry: Entry) => boolean = () => true, limit = this.capacity): Entry[] {
    const found: Entry[] = []
    for (let i = 1; i <= this.#size && found.length < limit; i++) {
      const entry = this.#slots[(this.#next - i + this.capacity) % this.capacity] as Entry
      if (keep(entry)) found.push(entry)
    }
    return found
  }

  clear(): void {
    this.#slots.fill(undefined)
    this.#next = 0
    this.#size = 0
  }
}
