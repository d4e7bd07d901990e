/**
 * What a rendered Torznab feed answered, read back from its head: the `total` of its
 * torznab:response, and so its item count. A feed's total is exact up to the end of its page and
 * one past the page beyond it (search.ts capFor), so the page holds min(limit, total - offset)
 * items: no scan of the ~100 KB of items (scanning them cost ~10 µs a request, measured).
 * The feed may be a string or (from the answer cache) its UTF-8 bytes.
 */
const TOTAL = /<torznab:response offset="\d+" total="(\d+)"\/>/
// The response element comes right after the channel header: well inside the first 1 KiB.
const HEAD_BYTES = 1024
const decoder = new TextDecoder()

export interface FeedFacts {
  count: number
  total: number | null
}

// A cached answer is the same byte array each time it is served: its total is read once.
const cachedTotals = new WeakMap<Uint8Array, number | null>()

const totalOf = (feed: string | Uint8Array): number | null => {
  if (typeof feed !== 'string' && cachedTotals.has(feed)) return cachedTotals.get(feed) as number | null
  const head = typeof feed === 'string' ? feed.slice(0, HEAD_BYTES) : decoder.decode(feed.subarray(0, HEAD_BYTES))
  const match = TOTAL.exec(head)
  const total = match ? Number(match[1]) : null
  if (typeof feed !== 'string') cachedTotals.set(feed, total)
  return total
}

export const feedFacts = (feed: string | Uint8Array, page: { limit: number; offset: number }): FeedFacts => {
  const total = totalOf(feed)
  return { count: total === null ? 0 : Math.max(0, Math.min(page.limit, total - page.offset)), total }
}
