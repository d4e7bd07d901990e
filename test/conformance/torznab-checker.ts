/**
 * A Torznab conformance checker: reads caps and result documents the way Prowlarr, Sonarr and Radarr
 * do (torznab-clients.md §B.3–§B.7, §C.1–§C.2) and lists what would make them fail, degrade, drop an
 * item or drop the page. `error` = a client breaks or loses data; `warning` = a SHOULD of §G.
 */
import {
  attribute,
  children,
  forbiddenCharacter,
  hasBom,
  nonXmlEntity,
  parseXml,
  rootElements,
  wellFormedProblem,
  type XmlNode,
} from './xml-document.ts'

export interface Violation {
  rule: string
  severity: 'error' | 'warning'
  message: string
}

export interface Caps {
  limits: { default: number; max: number } | null
  modes: Record<string, string[] | null>
  categories: Set<string>
}

export const MODES = ['search', 'tv-search', 'movie-search', 'audio-search', 'book-search'] as const

// Prowlarr's enum names per mode (matched case-insensitively by Prowlarr, exactly by Sonarr/Radarr).
const KNOWN_PARAMS: Record<string, string[]> = {
  search: ['q'],
  'tv-search': ['q', 'season', 'ep', 'imdbid', 'tvdbid', 'rid', 'tvmazeid', 'traktid', 'tmdbid', 'doubanid', 'genre', 'year'],
  'movie-search': ['q', 'imdbid', 'tmdbid', 'imdbtitle', 'imdbyear', 'traktid', 'genre', 'doubanid', 'year'],
  'audio-search': ['q', 'album', 'artist', 'label', 'year', 'genre', 'track'],
  'book-search': ['q', 'title', 'author', 'publisher', 'genre', 'year'],
}
const SONARR_CATEGORIES = ['5000', '5010', '5020', '5030', '5040', '5045', '5050', '5090', '5070']
const RADARR_CATEGORIES = ['2000', '2010', '2020', '2030', '2040', '2045', '2050', '2060', '2070', '2080', '2090']

class Findings {
  readonly list: Violation[] = []
  error = (rule: string, message: string) => this.list.push({ rule, severity: 'error', message })
  warning = (rule: string, message: string) => this.list.push({ rule, severity: 'warning', message })
}

/** Checks every document shares: BOM (caps only: results are decoded without it), syntax, characters, entities. */
const checkSyntax = (xml: string, findings: Findings, bomRule: 'error' | 'warning' | null): boolean => {
  if (bomRule && hasBom(xml)) findings[bomRule]('xml.no-bom', 'the document starts with a UTF-8 BOM')
  const problem = wellFormedProblem(xml)
  if (problem) findings.error('xml.well-formed', problem)
  if (forbiddenCharacter(xml)) findings.error('xml.characters', 'a character XML 1.0 forbids')
  const entity = nonXmlEntity(xml)
  if (entity) findings.error('xml.entities', `${entity} is not an XML entity`)
  return problem === null
}

/** `<error code description/>` anywhere in a document, as the clients find it. */
export const readError = (xml: string): { code: string; description: string } | null => {
  const document = parseXml(xml)
  const found = children(document, 'error')[0] ?? rootElements(document).flatMap((name) => children(document[name], 'error'))[0]
  if (!found) return null
  return { code: attribute(found, 'code') ?? '', description: attribute(found, 'description') ?? '' }
}

const checkLimits = (node: unknown, findings: Findings): Caps['limits'] => {
  if (node === undefined) return null
  const [low, high] = [attribute(node, 'default'), attribute(node, 'max')]
  if (!low || !high || !/^\d+$/.test(low) || !/^\d+$/.test(high)) {
    findings.error('caps.limits', '<limits> needs integer default and max (else Prowlarr falls back to default caps)')
    return null
  }
  const limits = { default: Number(low), max: Number(high) }
  if (limits.default < 1 || limits.default > limits.max) findings.warning('caps.limits-range', 'limits default should be ≥ 1 and ≤ max')
  return limits
}

