/**
 * A map from positive whole numbers to numbers in two typed arrays (open addressing, linear probing),
 * for tables that grow through a whole load. A JavaScript Map written to on every row made the import
 * Worker's titles load about twice as slow at 1M rows: the collector rescans a large Map it sees
 * written again at each of its many young-generation passes; typed arrays hold no references to scan.
 */
const EMPTY = 0
const INITIAL_SLOTS = 1 << 12

export class NumberTable {
  #keys = new Float64Array(INITIAL_SLOTS)
  #values = new Float64Array(INITIAL_SLOTS)
  #size = 0

  get size(): number {
    return this.#size
  }

  /** The value under `key` (> 0), or `missing`. */
  get(key: number, missing = 0): number {
    const slot = this.#find(key)
    return this.#keys[slot] === EMPTY ? missing : this.#values[slot]
  }

  set(key: number, value: number): void {
    let slot = this.#find(key)
    if (this.#keys[slot] === EMPTY) {
      // Kept at most half full, so probes stay short.
      if ((this.#size + 1) * 2 > this.#keys.length) {
        this.#grow()
        slot = this.#find(key)
      }
      this.#keys[slot] = key
      this.#size++
    }
    this.#values[slot] = value
  }

  /** Every key, in no particular order. */
  *keys(): Generator<number> {
    for (const key of this.#keys) if (key !== EMPTY) yield key
  }

  #find(key: number): number {
    const mask = this.#keys.length - 1
    // Mixes the low and high bits: ids are dense, name keys spread over 52 bits.
    let slot = (Math.imul(key | 0, 0x9e3779b1) ^ Math.imul((key / 0x100000000) | 0, 0x85ebca6b)) & mask
    while (this.#keys[slot] !== EMPTY && this.#keys[slot] !== key) slot = (slot + 1) & mask
    return slot
  }

  #grow(): void {
    const [keys, values] = [this.#keys, this.#values]
    this.#keys = new Float64Array(keys.length * 2)
    this.#values = new Float64Array(keys.length * 2)
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] === EMPTY) continue
      const slot = this.#find(keys[i])
      this.#keys[slot] = keys[i]
      this.#values[slot] = values[i]
    }
  }
}
