/**
 * The live test the fake Prowlarr runs against an indexer before it accepts it, as real Prowlarr
 * does (torznab-clients.md §A.6, §B.3, §B.5): `t=caps`, then `t=search&extended=1`, then the caps rule.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import openapi from '../fixtures/prowlarr/openapi.json' with { type: 'json' }
import type { Resource } from './fake-prowlarr-schema.ts'

export interface Capabilities {
  limitsMax: number
  limitsDefault: number
  categories: { id: number; name: string; subCategories: { id: number; name: string; subCategories: [] }[] }[]
  supportsRawSearch: boolean
  searchParams: string[]
  tvSearchParams: string[]
  movieSearchParams: string[]
  musicSearchParams: string[]
  bookSearchParams: string[]
}

export type CheckResult = { ok: true; capabilities: Capabilities; requests: string[] } | { ok: false; message: string; requests: string[] }

const CONNECT = 'Unable to connect to indexer, check the log above the ValidationFailure for more details.'
const UNAVAILABLE = "Unable to connect to indexer, indexer's server is unavailable. Try again later."
const NO_RESULTS =
  'Query successful, but no results were returned from your indexer. This may be an issue with the indexer, your indexer category settings, or other indexer settings such as search freeleech only etc. See the FAQ for details.'
const NO_SEARCH =
  'This indexer does not support searching for tv, music, or movies :(. Tell your indexer staff to enable this or force add the indexer by disabling search, adding the indexer and then enabling it again.'
const NO_PUBDATE = 'Indexer feed is not supported: Each item in the RSS feed must have a pubDate element with a valid publish date.'

// Param names as Prowlarr's enums spell them (openapi.json), matched case-insensitively like .NET's Enum.TryParse.
const schemas = openapi.components.schemas as Record<string, { enum?: string[] }>
const MODES = [
  ['search', 'searchParams', 'SearchParam'],
  ['tv-search', 'tvSearchParams', 'TvSearchParam'],
  ['movie-search', 'movieSearchParams', 'MovieSearchParam'],
  ['audio-search', 'musicSearchParams', 'MusicSearchParam'], // audio-, not music-search: what Prowlarr reads
  ['book-search', 'bookSearchParams', 'BookSearchParam'],
] as const

const DEFAULT_CAPS = (): Capabilities => ({
  limitsMax: 100,
  limitsDefault: 100,
  categories: [],
  supportsRawSearch: false,
  searchParams: ['q'],
  tvSearchParams: [],
  movieSearchParams: [],
  musicSearchParams: [],
  bookSearchParams: [],
})

const ARRAYS = new Set(['category', 'subcat', 'item', 'enclosure', 'torznab:attr', 'error'])
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ARRAYS.has(name),
})

class Degraded extends Error {}

const parseXml = (text: string): Record<string, any> | null => {
  const body = text.replace(/^\uFEFF/, '')
  if (XMLValidator.validate(body) !== true) return null
  return parser.parse(body)
}

const rootName = (doc: Record<string, any>) => Object.keys(doc).find((key) => !key.startsWith('?'))
const hasElement = (node: unknown, name: string): boolean =>
  typeof node === 'object' && node !== null && Object.entries(node).some(([key, child]) => key === name || hasElement(child, name))
const integer = (value: unknown): number => {
  if (typeof value !== 'string' || !/^\s*-?\d+\s*$/.test(value)) throw new Degraded('not an integer')
  return Number(value)
}
const required = (value: unknown): string => {
  if (typeof value !== 'string') throw new Degraded('missing attribute')
  return value
}

const parseParams = (element: Record<string, any>, enumName: string): string[] => {
  if (required(element['@available']) !== 'yes') return []
  const supported = element['@supportedParams']
  if (supported === undefined) return ['q']
  const names = schemas[enumName].enum ?? []
  return String(supported)
    .split(',')
    .map((token) => names.find((name) => name.toLowerCase() === token.toLowerCase()))
    .filter((name): name is string => name !== undefined)
}

/** §B.3: anything odd but well-formed silently degrades to default caps, as Prowlarr does. */
export const parseCaps = (caps: Record<string, any>): Capabilities => {
  try {
    if (hasElement(caps, 'error')) throw new Degraded('error element')
    const result = DEFAULT_CAPS()
    if (caps.limits !== undefined) {
      result.limitsMax = integer(caps.limits['@max'])
      result.limitsDefault = integer(caps.limits['@default'])
    }
    if (caps.searching !== undefined) {
      for (const [element, key, enumName] of MODES) {
        const mode = caps.searching?.[element]
        result[key] = mode === undefined ? [] : parseParams(mode, enumName)
      }
    }
    for (const category of caps.categories?.category ?? []) {
      const subCategories = (category.subcat ?? []).map((sub: Record<string, any>) => ({
        id: integer(sub['@id']),
        name: required(sub['@name']),
        subCategories: [] as [],
      }))
      result.categories.push({ id: integer(category['@id']), name: required(category['@name']), subCategories })
    }
    return result
  } catch (error) {
    if (error instanceof Degraded) return DEFAULT_CAPS()
    throw error
  }
}