const checkMode = (mode: string, node: unknown, findings: Findings): string[] | null => {
  if (node === undefined) return null
  const available = attribute(node, 'available')
  if (available === undefined) findings.error('caps.available', `<${mode}> has no available attribute (Prowlarr degrades to default caps)`)
  else if (available !== 'yes' && available !== 'no')
    findings.error('caps.available', `<${mode} available="${available}">: clients only accept "yes" or "no"`)
  if (available !== 'yes') return null
  const raw = attribute(node, 'supportedParams')
  if (raw === undefined) return ['q']
  const params = raw.split(',')
  if (params.some((param) => param === '' || param !== param.trim() || param !== param.toLowerCase())) {
    findings.error('caps.params-format', `<${mode}> supportedParams="${raw}": Sonarr/Radarr need lower case, commas, no spaces`)
  }
  for (const param of params) {
    if (!KNOWN_PARAMS[mode]?.includes(param.trim().toLowerCase()))
      findings.warning('caps.params-known', `<${mode}> advertises unknown parameter "${param}"`)
  }
  return params.map((param) => param.trim().toLowerCase())
}

const checkCategories = (node: unknown, findings: Findings): Set<string> => {
  const ids = new Set<string>()
  for (const category of children(node, 'category')) {
    for (const element of [category, ...children(category, 'subcat')]) {
      const id = attribute(element, 'id')
      if (!id || !/^\d+$/.test(id) || !attribute(element, 'name'))
        findings.error('caps.category', 'every category and subcat needs an integer id and a name')
      else ids.add(id)
    }
  }
  return ids
}

/** Prowlarr's test (§B.3): at least one mode a client can search with. */
const searchable = (modes: Caps['modes']): boolean => {
  const has = (mode: string, ...params: string[]) => params.some((param) => modes[mode]?.includes(param))
  const tv = has('tv-search', 'q', 'tvdbid', 'imdbid', 'tmdbid', 'rid') && has('tv-search', 'season') && has('tv-search', 'ep')
  return (
    has('search', 'q') ||
    has('movie-search', 'q', 'imdbid', 'tmdbid', 'traktid') ||
    tv ||
    has('audio-search', 'q', 'artist', 'album') ||
    has('book-search', 'q', 'author', 'title')
  )
}

export interface CapsOptions {
  /** Also require what an indexer for Sonarr and Radarr needs (season+ep TV search, movie search, sync categories). */
  forArrApps?: boolean
}

export const checkCaps = (xml: string, options: CapsOptions = {}): { caps: Caps | null; violations: Violation[] } => {
  const findings = new Findings()
  if (!checkSyntax(xml, findings, 'warning')) return { caps: null, violations: findings.list }
  const document = parseXml(xml)
  if (readError(xml)) findings.error('caps.error', 'the caps document holds an <error>')
  const roots = rootElements(document)
  if (roots.length !== 1 || roots[0] !== 'caps' || attribute(document.caps, 'xmlns') !== undefined) {
    findings.error('caps.root', `the root element must be <caps> without a namespace, found <${roots.join(', ')}>`)
    return { caps: null, violations: findings.list }
  }
  const caps = document.caps as XmlNode
  const searching = caps.searching
  const modes: Caps['modes'] = Object.fromEntries(
    MODES.map((mode) => [mode, searching === undefined ? null : checkMode(mode, (searching as XmlNode)[mode], findings)]),
  )
  if (searching === undefined) modes.search = ['q']
  const result: Caps = { limits: checkLimits(caps.limits, findings), modes, categories: checkCategories(caps.categories, findings) }
  if (!searchable(modes)) findings.error('caps.searchable', 'no usable search mode: the Prowlarr test fails')
  if (options.forArrApps) checkArrApps(result, findings)
  return { caps: result, violations: findings.list }
}

const checkArrApps = (caps: Caps, findings: Findings) => {
  const tv = caps.modes['tv-search'] ?? []
  if (!(tv.includes('season') && tv.includes('ep') && ['q', 'imdbid', 'tvdbid', 'rid'].some((param) => tv.includes(param)))) {
    findings.error('caps.sonarr', 'Sonarr needs tv-search with season, ep and q or an id')
  }
  const movie = caps.modes['movie-search'] ?? []
  if (!['q', 'imdbid', 'tmdbid'].some((param) => movie.includes(param)))
    findings.error('caps.radarr', 'Radarr needs movie-search with q, imdbid or tmdbid')
  if (!SONARR_CATEGORIES.some((id) => caps.categories.has(id)) || !RADARR_CATEGORIES.some((id) => caps.categories.has(id))) {
    findings.error(
      'caps.sync-categories',
      'standard TV (5000…) and Movies (2000…) categories are needed for the Prowlarr → Sonarr/Radarr sync',
    )
  }
  if (caps.limits === null) findings.warning('caps.limits-present', 'no <limits>: clients assume 100')
}

export { checkResults, type ResultsOptions } from './torznab-results.ts'
