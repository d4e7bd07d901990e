/**
 * XML reading for the Torznab conformance checker, with the leniencies and strictnesses of the .NET
 * clients: BOM handling, well-formedness, XML-only entities, XML 1.0 characters, namespace prefixes,
 * and DateTime.TryParse-like pubDate parsing.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser'

export const TORZNAB_NS = 'http://torznab.com/schemas/2015/feed'
const BOM = '\uFEFF'

// XML 1.0 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
const FORBIDDEN_CHARACTER = /[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u
// Any entity reference other than the five XML ones or a character reference (&nbsp; &eacute; …).
const NON_XML_ENTITY = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)[A-Za-z][A-Za-z0-9]*;/

export const hasBom = (text: string): boolean => text.startsWith(BOM)
export const stripBom = (text: string): string => (hasBom(text) ? text.slice(1) : text)

/** The first well-formedness problem, or null. */
export const wellFormedProblem = (text: string): string | null => {
  const result = XMLValidator.validate(stripBom(text))
  return result === true ? null : `${result.err.code}: ${result.err.msg} (line ${result.err.line})`
}

export const forbiddenCharacter = (text: string): boolean => FORBIDDEN_CHARACTER.test(stripBom(text))
export const nonXmlEntity = (text: string): string | null => NON_XML_ENTITY.exec(text)?.[0] ?? null

const ARRAYS = new Set(['item', 'category', 'subcat', 'enclosure', 'channel', 'error', 'guid', 'pubDate', 'title'])

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ARRAYS.has(name) || name.endsWith(':attr'),
})

export type XmlNode = Record<string, unknown>

export const parseXml = (text: string): XmlNode => parser.parse(stripBom(text)) as XmlNode

/** The element children of a parsed document (skips the `?xml` declaration). */
export const rootElements = (document: XmlNode): string[] => Object.keys(document).filter((name) => !name.startsWith('?'))

export const attribute = (node: unknown, name: string): string | undefined => {
  if (typeof node !== 'object' || node === null) return undefined
  const value = (node as XmlNode)[`@${name}`]
  return typeof value === 'string' ? value : undefined
}

export const children = (node: unknown, name: string): unknown[] => {
  if (typeof node !== 'object' || node === null) return []
  const value = (node as XmlNode)[name]
  return value === undefined ? [] : Array.isArray(value) ? value : [value]
}

/** Text content of a parsed element (a string, or `#text` beside attributes). */
export const text = (node: unknown): string => {
  if (typeof node === 'string') return node
  if (typeof node === 'object' && node !== null) {
    const inner = (node as XmlNode)['#text']
    return typeof inner === 'string' ? inner : ''
  }
  return ''
}

/** Prefixes bound to `namespace` by xmlns:prefix attributes on the given elements. */
export const prefixesOf = (namespace: string, ...elements: unknown[]): string[] =>
  elements.flatMap((element) =>
    typeof element === 'object' && element !== null
      ? Object.entries(element as XmlNode)
          .filter(([name, value]) => name.startsWith('@xmlns:') && value === namespace)
          .map(([name]) => name.slice('@xmlns:'.length))
      : [],
  )

/** Every element `prefix:local` or (when declared) any bound prefix of the child list. */
export const prefixed = (node: unknown, prefixes: string[], local: string): unknown[] =>
  prefixes.flatMap((prefix) => children(node, `${prefix}:${local}`))

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const RFC822 = /^(?:([A-Za-z]{3}),\s*)?(\d{1,2})\s+([A-Za-z]{3})\s+(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(GMT|UTC|UT|Z|[+-]\d{4})?$/
const ISO8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/

export type DateCheck = { ok: true; ms: number } | { ok: false; reason: string }

const rfc822 = (value: string): DateCheck => {
  const m = RFC822.exec(value)
  if (!m) return { ok: false, reason: 'not an RFC 822/1123 or ISO 8601 date' }
  const [, day, date, month, year, hours, minutes, seconds, zone] = m
  const monthIndex = MONTHS.findIndex((name) => name.toLowerCase() === month.toLowerCase())
  if (monthIndex < 0) return { ok: false, reason: `unknown month ${month}` }
  let ms = Date.UTC(Number(year), monthIndex, Number(date), Number(hours), Number(minutes), Number(seconds ?? 0))
  if (new Date(ms).getUTCDate() !== Number(date)) return { ok: false, reason: 'no such day' }
  // .NET checks the weekday against the date as written, before applying the offset.
  if (day !== undefined && DAYS[new Date(ms).getUTCDay()].toLowerCase() !== day.toLowerCase())
    return { ok: false, reason: 'day of week was incorrect' }
  if (zone && /^[+-]/.test(zone)) ms -= (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3))) * 60_000
  return { ok: true, ms }
}

/** Like the clients: DateTime.TryParse, then again without a trailing " XXX" zone abbreviation. */
export const parsePubDate = (value: string): DateCheck => {
  const trimmed = value.trim()
  if (ISO8601.test(trimmed) && !Number.isNaN(Date.parse(trimmed))) return { ok: true, ms: Date.parse(trimmed) }
  const first = rfc822(trimmed)
  if (first.ok || first.reason === 'day of week was incorrect') return first
  const stripped = trimmed.replace(/\s[A-Z]{2,4}$/, '')
  return stripped === trimmed ? first : rfc822(stripped)
}
