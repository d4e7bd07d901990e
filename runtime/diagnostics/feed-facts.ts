/**
 * What a rendered Torznab feed answered, read back from its text: how many items and the `total` of
 * its torznab:response. The feed may be a string or (from the answer cache) its UTF-8 bytes; both are
 * scanned with native indexOf, a few microseconds for a page of 100 items.
 */
const ITEM = '<item>'
const TOTAL = /<torznab:response offset="\d+" total="(\d+)"\/>/
// The response element comes right after the channel header: well inside the first 1 KiB.
const HEAD_BYTES = 1024

export interface FeedFacts {
  count: number
  total: number | null
}

const countIn = (text: { indexOf(search: string, from?: number): number }): number => {
  let count = 0
  for (let at = text.indexOf(ITEM); at !== -1; at = text.indexOf(ITEM, at + ITEM.length)) count++
  return count
}

export const feedFacts = (feed: string | Uint8Array): FeedFacts => {
  const text = typeof feed === 'string' ? feed : Buffer.from(feed.buffer, feed.byteOffset, feed.byteLength)
  const head = typeof text === 'string' ? text.slice(0, HEAD_BYTES) : text.toString('utf8', 0, Math.min(HEAD_BYTES, text.length))
  const total = TOTAL.exec(head)
  return { count: countIn(text), total: total ? Number(total[1]) : null }
}