/** `Torznab.TestCapabilities`: at least one mode must be searchable. */
export const canSearch = (caps: Capabilities): boolean => {
  const has = (list: string[], ...names: string[]) => names.some((name) => list.includes(name))
  return (
    has(caps.searchParams, 'q') ||
    has(caps.movieSearchParams, 'q', 'imdbId', 'tmdbId', 'traktId') ||
    (has(caps.tvSearchParams, 'q', 'tvdbId', 'imdbId', 'tmdbId', 'rId') &&
      has(caps.tvSearchParams, 'season') &&
      has(caps.tvSearchParams, 'ep')) ||
    has(caps.musicSearchParams, 'q', 'artist', 'album') ||
    has(caps.bookSearchParams, 'q', 'author', 'title')
  )
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** .NET DateTime.TryParse, roughly: RFC 1123 with a weekday that must match the date, or ISO 8601. */
export const parsePubDate = (text: string): number | null => {
  const rfc = /^(\w{3}), (\d{1,2}) (\w{3}) (\d{4}) \d{2}:\d{2}(:\d{2})? ([+-]\d{4}|GMT|UTC|UT|Z)$/.exec(text.trim())
  if (rfc) {
    const month = MONTHS.indexOf(rfc[3])
    if (month < 0 || WEEKDAYS[new Date(Date.UTC(Number(rfc[4]), month, Number(rfc[2]))).getUTCDay()] !== rfc[1]) return null
  }
  const ms = Date.parse(text)
  return Number.isNaN(ms) ? null : ms
}

const feedFailure = (doc: Record<string, any>, url: string): string | null => {
  const root = doc[rootName(doc) ?? '']
  const error = root?.error?.[0] ?? (rootName(doc) === 'error' ? root : undefined)
  if (error) {
    const code = Number(error['@code'])
    if (code >= 100 && code <= 199)
      return 'Indexer returned result for RSS URL, Credentials appears to be invalid. Response: Invalid API key'
    if (error['@description'] === 'Missing parameter' && !url.includes('apikey='))
      return 'Indexer returned result for RSS URL, Credentials appears to be invalid. Response: Indexer requires an API key'
    if (error['@description'] === 'Request limit reached') return null
    return `${CONNECT} Torznab error detected: ${error['@description']}`
  }
  const items: Record<string, any>[] = root?.channel?.item ?? []
  if (items.some((item) => typeof item.pubDate !== 'string' || item.pubDate.trim() === '')) return NO_PUBDATE
  const valid = items.filter((item) => item.enclosure?.[0]?.['@url'] && parsePubDate(item.pubDate) !== null && item.title !== '')
  return valid.length === 0 ? NO_RESULTS : null
}

const ACCEPT = 'application/rss+xml, text/rss+xml, application/xml, text/xml'

const fetchIndexer = async (url: string): Promise<{ failure: string } | { text: string; status: number; type: string }> => {
  try {
    const response = await fetch(url, {
      headers: { accept: ACCEPT, 'user-agent': 'Prowlarr/2.3.6 (fake)' },
      signal: AbortSignal.timeout(10_000),
    })
    const text = await response.text()
    if (response.status >= 500) return { failure: `${UNAVAILABLE} ${response.status}` }
    return { text, status: response.status, type: response.headers.get('content-type') ?? '' }
  } catch (error) {
    return { failure: `Unable to connect to indexer. This is typically caused by DNS/SSL issues or a timeout. ${(error as Error).message}` }
  }
}

const field = (resource: Resource, name: string): unknown => resource.fields?.find((entry: Resource) => entry.name === name)?.value

/** `{base}{apiPath}?t=caps`, then `?t=search&extended=1` (+ `&apikey=` when set): exactly Prowlarr's test requests. */
export const checkIndexer = async (resource: Resource): Promise<CheckResult> => {
  const base = `${String(field(resource, 'baseUrl') ?? '').replace(/\/+$/, '')}${String(field(resource, 'apiPath') ?? '/api').replace(/\/+$/, '')}`
  const apiKey = field(resource, 'apiKey')
  const keyPart = typeof apiKey === 'string' && apiKey !== '' ? `&apikey=${apiKey}` : ''
  const requests = [`${base}?t=caps${keyPart}`, `${base}?t=search&extended=1${keyPart}`]
  const fail = (message: string): CheckResult => ({ ok: false, message, requests })

  const capsAnswer = await fetchIndexer(requests[0])
  if ('failure' in capsAnswer) return fail(capsAnswer.failure)
  if (capsAnswer.status >= 400) return fail(`${CONNECT} HTTP ${capsAnswer.status}`)
  const capsDoc = parseXml(capsAnswer.text)
  if (capsDoc === null || rootName(capsDoc) !== 'caps') return fail(`${CONNECT} Unexpected XML`)
  const capabilities = parseCaps(capsDoc.caps ?? {})

  const feedAnswer = await fetchIndexer(requests[1])
  if ('failure' in feedAnswer) return fail(feedAnswer.failure)
  if (feedAnswer.status >= 400 && !feedAnswer.type.includes('xml')) {
    return fail(`Unable to connect to indexer. Indexer API call resulted in an unexpected StatusCode [${feedAnswer.status}]`)
  }
  const feed = parseXml(feedAnswer.text)
  if (feed === null) return fail(`${CONNECT} The feed is not well-formed XML`)
  const failure = feedFailure(feed, requests[1])
  if (failure) return fail(failure)
  if (!canSearch(capabilities)) return fail(NO_SEARCH)
  return { ok: true, capabilities, requests }
}
