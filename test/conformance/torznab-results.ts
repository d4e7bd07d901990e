/**
 * The result-document half of the conformance checker (search, tvsearch, movie, RSS): the page and
 * item rules of torznab-clients.md §B.5–§B.7 and §C.1, as Prowlarr, Sonarr and Radarr apply them.
 */
import type { Caps, Violation } from './torznab-checker.ts'
import {
  attribute,
  children,
  forbiddenCharacter,
  nonXmlEntity,
  parsePubDate,
  parseXml,
  prefixed,
  prefixesOf,
  rootElements,
  text,
  TORZNAB_NS,
  wellFormedProblem,
  type XmlNode,
} from './xml-document.ts'

export interface ResultsOptions {
  /** Declared categories: item categories must be among them (Prowlarr maps results through caps). */
  caps?: Caps
  /** The request's limit: never more items. */
  limit?: number
  /** Releases must also survive Prowlarr's automatic (Sonarr/Radarr) searches: a category is required. */
  forArrApps?: boolean
}

const TORRENT_TYPES = ['application/x-bittorrent', 'application/x-bittorrent;x-scheme-handler/magnet']
const INTEGER = /^\s*[+-]?\d{1,10}\s*$/
const NUMBER = /^\s*\d+(?:\.\d+)?\s*$/

type Report = (rule: string, message: string) => void

const attrsOf = (item: unknown, prefixes: string[], report: Report): Array<[string, string]> =>
  prefixed(item, prefixes, 'attr').flatMap((node) => {
    const [name, value] = [attribute(node, 'name'), attribute(node, 'value')]
    if (name === undefined || value === undefined) {
      report('item.attr', 'a torznab:attr without name or value makes every client skip the item')
      return []
    }
    return [[name, value] as [string, string]]
  })

const checkEnclosure = (item: unknown, error: Report, warning: Report): string | null => {
  const enclosures = children(item, 'enclosure')
  if (enclosures.length === 0) {
    error('item.enclosure', 'no <enclosure>: the clients skip the item')
    return null
  }
  const preferred = enclosures.find((node) => TORRENT_TYPES.includes(attribute(node, 'type') ?? '')) ?? enclosures[0]
  const url = attribute(preferred, 'url') ?? ''
  if (!/^(?:https?:\/\/[^\s/]+|magnet:\?)/.test(url))
    error('item.enclosure-url', `enclosure url "${url}" is not an absolute http(s) or magnet URL`)
  const length = attribute(preferred, 'length')
  if (length !== undefined && !/^\d+$/.test(length)) warning('item.size', `enclosure length "${length}" is not a number of bytes`)
  return attribute(preferred, 'type') ?? null
}

const checkAttrs = (attrs: Array<[string, string]>, error: Report, warning: Report) => {
  for (const [name, value] of attrs) {
    if (['seeders', 'peers', 'leechers'].includes(name) && !INTEGER.test(value))
      error('item.integer', `${name}="${value}" is not an integer (int.Parse fails the item)`)
    if (name === 'imdbid' && !/^.{4}\d+$/.test(value))
      error('item.imdbid', `imdbid="${value}" breaks Prowlarr's parser (use tt + 7 digits)`)
    if (name === 'size' && !/^\d+$/.test(value)) warning('item.size', `size="${value}" is not a number of bytes`)
    if (name === 'infohash' && !/^[0-9a-f]{40}$/.test(value))
      warning('item.infohash', `infohash="${value}" is not 40 lower-case hex digits`)
    if ((name === 'downloadvolumefactor' || name === 'uploadvolumefactor') && !NUMBER.test(value))
      warning('item.volumefactor', `${name}="${value}" is not a number`)
  }
}

