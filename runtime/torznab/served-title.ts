/**
 * The one module that rewrites release titles for the *arr apps (RELEASE_TITLES: `normalised`, the
 * default, or `original`, which serves every title as stored). Nothing is removed; the magnet's `dn`
 * always keeps the stored name. Two rewrites, both decided from what the apps read (arr-reading.ts,
 * reference/arr-parsing.md §1, §3, §4):
 *
 * - Subtitle markers of a release whose audio languages are unknown become one joined word
 *   (`SUB ITA` → `SUBITA`, `Sub Ita Eng` → `SUBITAENG`, `ITA SUBS` → `SUBITA`), which neither Sonarr
 *   nor Radarr reads as a language: they fall back to the show's or film's original language instead
 *   of taking Italian subtitles for Italian audio. A release with known audio keeps its markers (its
 *   `language` attributes decide) except the words Radarr rejects as hardcoded subtitles
 *   (`ITASUB` → `SUBITA`, `SUBBED` → `SUBS`).
 * - Unless the title spells the indexer's own season/episode parse in a plain form Sonarr and its
 *   ports read (arr-reading.ts; `Stagione 1 Ep 6-11` is a season pack to Sonarr and nothing to its
 *   ports), `S01E06-E11` (or `S01E05`, `S01`, `S01-S05`) is inserted before the title's
 *   first season or episode marker: Sonarr takes the text before its marker as the series name and
 *   reads languages after it, so the name and the audio words stay where it looks for them. A film
 *   without a year Radarr can read gets `(1997)` before its first release word (1080p, ITA…) when
 *   releases of the same IMDb or TMDB id on the page name the year.
 */
import { isAsciiWordChar, isReleaseWord, languageCode, subtitleSpans, type SubtitleSpan } from '../search/markers.ts'
import type { SearchHit } from '../search/query.ts'
import { radarrYear, sonarrEpisodes } from './arr-reading.ts'

export const TITLE_MODES = ['normalised', 'original'] as const
export type TitleMode = (typeof TITLE_MODES)[number]

export type TitleFacts = Pick<
  SearchHit,
  | 'title'
  | 'type'
  | 'imdb'
  | 'tmdb'
  | 'season'
  | 'episode'
  | 'season_first'
  | 'season_last'
  | 'episode_first'
  | 'episode_last'
  | 'languages'
  | 'subtitles'
>

