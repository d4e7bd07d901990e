/**
 * How the *arr apps read our feed items, for the client conformance tests. Languages and hardcoded
 * subtitles follow the behaviour noted in reference/arr-parsing.md §3 (Sonarr's and Radarr's
 * LanguageParser and HardcodeSubs rules, read at named commits; facts, not their code); seasons,
 * episodes and film years come from @ctrl/video-filename-parser (a port of their release parser;
 * stricter than Sonarr on Italian season words, §6, so a title it reads is read by Sonarr too).
 */
import { filenameParse } from '@ctrl/video-filename-parser'
import { attribute, children, parseXml, prefixed, prefixesOf, text, TORZNAB_NS } from '../conformance/xml-document.ts'

export interface FeedItem {
  title: string
  /** The plain <size> element, when present. */
  sizeElement: string | null
  enclosureLength: string | null
  attrs: Map<string, string[]>
}

/** Every <item> of a Torznab feed with its title, sizes and torznab:attr values by name. */
export const feedItemsOf = (xml: string): FeedItem[] => {
  const document = parseXml(xml)
  const rss = children(document, 'rss')[0]
  const channel = children(rss, 'channel')[0]
  const prefixes = prefixesOf(TORZNAB_NS, rss, channel)
  return children(channel, 'item').map((item) => {
    const attrs = new Map<string, string[]>()
    for (const attr of prefixed(item, prefixes, 'attr')) {
      const name = attribute(attr, 'name') ?? ''
      attrs.set(name, [...(attrs.get(name) ?? []), attribute(attr, 'value') ?? ''])
    }
    const size = children(item, 'size')[0]
    return {
      title: String(text(children(item, 'title')[0])),
      sizeElement: size === undefined ? null : String(typeof size === 'number' ? size : text(size)),
      enclosureLength: attribute(children(item, 'enclosure')[0], 'length') ?? null,
      attrs,
    }
  })
}

// The two languages this indexer's users care about, as whole words (§3: `_` is a word character,
// so _ITA is no match; ITALIANO is none either). Sonarr also finds "english" inside any word.
const TITLE_LANGUAGES: Array<[string, RegExp]> = [
  ['Italian', /\b(?:ita|italian)\b/gi],
  ['English', /\b(?:eng|ing|english)\b|english/gi],
]
const LANGUAGE_WORD = '(?:ita|italian|eng|ing|english)'
// Sonarr drops a language word followed by sub… (after more language words): ITA.ENG.SUBS, ENG.SUBITA.
const SONARR_SUBTITLED = new RegExp(`\\b${LANGUAGE_WORD}(?:[-_. ]${LANGUAGE_WORD})*[-_. ]sub`, 'gi')
// Sonarr reads languages after the last season/episode token (its ReleaseTokens).
const EPISODE_TOKEN = /\b(?:S\d{1,4}(?:[ ._-]?E(?:P[ ._]?)?\d{1,4})*|\d{1,2}x\d{2,3}|(?:Season|Stagione|Saison|Series)[ ._-]?\d{1,2})\b/gi

const languagesIn = (text: string): string[] => TITLE_LANGUAGES.flatMap(([name, pattern]) => (text.match(pattern) ? [name] : []))

/** Languages Sonarr v4 takes for an item: its `language` attributes, or else its title. */
export const sonarrLanguages = (item: FeedItem): string[] => {
  const attrs = item.attrs.get('language') ?? []
  if (attrs.length > 0) return attrs
  let tokens = item.title
  for (const m of item.title.matchAll(EPISODE_TOKEN)) tokens = item.title.slice(m.index + m[0].length)
  return languagesIn(tokens.replace(SONARR_SUBTITLED, ' '))
}

/** Languages Radarr takes: its `language` attributes, or else the title, with no subtitle rule at all. */
export const radarrLanguages = (item: FeedItem): string[] => {
  const attrs = item.attrs.get('language') ?? []
  return attrs.length > 0 ? attrs : languagesIn(item.title)
}

// A word ending in SUB/SUBS with letters before it (not SOFT, MULTI, HORRIBLE), or HC, or SUBBED.
const HARDCODED = /\b(?:\w+(?<!SOFT|MULTI|HORRIBLE)SUBS?|HC|SUBBED)\b/i

/** The word for which Radarr would reject the release as hardcoded subtitles, or null. */
export const radarrHardcoded = (title: string): string | null => HARDCODED.exec(title)?.[0] ?? null

export interface EpisodeView {
  seasons: number[]
  episodes: number[]
  multiSeason: boolean
}

/** The seasons and episodes of a served title, as Sonarr's parser reads them; null when unparsed. */
export const sonarrEpisodeView = (title: string): EpisodeView | null => {
  const parsed = filenameParse(title, true) as { seasons?: number[]; episodeNumbers?: number[]; isMultiSeason?: boolean }
  const seasons = parsed.seasons ?? []
  return seasons.length > 0 ? { seasons, episodes: parsed.episodeNumbers ?? [], multiSeason: parsed.isMultiSeason === true } : null
}

/** Sonarr's verdict on a release for an episode search (SingleEpisodeSearchMatchSpecification). */
export const episodeSearchVerdict = (view: EpisodeView | null, season: number, episode: number): string => {
  if (!view) return 'Unable to parse release'
  if (view.multiSeason) return 'Multi-season pack'
  if (view.seasons[0] !== season) return 'Wrong season'
  if (view.episodes.length === 0) return 'Full season pack'
  return view.episodes.includes(episode) ? 'accepted' : 'Wrong episode'
}

/** Sonarr's verdict for a season search (SeasonMatchSpecification). */
export const seasonSearchVerdict = (view: EpisodeView | null, season: number): string => {
  if (!view) return 'Unable to parse release'
  if (view.multiSeason) return 'Multi-season pack'
  return view.seasons[0] === season ? 'accepted' : 'Wrong season'
}

/** The year Radarr's title parse finds in a film title, or null ("Unable to parse release"). */
export const radarrFilmYear = (title: string): number | null => {
  const year = (filenameParse(title) as { year?: string | null }).year
  return year ? Number(year) : null
}

// How each app turns a series or film title into the `q` of a title search (SearchCriteriaBase.
// GetCleanSceneTitle, read at Sonarr 08b677c and Radarr 0675c88): a leading "the " goes, `&` becomes
// "and"; Sonarr deletes ` ' and dots, Radarr turns apostrophes (' ` ´ ‘ ’) into spaces and deletes dots;
// every other non-word character becomes a separator and accents are removed.
const cleanTitle = (title: string, apostrophes: RegExp, apostropheBecomes: string): string =>
  title
    .replace(/^the\s/i, '')
    .replaceAll('&', 'and')
    .replace(apostrophes, apostropheBecomes)
    .replaceAll('.', '')
    .replace(/[^\p{L}\p{N}_]+/gu, ' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()

/** The words Sonarr sends for a series title (joined by `+` on the wire). */
export const sonarrSearchTerm = (title: string): string => cleanTitle(title, /[`']/g, '')

/** The words Radarr sends for a film title. */
export const radarrSearchTerm = (title: string): string => cleanTitle(title, /['`´‘’]/g, ' ')
