/**
 * Torrent ids by info hash, for the files load: files.db refers to torrents by integer id, which
 * makes its indexes ~40% cheaper to build and lets episode searches skip a hash lookup per file.
 * A Map of a million 40-character strings would cost ~100 MB; here a hex hash is five 32-bit words
 * in fixed chunks of a typed array (ids are dense from 1, so nothing is ever copied to grow), and
 * lookups go through buckets of ids by a mix of the hash's words, counted out once all ids are in.
 * About 28 bytes a torrent. Hashes that are not 40 hex digits (upstream does not check) go through a small Map.
 */

const WORDS = 5
const HEX_LENGTH = WORDS * 8
const CHUNK_IDS = 65_536
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

/** A well-mixed 32-bit key of all five words: patterned hashes (a counter in the last digits) still spread. */
const mixed = (words: Uint32Array, at: number): number => {
  let key = words[at]
  for (let i = 1; i < WORDS; i++) key = Math.imul(key ^ words[at + i], 0x9e3779b1)
  return Math.imul(key ^ (key >>> 15), 0x85ebca6b)
}

/** Buckets: the ids whose hash mixes to the same leading `bits` bits, ascending, ids[starts[b]…starts[b+1]). */
interface Buckets {
  shift: number
  starts: Uint32Array
  ids: Uint32Array
}

export class TorrentIds {
  readonly #chunks: Uint32Array[] = []
  /** Ids added with a hex hash (the others have zero words and never enter a bucket). */
  readonly #hex: Uint8Array[] = []
  /** Ids whose hash is not hex, by lower-case hash. */
  readonly #others = new Map<string, number>()
  #count = 0
  #hexCount = 0
  #buckets: Buckets | null = null
  // Files of one torrent come together: the last answer is asked again and again.
  #lastHash: string | null = null
  #lastId: number | null = null
  readonly #probe = new Uint32Array(WORDS)

  /** Records torrent `id` (from 1, ascending, before any idOf). The first of two torrents with one hash keeps it. */
  add(hash: string, id: number): void {
    if (this.#buckets) throw new Error('TorrentIds.add after the first lookup')
    const chunk = Math.floor((id - 1) / CHUNK_IDS)
    while (this.#chunks.length <= chunk) {
      this.#chunks.push(new Uint32Array(CHUNK_IDS * WORDS))
      this.#hex.push(new Uint8Array(CHUNK_IDS))
    }
    const slot = (id - 1) % CHUNK_IDS
    this.#count = Math.max(this.#count, id)
    if (hexWords(hash, this.#chunks[chunk], slot * WORDS)) {
      this.#hex[chunk][slot] = 1
      this.#hexCount++
      return
    }
    const key = hash.toLowerCase()
    if (!this.#others.has(key)) this.#others.set(key, id)
  }

  /** The id of the torrent with this hash (either case), or null when the archive has none. */
  idOf(hash: string): number | null {
    if (hash === this.#lastHash) return this.#lastId
    this.#lastHash = hash
    this.#lastId = hexWords(hash, this.#probe, 0) ? this.#find(this.#probe) : (this.#others.get(hash.toLowerCase()) ?? null)
    return this.#lastId
  }

  #find(probe: Uint32Array): number | null {
    const buckets = (this.#buckets ??= this.#countOut())
    const bucket = mixed(probe, 0) >>> buckets.shift
    for (let i = buckets.starts[bucket]; i < buckets.starts[bucket + 1]; i++) {
      const id = buckets.ids[i]
      if (this.#holds(id, probe)) return id
    }
    return null
  }

  #holds(id: number, probe: Uint32Array): boolean {
    const words = this.#chunks[Math.floor((id - 1) / CHUNK_IDS)]
    const at = ((id - 1) % CHUNK_IDS) * WORDS
    for (let i = 0; i < WORDS; i++) if (words[at + i] !== probe[i]) return false
    return true
  }

  /** A counting sort of the hex ids by mixed key: about one id a bucket, ascending within each. */
  #countOut(): Buckets {
    const bits = Math.min(22, Math.max(8, Math.ceil(Math.log2(Math.max(1, this.#hexCount)))))
    const shift = 32 - bits
    const starts = new Uint32Array((1 << bits) + 1)
    const ids = new Uint32Array(this.#hexCount)
    const bucketOf = (id: number): number => {
      const chunk = Math.floor((id - 1) / CHUNK_IDS)
      const slot = (id - 1) % CHUNK_IDS
      return this.#hex[chunk][slot] ? mixed(this.#chunks[chunk], slot * WORDS) >>> shift : -1
    }
    for (let id = 1; id <= this.#count; id++) {
      const bucket = bucketOf(id)
      if (bucket >= 0) starts[bucket]++
    }
    // Each bucket's end, then filled from the back with ids descending: starts[b] ends as its start.
    for (let b = 1; b < starts.length - 1; b++) starts[b] += starts[b - 1]
    starts[starts.length - 1] = this.#hexCount
    for (let id = this.#count; id >= 1; id--) {
      const bucket = bucketOf(id)
      if (bucket >= 0) ids[--starts[bucket]] = id
    }
    return { shift, starts, ids }
  }
}
