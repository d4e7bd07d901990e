/**
 * Seeded pseudo-random source for the synthetic ICVDB generator: the same seed and size always give
 * the same archive data, so a benchmark run can be repeated and a failing ground-truth check replayed.
 */

// cyrb128: spreads a text seed over the four 32-bit words sfc32 needs.
const seedWords = (seed: string): [number, number, number, number] => {
  let h1 = 1779033703
  let h2 = 3144134277
  let h3 = 1013904242
  let h4 = 2773480762
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i)
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067)
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233)
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213)
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179)
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067)
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233)
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213)
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179)
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0]
}

const HEX = '0123456789abcdef'

/** sfc32 (fast, passes PractRand for this use) with the helpers the generator needs. */
export class Random {
  #a: number
  #b: number
  #c: number
  #d: number

  constructor(seed: string) {
    ;[this.#a, this.#b, this.#c, this.#d] = seedWords(seed)
    for (let i = 0; i < 12; i++) this.uint32()
  }

  uint32(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0
    this.#d = (this.#d + 1) | 0
    this.#a = this.#b ^ (this.#b >>> 9)
    this.#b = (this.#c + (this.#c << 3)) | 0
    this.#c = (this.#c << 21) | (this.#c >>> 11)
    this.#c = (this.#c + t) | 0
    return t >>> 0
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n)
  }

  /** Uniform integer in [lo, hi] inclusive. */
  between(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1)
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]
  }

  /** Log-uniform in [lo, hi): sizes and counts that span orders of magnitude. */
  logUniform(lo: number, hi: number): number {
    return Math.exp(Math.log(lo) + this.next() * (Math.log(hi) - Math.log(lo)))
  }

  hex(length: number): string {
    let text = ''
    for (let i = 0; i < length; i++) text += HEX[this.uint32() & 15]
    return text
  }
}

/** Picks among `[value, weight]` pairs; the cumulative table is built once per list. */
export const weighted = <T>(pairs: readonly (readonly [T, number])[]): ((random: Random) => T) => {
  const total = pairs.reduce((sum, [, weight]) => sum + weight, 0)
  const cumulative: number[] = []
  let running = 0
  for (const [, weight] of pairs) cumulative.push((running += weight / total))
  return (random) => {
    const u = random.next()
    let i = 0
    while (i < cumulative.length - 1 && u >= cumulative[i]) i++
    return pairs[i][0]
  }
}

/** Zipf over ranks 0..n-1 (rank 0 most popular), by binary search in the cumulative weights. */
export const zipf = (n: number, exponent: number): ((random: Random) => number) => {
  const cumulative = new Float64Array(n)
  let running = 0
  for (let k = 0; k < n; k++) cumulative[k] = running += 1 / Math.pow(k + 1, exponent)
  return (random) => {
    const u = random.next() * running
    let lo = 0
    let hi = n - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid] > u) hi = mid
      else lo = mid + 1
    }
    return lo
  }
}

/** A 64-bit mix of an integer (splitmix64 finaliser), as 16 hex digits: distinct inputs never collide. */
export const uniqueHex16 = (value: number, salt: bigint): string => {
  let z = (BigInt(value) + salt) & 0xffffffffffffffffn
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn
  z = z ^ (z >> 31n)
  return z.toString(16).padStart(16, '0')
}