const checkCategories = (item: unknown, attrs: Array<[string, string]>, options: ResultsOptions, error: Report, warning: Report) => {
  const fromAttrs = attrs.filter(([name]) => name === 'category').map(([, value]) => value)
  const categories = fromAttrs.length > 0 ? fromAttrs : children(item, 'category').map(text)
  // Interactive searches keep uncategorised releases; Prowlarr's automatic ones drop them.
  if (categories.length === 0)
    (options.forArrApps ? error : warning)('item.category', 'no category: Prowlarr drops the release in automatic searches')
  else if (options.caps && !categories.some((id) => options.caps?.categories.has(id))) {
    error('item.category-declared', `categories ${categories.join(',')} are not declared in caps: Prowlarr drops the release`)
  }
}

const checkItem = (item: unknown, prefixes: string[], options: ResultsOptions, error: Report, warning: Report, guids: Set<string>) => {
  if (text(children(item, 'title')[0]).trim() === '') error('item.title', 'an empty or missing title makes the release invalid')
  const pubDate = text(children(item, 'pubDate')[0]).trim()
  if (pubDate === '') error('item.pubdate-missing', 'an item without pubDate makes the whole page fail')
  else {
    const parsed = parsePubDate(pubDate)
    if (!parsed.ok) error('item.pubdate', `pubDate "${pubDate}": ${parsed.reason}`)
  }
  const type = checkEnclosure(item, error, warning)
  const attrs = attrsOf(item, prefixes, error)
  checkAttrs(attrs, error, warning)
  checkCategories(item, attrs, options, error, warning)
  const guid = text(children(item, 'guid')[0])
  if (guid === '') warning('item.guid', 'no guid: clients invent a random one, breaking de-duplication and paging')
  else if (guids.has(guid)) warning('item.guid', `guid ${guid} repeats within the page`)
  guids.add(guid)
  return type
}

const checkChannel = (document: XmlNode, error: Report): unknown | null => {
  const roots = rootElements(document)
  if (roots.length !== 1) {
    error('results.root', `one root element expected, found ${roots.length}`)
    return null
  }
  const root = document[roots[0]]
  if (attribute(root, 'xmlns') !== undefined) error('results.root', 'a default xmlns on the root hides every item from the clients')
  const channels = children(root, 'channel')
  if (channels.length !== 1) error('results.root', `exactly one <channel> expected, found ${channels.length}`)
  return channels[0] ?? null
}

export const checkResults = (xml: string, options: ResultsOptions = {}): Violation[] => {
  const list: Violation[] = []
  const error: Report = (rule, message) => list.push({ rule, severity: 'error', message })
  const warning: Report = (rule, message) => list.push({ rule, severity: 'warning', message })
  // Prowlarr and Sonarr/Radarr decode results without a BOM, so none is reported here.
  const problem = wellFormedProblem(xml)
  if (problem) return [{ rule: 'xml.well-formed', severity: 'error', message: problem }]
  if (forbiddenCharacter(xml)) error('xml.characters', 'a character XML 1.0 forbids')
  const entity = nonXmlEntity(xml)
  if (entity) error('xml.entities', `${entity} is not an XML entity`)
  const document = parseXml(xml)
  const found = rootElements(document)
  if (found.includes('error') || children(document[found[0]], 'error').length > 0)
    error('results.error', 'the response is an <error> document')
  const channel = checkChannel(document, error)
  if (channel === null) return list
  const root = document[found[0]]
  const prefixes = prefixesOf(TORZNAB_NS, root, channel)
  const items = children(channel, 'item')
  const undeclared = items.some((item) =>
    Object.keys(item as XmlNode).some((name) => name.endsWith(':attr') && !prefixes.includes(name.split(':')[0])),
  )
  if (undeclared && prefixes.length === 0) error('results.namespace', `torznab attributes need xmlns:torznab="${TORZNAB_NS}"`)
  if (options.limit !== undefined && items.length > options.limit)
    error('results.limit', `${items.length} items for limit=${options.limit}`)
  const guids = new Set<string>()
  const types = items.map((item) => checkItem(item, prefixes, options, error, warning, guids))
  if (types.length > 0 && !types.some((type) => type !== null && TORRENT_TYPES.includes(type))) {
    ;(types.includes('application/x-nzb') ? error : warning)('item.enclosure-type', 'no enclosure has a torrent type')
  }
  return list
}