interface Word {
  start: number
  end: number
  upper: string
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu
const NON_ASCII = /[^\x00-\x7F]/

/** The title's words ([\p{L}\p{N}\p{M}]+, as markers.ts reads them), upper-cased; ASCII titles by char code (~3× faster). */
const wordsIn = (title: string): Word[] => {
  if (NON_ASCII.test(title))
    return Array.from(title.matchAll(WORD), (m) => ({ start: m.index, end: m.index + m[0].length, upper: m[0].toUpperCase() }))
  const upper = title.toUpperCase()
  const words: Word[] = []
  let start = -1
  for (let i = 0; i <= upper.length; i++) {
    if (i < upper.length && isAsciiWordChar(upper.charCodeAt(i))) {
      if (start < 0) start = i
    } else if (start >= 0) {
      words.push({ start, end: i, upper: upper.slice(start, i) })
      start = -1
    }
  }
  return words
}

const replaceRanges = (title: string, edits: Array<{ start: number; end: number; text: string }>): string => {
  let text = ''
  let at = 0
  for (const edit of edits) {
    if (edit.start < at) continue // overlapping markers (SUB ITA SUBS): the first one covers both
    text += title.slice(at, edit.start) + edit.text
    at = edit.end
  }
  return text + title.slice(at)
}

/** SUB + the languages' codes, one word: SUBITA, SUBITAENG. */
const joinedMarker = (languages: string[]): string => `SUB${languages.map((name) => languageCode(name) ?? '').join('')}`

// What Radarr flags as hardcoded subtitles among our subtitle words (a letters+SUB(S) word, SUBBED).
const looksHardcoded = (upper: string): boolean => upper === 'SUBBED' || (!upper.startsWith('SUB') && /^[A-Z]+SUBS?$/.test(upper))

const spanEdit = (words: Word[], span: SubtitleSpan, audioKnown: boolean): { start: number; end: number; text: string } | null => {
  // A marker naming languages is read as audio unless joined; one naming none (Subtitle, SUBS) only if it looks hardcoded.
  if (!audioKnown && span.languages.length > 0)
    return { start: words[span.first].start, end: words[span.last].end, text: joinedMarker(span.languages) }
  const word = words.find((candidate, i) => i >= span.first && i <= span.last && looksHardcoded(candidate.upper))
  if (!word) return null
  return { start: word.start, end: word.end, text: word.upper === 'SUBBED' ? 'SUBS' : joinedMarker(span.languages) }
}

/** The title with its subtitle markers in forms no *arr app reads as audio (see above). */
export const rewriteSubtitleMarkers = (title: string, audioKnown: boolean): string => {
  const words = wordsIn(title)
  const edits = subtitleSpans(words.map((word) => word.upper)).flatMap((span) => spanEdit(words, span, audioKnown) ?? [])
  return edits.length === 0 ? title : replaceRanges(title, edits)
}

const two = (n: number): string => String(n).padStart(2, '0')

type Range = Pick<TitleFacts, 'season_first' | 'season_last' | 'episode_first' | 'episode_last'>

/**
 * What the marker states: the indexer's parse of the title, else the row's own season/episode columns
 * (a one-season show's `Puntata 9` or `Episodio 12` names no season; the feed's attributes say S01E09).
 */
const markerRange = (facts: TitleFacts): Range => {
  if (facts.season_first !== null || facts.season === null) return facts
  return { season_first: facts.season, season_last: facts.season, episode_first: facts.episode, episode_last: facts.episode }
}

/** A season/episode range in the form Sonarr reads, or null when it has none. */
const normalisedMarker = (range: Range): string | null => {
  const { season_first: first, season_last: last, episode_first: episode, episode_last: lastEpisode } = range
  if (first === null || last === null) return null
  if (episode === null || lastEpisode === null) return first === last ? `S${two(first)}` : `S${two(first)}-S${two(last)}`
  if (first !== last) return null
  return `S${two(first)}E${two(episode)}${lastEpisode > episode ? `-E${two(lastEpisode)}` : ''}`
}

const readsLike = (title: string, range: Range): boolean => {
  const reading = sonarrEpisodes(title)
  return (
    reading !== null &&
    reading.season_first === range.season_first &&
    reading.season_last === range.season_last &&
    reading.episode_first === range.episode_first &&
    reading.episode_last === range.episode_last
  )
}

// Where a season or episode marker of any spelling the indexer parses begins, or a one-season show's episode word (Puntata 9).
const MARKER_START =
  /(?<![\p{L}\p{N}])(?:S\d|\d{1,3}X\d|SEASONS?(?!\p{L})|STAGION[EI]|SAISONS?|STAFFEL|TEMPORADAS?|ST\.?[\s._-]*\d|\d{1,2}\s?[ªº°]\s?STAGIONE|SERIE[\s._-]*COMPLET|COMPLETE[\s._-]*SERIES|(?:EPISODIO|PUNTATA)[\s._-]*\d)/iu

const firstReleaseWord = (title: string): number | null => wordsIn(title).find((word) => isReleaseWord(word.upper))?.start ?? null

const separatorOf = (title: string): string => (title.includes(' ') ? ' ' : title.includes('.') ? '.' : title.includes('_') ? '_' : ' ')

/** `marker` inserted at `at` (a word's start), or appended when that would leave no name before it. */
const insertAt = (title: string, at: number | null, marker: string): string => {
  const sep = separatorOf(title)
  return at === null || at === 0 ? `${title}${sep}${marker}` : `${title.slice(0, at)}${marker}${sep}${title.slice(at)}`
}

const withEpisodeMarker = (title: string, facts: TitleFacts): string => {
  const range = markerRange(facts)
  const marker = normalisedMarker(range)
  if (marker === null || readsLike(title, range)) return title
  const at = MARKER_START.exec(title)?.index ?? firstReleaseWord(title)
  return insertAt(title, at, marker)
}

const withYear = (title: string, year: number | undefined): string =>
  year === undefined || radarrYear(title) !== null ? title : insertAt(title, firstReleaseWord(title), `(${year})`)

/** A film's ids as keys of one map, IMDb and TMDB alike (some releases carry only one of them). */
const filmKeys = (hit: TitleFacts): string[] => [
  ...(hit.imdb === null ? [] : [`imdb ${hit.imdb}`]),
  ...(hit.tmdb === null ? [] : [`tmdb ${hit.tmdb}`]),
]

/** For each film id on the page, the year Radarr reads in most of the titles that carry it. */
const filmYears = (hits: readonly TitleFacts[]): Map<string, number> => {
  const counts = new Map<string, Map<number, number>>()
  for (const hit of hits) {
    const year = hit.type === 'movie' ? radarrYear(hit.title) : null
    if (year === null) continue
    for (const key of filmKeys(hit)) {
      const byYear = counts.get(key) ?? new Map<number, number>()
      counts.set(key, byYear.set(year, (byYear.get(year) ?? 0) + 1))
    }
  }
  const years = new Map<string, number>()
  for (const [key, byYear] of counts) years.set(key, [...byYear].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0])
  return years
}

const BARE_SUBBED = /SUBBED/i

/** The title the *arr apps receive for one release (`year`: its film's year, when known). */
export const servedTitle = (facts: TitleFacts, mode: TitleMode, year?: number): string => {
  if (mode === 'original') return facts.title
  // Without subtitle languages only a lone SUBBED can need rewriting (~1 µs saved on most titles).
  const marked = (facts.subtitles !== null && facts.subtitles !== '') || BARE_SUBBED.test(facts.title)
  const title = marked ? rewriteSubtitleMarkers(facts.title, facts.languages !== null && facts.languages !== '') : facts.title
  if (facts.type === 'movie') return withYear(title, year)
  return withEpisodeMarker(title, facts)
}

/** The served titles of one page of hits, in order (a film's year may come from its neighbours). */
export const servedTitles = (hits: readonly TitleFacts[], mode: TitleMode): string[] => {
  if (mode === 'original') return hits.map((hit) => hit.title)
  const years = filmYears(hits)
  const yearOf = (hit: TitleFacts): number | undefined =>
    filmKeys(hit)
      .map((key) => years.get(key))
      .find((year) => year !== undefined)
  return hits.map((hit) => servedTitle(hit, mode, hit.type === 'movie' ? yearOf(hit) : undefined))
}
