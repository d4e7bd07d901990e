/**
 * Search hits → Torznab: feed `<item>`s (enclosure is the t=get URL, the magnet has dn and trackers,
 * attributes only when known) and the values the UI's JSON search shows the same way.
 */
import type { SearchHit, SearchResult } from '../search/query.ts'
import * as C from './categories.ts'
import { renderFeed, rfc1123, TORRENT_TYPE } from './feed.ts'
import type { Links } from './links.ts'
import { servedTitles, type TitleMode } from './served-title.ts'
import { escapeXml } from './xml.ts'

/** Parent and, when the title tells the resolution, subcategory. */
export const categoriesOf = (hit: Pick<SearchHit, 'type' | 'resolution'>): number[] => {
  if (hit.type === 'anime') return [C.TV, C.TV_ANIME]
  const [parent, sd, hd, uhd] =
    hit.type === 'movie' ? [C.MOVIES, C.MOVIES_SD, C.MOVIES_HD, C.MOVIES_UHD] : [C.TV, C.TV_SD, C.TV_HD, C.TV_UHD]
  const sub = [null, sd, hd, uhd][hit.resolution]
  return sub ? [parent, sub] : [parent]
}

// encodeURIComponent throws on a lone surrogate; the database may hold anything (and seldom does).
const SURROGATE = /[\uD800-\uDFFF]/
const wellFormed = (text: string): string => (SURROGATE.test(text) ? text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD') : text)

// The trackers' part is the same for every item of every feed: encoded once per list.
const trackerParts = new WeakMap<readonly string[], string>()
const trackersPart = (trackers: readonly string[]): string => {
  let part = trackerParts.get(trackers)
  if (part === undefined) trackerParts.set(trackers, (part = trackers.map((tracker) => `&tr=${encodeURIComponent(tracker)}`).join('')))
  return part
}

/** A magnet from its encoded parts, joined by `and`: '&' in a URI, '&amp;' in XML text. */
const magnet = (id: string, name: string, trackers: string, and: string): string => `magnet:?xt=urn:btih:${id}${and}dn=${name}${trackers}`

export const magnetUri = (hit: Pick<SearchHit, 'info_hash' | 'title'>, trackers: readonly string[]): string =>
  magnet(encodeURIComponent(hit.info_hash), encodeURIComponent(wellFormed(hit.title)), trackersPart(trackers), '&')

/** Season and episode when known: the row's own columns first, else a single one named by the title. */
export const seasonEpisodeOf = (hit: SearchHit): { season: number | null; episode: number | null } => {
  if (hit.season !== null) return { season: hit.season, episode: hit.episode }
  const season = hit.season_first !== null && hit.season_first === hit.season_last ? hit.season_first : null
  const episode = season !== null && hit.episode_first !== null && hit.episode_first === hit.episode_last ? hit.episode_first : null
  return { season, episode }
}

export const imdbText = (imdb: number): string => String(imdb).padStart(7, '0')
export const listOf = (text: string | null): string[] => (text ? text.split(',') : [])

const downloadPrefix = (links: Links): string => `${links.base}/api?t=get&id=`
export const downloadUrl = (hit: Pick<SearchHit, 'info_hash'>, links: Links): string =>
  downloadPrefix(links) + encodeURIComponent(hit.info_hash)

/**
 * What every item of a feed shares, as XML text. Escaping a whole URL costs more than the rest of its
 * item, so feed URLs are joined from parts escaped apart (the same text, as parts meet at ASCII).
 */
interface FeedLinks {
  download: string
  trackers: string
}

/** A function of a column's text, remembered: few values recur (Italian,English…), but any may occur: 1000 at most. */
const memo = <Value>(compute: (text: string) => Value) => {
  const known = new Map<string, Value>()
  return (text: string): Value => {
    let value = known.get(text)
    if (value === undefined) {
      if (known.size === 1000) known.clear()
      known.set(text, (value = compute(text)))
    }
    return value
  }
}

// Escaping neither adds nor drops a comma, so the list is escaped whole.
const listAttrs = (name: string) =>
  memo((list) => (list ? escapeXml(list).split(',') : []).map((value) => `<torznab:attr name="${name}" value="${value}"/>`).join(''))
const languageAttrs = listAttrs('language')
const subsAttrs = listAttrs('subs')

// Type and resolution decide the categories: rendered once per type, for each resolution.
const RESOLUTIONS = [0, 1, 2, 3] as const
const categoryAttrsByResolution = memo((type) =>
  RESOLUTIONS.map((resolution) =>
    categoriesOf({ type, resolution })
      .map((id) => `<torznab:attr name="category" value="${id}"/>`)
      .join(''),
  ),
)
// A resolution other than 1-3 tells no subcategory, as 0 does.
const categoryAttrs = (hit: SearchHit): string => {
  const byResolution = categoryAttrsByResolution(hit.type)
  return byResolution[hit.resolution] ?? byResolution[0]
}

const HEX = /^[0-9A-Fa-f]*$/
// What encodeURIComponent leaves as it is and XML too (not '): half the titles, e.g. Dune.2021.1080p.
const URI_AND_XML_SAFE = /^[\w.!~*()-]*$/
const nameXml = (title: string): string => (URI_AND_XML_SAFE.test(title) ? title : escapeXml(encodeURIComponent(wellFormed(title))))

/** A hit as a feed `<item>` titled `title` (served-title.ts), optional attributes only when known. */
const renderItem = (hit: SearchHit, title: string, links: FeedLinks): string => {
  // Hashes are hex, the same in a URL and in XML; the database may hold anything else.
  const plain = HEX.test(hit.info_hash)
  const guid = plain ? hit.info_hash : escapeXml(hit.info_hash)
  const id = plain ? hit.info_hash : escapeXml(encodeURIComponent(hit.info_hash))
  const url = links.download + id
  let text = `<item><title>${escapeXml(title)}</title><guid isPermaLink="false">${guid}</guid><link>${url}</link><pubDate>${rfc1123(hit.uploaded)}</pubDate>`
  // The plain <size> element too: cross-seed and other Jackett-style readers take the size only from it.
  if (hit.size !== null) text += `<size>${hit.size}</size>`
  text += `<enclosure url="${url}" length="${hit.size ?? 0}" type="${TORRENT_TYPE}"/>${categoryAttrs(hit)}`
  if (hit.size !== null) text += `<torznab:attr name="size" value="${hit.size}"/>`
  // No leecher data exists: peers = seeders, and neither is sent when unknown (never a fake 0).
  if (hit.seeders !== null)
    text += `<torznab:attr name="seeders" value="${hit.seeders}"/><torznab:attr name="peers" value="${hit.seeders}"/>`
  text += `<torznab:attr name="infohash" value="${guid}"/><torznab:attr name="magneturl" value="${magnet(id, nameXml(hit.title), links.trackers, '&amp;')}"/>`
  if (hit.imdb !== null) {
    const imdb = imdbText(hit.imdb)
    text += `<torznab:attr name="imdb" value="${imdb}"/><torznab:attr name="imdbid" value="tt${imdb}"/>`
  }
  if (hit.tmdb !== null) text += `<torznab:attr name="tmdbid" value="${hit.tmdb}"/>`
  const { season, episode } = seasonEpisodeOf(hit)
  if (season !== null) text += `<torznab:attr name="season" value="${season}"/>`
  if (episode !== null) text += `<torznab:attr name="episode" value="${episode}"/>`
  text += `${languageAttrs(hit.languages ?? '')}${subsAttrs(hit.subtitles ?? '')}`
  return `${text}<torznab:attr name="downloadvolumefactor" value="0"/><torznab:attr name="uploadvolumefactor" value="1"/></item>`
}

/** Hits as the `<item>` elements of one feed, titled as `titles` says (RELEASE_TITLES). */
export const feedItems = (hits: SearchHit[], links: Links, titles: TitleMode = 'normalised'): string[] => {
  const shared = { download: escapeXml(downloadPrefix(links)), trackers: escapeXml(trackersPart(links.trackers)) }
  const served = servedTitles(hits, titles)
  return hits.map((hit, i) => renderItem(hit, served[i], shared))
}

/** A result page as the whole feed document, its items titled as `titles` says. */
export const resultFeed = (result: SearchResult, offset: number, links: Links, titles?: TitleMode): string =>
  renderFeed({ self: `${links.base}/api`, offset, total: result.total, items: feedItems(result.items, links, titles) })
