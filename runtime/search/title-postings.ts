/**
 * Title words as in-memory rank lists. torrents_fts rowids are ranks of the default order, so each
 * word's list of rowids, ascending, is already in result order; the hits of several words are the
 * ranks every list holds, found by leapfrogging through the lists with galloping searches.
 *
 * Why not FTS5's own AND: it reads the words' doclists page by page, which costs ~0.45 ms for two
 * words and up to ~4 ms when one of them is as common as "the" or "di" (measured at 1M titles), while
 * one word alone is ~0.04 ms. A word's list is read once per handle through FTS5 itself (identical
 * semantics: the same tokens, the same index) and kept, least recently used out first.
 */
import type { Database } from 'bun:sqlite'
import { ftsMatch } from './tokens.ts'

/**
 * Bytes of word lists kept per database handle: 32 MiB. A list takes the smaller of 4 bytes a title
 * holding the word and 1 bit a title of the catalogue (a bitmap, once the word is in more than 1 title
 * in 32): so a quality or language marker in half of 3M titles takes 375 KiB instead of 6 MiB, and the
 * ten the bench pages through fit together at any catalogue size. A name word (a few thousand titles)
 * takes a few KiB. Past the budget the least recently used lists go, to be read again when asked.
 */
const POSTINGS_BUDGET_BYTES = 32 * 1024 * 1024

/** The ranks of the titles holding one word, ascending: an array, or a bitmap for a common word. */
export type RankList = Uint32Array | RankBitmap

/** Ranks as set bits, for a word in more than 1 title in 32; iterable and `length`-counted like an array. */
export class RankBitmap {
  constructor(
    private readonly words: Uint32Array,
    readonly length: number,
  ) {}

  static of(ranks: ArrayLike<number>): RankBitmap {
    const words = new Uint32Array(((ranks[ranks.length - 1] ?? 0) >>> 5) + 1)
    for (let i = 0; i < ranks.length; i++) words[ranks[i] >>> 5] |= 1 << (ranks[i] & 31)
    return new RankBitmap(words, ranks.length)
  }

  get byteLength(): number {
    return this.words.byteLength
  }

  /** The least rank ≥ target, or -1. */
  ceiling(target: number): number {
    let word = target >>> 5
    if (word >= this.words.length) return -1
    let bits = this.words[word] & (~0 << (target & 31))
    while (bits === 0) {
      if (++word >= this.words.length) return -1
      bits = this.words[word]
    }
    return (word << 5) + 31 - Math.clz32(bits & -bits)
  }

  *[Symbol.iterator](): Iterator<number> {
    for (let rank = this.ceiling(0); rank !== -1; rank = this.ceiling(rank + 1)) yield rank
  }
}

/** The list's compact form: a bitmap when 1 bit a rank up to the last costs less than 4 bytes a hit. */
const compact = (ranks: Uint32Array): RankList =>
  ranks.length > 0 && ranks[ranks.length - 1] / 8 < ranks.byteLength ? RankBitmap.of(ranks) : ranks

class PostingsCache {
  private readonly lists = new Map<string, RankList>()
  private bytes = 0

  constructor(private readonly db: Database) {}

  /** The ascending rowids (ranks) of the titles holding `token`. */
  of(token: string): RankList {
    let list = this.lists.get(token)
    if (list) {
      // Most recently used last: Map keeps insertion order.
      this.lists.delete(token)
      this.lists.set(token, list)
      return list
    }
    list = compact(this.read(token))
    this.lists.set(token, list)
    this.bytes += list.byteLength
    for (const [oldest, old] of this.lists) {
      if (this.bytes <= POSTINGS_BUDGET_BYTES || oldest === token) break
      this.lists.delete(oldest)
      this.bytes -= old.byteLength
    }
    return list
  }

  // One JSON text per word, not a row each: a common word lists hundreds of thousands of titles.
  private read(token: string): Uint32Array {
    const sql = 'SELECT json_group_array(rowid) AS ranks FROM torrents_fts WHERE torrents_fts MATCH ?'
    const row = this.db.query(sql).get(ftsMatch([token])) as { ranks: string }
    return new Uint32Array(JSON.parse(row.ranks) as number[])
  }
}

const caches = new WeakMap<Database, PostingsCache>()

/** The rank lists of `tokens` on this handle (read on first use, then kept). */
export const postingsOf = (db: Database, tokens: readonly string[]): RankList[] => {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new PostingsCache(db)))
  return tokens.map((token) => (cache as PostingsCache).of(token))
}

/** The first index at or after `from` whose value is ≥ target (list.length if none): gallop, then halve. */
export const seek = (list: Uint32Array, from: number, target: number): number => {
  if (from >= list.length || list[from] >= target) return from
  let low = from
  let step = 1
  while (low + step < list.length && list[low + step] < target) {
    low += step
    step *= 2
  }
  // list[low] < target, and list[high] ≥ target or high = length.
  let high = Math.min(low + step, list.length)
  while (high - low > 1) {
    const middle = (low + high) >>> 1
    if (list[middle] < target) low = middle
    else high = middle
  }
  return high
}

/** The least value ≥ target of one list, asked with targets that never decrease; -1 past its end. */
type Ceiling = (target: number) => number

const ceilingOf = (list: RankList): Ceiling => {
  if (list instanceof RankBitmap) return (target) => list.ceiling(target)
  let at = 0
  return (target) => {
    at = seek(list, at, target)
    return at < list.length ? list[at] : -1
  }
}

/**
 * The values every list holds, ascending, a few at a time (a filtered search asks for more until its
 * page is full). Lists are probed rarest first: a candidate comes from the shortest list, and the
 * first list that lacks it names the next candidate (its next value), from which the shortest list
 * goes on; a common word's list is only searched for values all rarer ones hold (a bitmap's in O(1)).
 */
export class RankIntersection {
  private readonly ceilings: Ceiling[]
  private target = 0
  private done: boolean

  constructor(lists: readonly RankList[]) {
    this.ceilings = [...lists].sort((a, b) => a.length - b.length).map(ceilingOf)
    this.done = lists.length === 0 || lists.some((list) => list.length === 0)
  }

  /** Up to `count` further common values. */
  next(count: number): number[] {
    const found: number[] = []
    const [rarest, ...others] = this.ceilings
    while (!this.done && found.length < count) {
      const candidate = rarest(this.target)
      let next = candidate
      for (let i = 0; i < others.length && next === candidate && candidate !== -1; i++) next = others[i](candidate)
      // A list ran out: nothing further is common to all.
      if (next === -1 || candidate === -1) this.done = true
      else if (next === candidate) {
        found.push(candidate)
        this.target = candidate + 1
      } else this.target = next
    }
    return found
  }
}
