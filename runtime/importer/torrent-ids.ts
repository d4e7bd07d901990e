/**
 * Torrent ids by info hash, for the files load: files.db refers to torrents by integer id, which
 * makes its indexes ~40% cheaper to build and lets episode searches skip a hash lookup per file.
 * A Map of a million 40-character strings would cost ~100 MB, the hashes' 20 bytes in typed arrays
 * ~30 MB (91 MB at 3M torrents). Here a hex hash is kept as a 63-bit digest of all its 160 bits (two
 * independent 32-bit mixes, one bit of the second kept at 1) in fixed chunks of a typed array (ids
 * are dense from 1, so nothing is ever copied to grow), and lookups go through buckets of ids by the
 * first mix, counted out once all ids are in: ~13 bytes a torrent. SHA-1 info hashes are uniform, so
 * two different hashes of the catalogue share a digest with odds of about n²/2^64 (4.9e-7 at 3M
 * torrents: a file then names the wrong one of the two), and a file whose torrent is missing matches
 * another's digest with odds n/2^63 (3.3e-13): the price of less than half the memory. Hashes that are not 40 hex digits (upstream does not check) go through a small
 * Map, exactly.
 */

const WORDS = 5
const HEX_LENGTH = WORDS * 8
const CHUNK_IDS = 65_536
// Two 32-bit digest words per id; 0, 0 marks an id added without a hex hash.
const DIGEST = 2
// Nibble of each char code, either case; -1 for anything that is not a hex digit.
const NIBBLES = new Int8Array(128).fill(-1)
for (let i = 0; i < 16; i++) {
  NIBBLES['0123456789abcdef'.charCodeAt(i)] = i
  NIBBLES['0123456789ABCDEF'.charCodeAt(i)] = i
}

/** Writes the five 32-bit words of a 40-hex-digit hash; false (nothing usable) otherwise. */
const hexWords = (hash: string, out: Uint32Array): boolean => {
  if (hash.length !== HEX_LENGTH) return false
  for (let word = 0; word < WORDS; word++) {
    let value = 0
    for (let i = word * 8; i < word * 8 + 8; i++) {
      const code = hash.charCodeAt(i)
      const nibble = code < 128 ? NIBBLES[code] : -1
      if (nibble < 0) return false
      value = (value << 4) | nibble
    }
    out[word] = value
  }
  return true
}

/** A well-mixed 32-bit key of all five words: patterned hashes (a counter in the last digits) still spread. */
const mixed = (words: Uint32Array, multiplier: number, finalizer: number): number => {
  let key = words[0]
  for (let i = 1; i < WORDS; i++) key = Math.imul(key ^ words[i], multiplier)
  // Never 0 for both words together: | 1 on the second keeps (0, 0) free as "no hex hash".
  return Math.imul(key ^ (key >>> 15), finalizer) >>> 0
}

/** The digest of `words` into `out` at `at`: two independent mixes. */
const digest = (words: Uint32Array, out: Uint32Array, at: number): void => {
  out[at] = mixed(words, 0x9e3779b1, 0x85ebca6b)
  out[at + 1] = (mixed(words, 0xcc9e2d51, 0x1b873593) | 1) >>> 0
}

/** Buckets: the ids whose first digest word has the same leading `bits` bits, ascending, ids[starts[b]…starts[b+1]). */
interface Buckets {
  shift: number
  starts: Uint32Array
  ids: Uint32Array
}

export class TorrentIds {
  readonly #chunks: Uint32Array[] = []
  /** Ids whose hash is not hex, by lower-case hash. */
  readonly #others = new Map<string, number>()
  #count = 0
  #hexCount = 0
  #buckets: Buckets | null = null
  // Files of one torrent come together: the last answer is asked again and again.
  #lastHash: string | null = null
  #lastId: number | null = null
  readonly #words = new Uint32Array(WORDS)
  readonly #probe = new Uint32Array(DIGEST)

  /** Records torrent `id` (from 1, ascending, before any idOf). The first of two torrents with one hash keeps it. */
  add(hash: string, id: number): void {
    if (this.#buckets) throw new Error('TorrentIds.add after the first lookup')
    const chunk = Math.floor((id - 1) / CHUNK_IDS)
    while (this.#chunks.length <= chunk) this.#chunks.push(new Uint32Array(CHUNK_IDS * DIGEST))
    this.#count = Math.max(this.#count, id)
    if (hexWords(hash, this.#words)) {
      digest(this.#words, this.#chunks[chunk], ((id - 1) % CHUNK_IDS) * DIGEST)
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
    if (hexWords(hash, this.#words)) {
      digest(this.#words, this.#probe, 0)
      this.#lastId = this.#find(this.#probe)
    } else this.#lastId = this.#others.get(hash.toLowerCase()) ?? null
    return this.#lastId
  }

  #find(probe: Uint32Array): number | null {
    const buckets = (this.#buckets ??= this.#countOut())
    const bucket = probe[0] >>> buckets.shift
    for (let i = buckets.starts[bucket]; i < buckets.starts[bucket + 1]; i++) {
      const id = buckets.ids[i]
      const words = this.#chunks[Math.floor((id - 1) / CHUNK_IDS)]
      const at = ((id - 1) % CHUNK_IDS) * DIGEST
      if (words[at] === probe[0] && words[at + 1] === probe[1]) return id
    }
    return null
  }

  /** The bucket of `id`, or -1 when it was added without a hex hash (its digest words are 0, 0). */
  #bucketOf(id: number, shift: number): number {
    const words = this.#chunks[Math.floor((id - 1) / CHUNK_IDS)]
    const at = ((id - 1) % CHUNK_IDS) * DIGEST
    return words[at + 1] === 0 ? -1 : words[at] >>> shift
  }

  /** A counting sort of the hex ids by bucket: about two ids a bucket, ascending within each. */
  #countOut(): Buckets {
    const bits = Math.min(22, Math.max(8, Math.ceil(Math.log2(Math.max(1, this.#hexCount))) - 1))
    const shift = 32 - bits
    const starts = new Uint32Array((1 << bits) + 1)
    const ids = new Uint32Array(this.#hexCount)
    for (let id = 1; id <= this.#count; id++) {
      const bucket = this.#bucketOf(id, shift)
      if (bucket >= 0) starts[bucket]++
    }
    // Each bucket's end, then filled from the back with ids descending: starts[b] ends as its start.
    for (let b = 1; b < starts.length - 1; b++) starts[b] += starts[b - 1]
    starts[starts.length - 1] = this.#hexCount
    for (let id = this.#count; id >= 1; id--) {
      const bucket = this.#bucketOf(id, shift)
      if (bucket >= 0) ids[--starts[bucket]] = id
    }
    return { shift, starts, ids }
  }
}
