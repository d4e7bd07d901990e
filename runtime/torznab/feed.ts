/**
 * The Torznab RSS document: one channel, items as direct children, `torznab:attr` extensions. The
 * adapter renders the items from search hits; every text in the document goes through escapeXml, so
 * the output is XML 1.0 whatever the database holds.
 */
import { SERVER_TITLE } from './caps.ts'
import { escapeXml } from './xml.ts'

const TORZNAB_NAMESPACE = 'http://torznab.com/schemas/2015/feed'
const ATOM_NAMESPACE = 'http://www.w3.org/2005/Atom'
export const TORRENT_TYPE = 'application/x-bittorrent'

export interface Feed {
  /** The indexer's own /api URL (atom:link self). */
  self: string
  offset: number
  total: number
  /** `<item>` elements, rendered from search hits by the adapter. */
  items: string[]
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const TWO = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'))
const DAY = 86_400

/** `15 Mar 2015` for days since 1970-01-01, proleptic Gregorian (Hinnant's civil_from_days). */
const civilDate = (days: number): string => {
  const shifted = days + 719_468 // days since 0000-03-01: leap days fall at the end of a year
  const era = Math.floor(shifted / 146_097)
  const dayOfEra = shifted - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const march = Math.floor((5 * dayOfYear + 2) / 153) // 0 = March … 11 = February
  const month = march < 10 ? march + 2 : march - 10
  const year = yearOfEra + era * 400 + (month < 2 ? 1 : 0)
  return `${TWO[dayOfYear - Math.floor((153 * march + 2) / 5) + 1]} ${MONTHS[month]} ${year}`
}

/**
 * RFC 1123 in UTC with a numeric zone, the form .NET parses (`Sun, 15 Mar 2015 17:10:42 +0000`).
 * Date's own arithmetic (whole milliseconds, floored to the second) without a Date, whose getters
 * cost ~0.5 µs an item, more than a quarter of rendering one.
 */
export const rfc1123 = (seconds: number): string => {
  const whole = Math.floor(Math.trunc(seconds * 1000) / 1000)
  const days = Math.floor(whole / DAY)
  const time = whole - days * DAY
  const clock = `${TWO[Math.floor(time / 3600)]}:${TWO[Math.floor(time / 60) % 60]}:${TWO[time % 60]}`
  return `${DAYS[(((days + 4) % 7) + 7) % 7]}, ${civilDate(days)} ${clock} +0000`
}

/**
 * Concatenated, not joined: items are ropes, which join would flatten one by one and then copy again.
 * The feed stays a rope until it is written out, so each item's text is copied once.
 */
export const renderFeed = (feed: Feed): string => {
  const self = escapeXml(feed.self)
  let text =
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="${ATOM_NAMESPACE}" xmlns:torznab="${TORZNAB_NAMESPACE}">\n<channel>\n` +
    `<atom:link href="${self}" rel="self" type="application/rss+xml"/>\n<title>${SERVER_TITLE}</title>\n` +
    `<description>ICVDB snapshot, served as a Torznab indexer</description>\n<link>${self}</link>\n` +
    `<torznab:response offset="${feed.offset}" total="${feed.total}"/>\n`
  for (const item of feed.items) text += `${item}\n`
  return `${text}</channel>\n</rss>\n`
}
