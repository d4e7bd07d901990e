/**
 * Torrent ids by info hash, for the files load: files.db refers to torrents by integer id, which
 * makes its indexes ~40% cheaper to build and lets episode searches skip a hash lookup per file.
 * A Map of a million 40-character strings would cost ~100 MB; here a hex hash is 20 bytes of words
 * in one typed array (ids are dense from 1), found through an open-addressing table of ids.
 * Hashes that are not 40 hex digits (upstream does not check) go through a small Map.
 */

const WORDS = 5
const HEX_LENGTH = WORDS * 8
// Nibble of each char code, either case; -1 for anything that is not a hex digit.
const NIBBLES = new Int8Array(128).fill(-1)
for (let i = 0; i < 16; i++) {
  NIBBLES['0123456789abcdef'.charCodeAt(i)] = i
  NIBBLES['0123456789ABCDEF'.charCodeAt(i)] = i
}

/** Writes the five 32-bit words of a 40-hex-digit hash at `at`; false (nothing usable) otherwise. */
const hexWords = (hash: string, out: Uint32Array, at: number): boolean => {
  if (hash.length !== HEX_LENGTH) return false
  for (let word = 0; word < WORDS; word++) {
    let value = 0
    for (let i = word * 8; i < word * 8 + 8; i++) {
      const code = hash.charCodeAt(i)
      const nibble = code < 128 ? NIBBLES[code] : -1
      if (nibble < 0) return false
      value = (value << 4) | nibble
    }
    out[at + word] = value
  }
  return true
}

export class TorrentIds {
  #words = new Uint32Array(WORDS * 65_536)
  /** Ids whose hash is not hex, by lower-case hash. */
  readonly #others = new Map<string, number>()
  #slots = new Int32Array(0)
  #mask = 0
  #shift = 32
  #largestId = 0
  // Files of one torrent come together: the last answer is asked again and again.
  #lastHash: string | null = null
  #lastId: number | null = null
  readonly #probe = new Uint32Array(WORDS)

  /** Records torrent `id` (from 1, ascending). The first of two torrents with one hash keeps it. */
  add(hash: string, id: number): void {
    const at = (id - 1) * WORDS
    if (at + WORDS > this.#words.length) this.#grow(at + WORDS)
    if (!hexWords(hash, this.#words, at)) {
      const key = hash.toLowerCase()
      if (!this.#others.has(key)) this.#others.set(key, id)
      this.#words.fill(0, at, at + WORDS)
      return
    }
    this.#largestId = Math.max(this.#largestId, id)
    this.#insert(id)
  }

  /** The id of the torrent with this hash (either case), or null when the archive has none. */
  idOf(hash: string): number | null {
    if (hash === this.#lastHash) return this.#lastId
    this.#lastHash = hash
    this.#lastId = hexWords(hash, this.#probe, 0) ? this.#find(this.#probe, 0) : (this.#others.get(hash.toLowerCase()) ?? null)
    return this.#lastId
  }

  #grow(needed: number): void {
    const words = new Uint32Array(Math.max(needed, this.#words.length * 2))
    words.set(this.#words)
    this.#words = words
  }

  #slotOf(words: Uint32Array, at: number): number {
    // Fibonacci hashing: the product's high bits are well mixed even for patterned hashes.
    return Math.imul(words[at] ^ words[at + 1], 0x9e3779b1) >>> this.#shift
  }

  #insert(id: number): void {
    if (this.#largestId * 2 > this.#slots.length) this.#rehash()
    const at = (id - 1) * WORDS
    if (this.#find(this.#words, at) !== null) return
    let slot = this.#slotOf(this.#words, at)
    while (this.#slots[slot] !== 0) slot = (slot + 1) & this.#mask
    this.#slots[slot] = id
  }

  /** A table at most half full, refilled from the words (ids in ascending order, so first ones win). */
  #rehash(): void {
    const previous = this.#slots
    this.#slots = new Int32Array(Math.max(1024, previous.length * 4))
    this.#mask = this.#slots.length - 1
    this.#shift = 32 - Math.log2(this.#slots.length)
    const ids = previous.filter((id) => id !== 0).sort()
    for (const id of ids) {
      let slot = this.#slotOf(this.#words, (id - 1) * WORDS)
      while (this.#slots[slot] !== 0) slot = (slot + 1) & this.#mask
      this.#slots[slot] = id
    }
  }

  #find(words: Uint32Array, at: number): number | null {
    if (this.#slots.length === 0) return null
    for (let slot = this.#slotOf(words, at); ; slot = (slot + 1) & this.#mask) {
      const id = this.#slots[slot]
      if (id === 0) return null
      if (this.#sameWords(words, at, (id - 1) * WORDS)) return id
    }
  }

  #sameWords(words: Uint32Array, at: number, stored: number): boolean {
    for (let i = 0; i < WORDS; i++) if (words[at + i] !== this.#words[stored + i]) return false
    return true
  }
}
