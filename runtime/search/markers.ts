/**
 * What a release title says about its resolution, audio and subtitles. A title token is a maximal
 * run of letters/digits; ITA/ITALIAN/ITALIANO is Italian audio unless it belongs to a subtitle
 * marker (SUB ITA, SUB.ITA, SUBITA, [SUB ITA], ITA SUBS, sottotitoli italiano).
 */
import { titleWords, wordsOf } from './tokens.ts'

type Resolution = 0 | 1 | 2 | 3 // unknown, SD, HD, UHD

export interface Markers {
  resolution: Resolution
  audio_ita: 0 | 1
  multi_audio: 0 | 1
  subs_ita: 0 | 1
  /** Audio languages named by the title, e.g. ['Italian', 'English']. */
  languages: string[]
  /** Subtitle languages named by the title. */
  subtitles: string[]
}

const ITALIAN = 'Italian'

// Maps, not regular expressions: deriveTorrent() runs a million times per import.
const LANGUAGES = new Map<string, string>([
  ['ITA', ITALIAN],
  ['ITALIAN', ITALIAN],
  ['ITALIANO', ITALIAN],
  ['ENG', 'English'],
  ['ENGLISH', 'English'],
  ['JPN', 'Japanese'],
  ['JAP', 'Japanese'],
  ['JAPANESE', 'Japanese'],
  ['GER', 'German'],
  ['GERMAN', 'German'],
  ['FRE', 'French'],
  ['FRENCH', 'French'],
  ['SPA', 'Spanish'],
  ['SPANISH', 'Spanish'],
  ['KOR', 'Korean'],
  ['KOREAN', 'Korean'],
])

const SUBTITLE_WORDS = new Set([
  'SUB',
  'SUBS',
  'SUBBED',
  'SUBTITLE',
  'SUBTITLES',
  'SUBTITLED',
  'SOTTOTITOLI',
  'SOTTOTITOLO',
  'SOTTOTITOLATO',
])
// "sub in italiano": a filler word may stand between the subtitle word and the language.
const FILLERS = new Set(['IN'])
// Glued forms such as SUBITA or ITASUB name subtitles only.
const GLUED = /^(?:SUBS?([A-Z]+)|([A-Z]+)SUBS?)$/
const MULTI = new Set(['MULTI', 'DUAL'])

const RESOLUTIONS = new Map<string, Resolution>([
  ...['2160P', '2160I', '4320P', '4K', 'UHD', '3840X2160', '4096X2160'].map((word) => [word, 3] as const),
  ...['1080P', '1080I', '720P', 'FHD', '1920X1080', '1280X720'].map((word) => [word, 2] as const),
  ...['480P', '480I', '576P', '576I', '360P', 'SD', 'DVDRIP', 'DVD', 'DVD5', 'DVD9', 'DVDMUX', 'XVID', 'DIVX', 'TVRIP', 'VHSRIP'].map(
    (word) => [word, 1] as const,
  ),
])

const gluedSubtitle = (word: string): string | undefined => {
  if (!word.startsWith('SUB') && !word.endsWith('SUB') && !word.endsWith('SUBS')) return undefined
  const m = GLUED.exec(word)
  return m ? LANGUAGES.get(m[1] ?? m[2]) : undefined
}

/** Everything the tables above say about one word, so each title word costs one Map lookup. */
interface WordKind {
  resolution: Resolution
  language: string | undefined
  subtitleWord: boolean
  filler: boolean
  multi: boolean
}

const WORD_KINDS = new Map<string, WordKind>()
const kindOf = (word: string): WordKind => {
  let kind = WORD_KINDS.get(word)
  if (!kind) WORD_KINDS.set(word, (kind = { resolution: 0, language: undefined, subtitleWord: false, filler: false, multi: false }))
  return kind
}
for (const [word, language] of LANGUAGES) kindOf(word).language = language
for (const word of SUBTITLE_WORDS) kindOf(word).subtitleWord = true
for (const word of FILLERS) kindOf(word).filler = true
for (const word of MULTI) kindOf(word).multi = true
for (const [word, resolution] of RESOLUTIONS) kindOf(word).resolution = resolution

const isLanguage = (kind: WordKind | undefined): boolean => kind?.language !== undefined

const addOnce = (list: string[], item: string) => {
  if (!list.includes(item)) list.push(item)
}

// Per-position scratch of the title being read, reused between calls (a million titles per
// import); JavaScript never runs two calls at once in one thread.
const kinds: (WordKind | undefined)[] = []
const glued: (string | undefined)[] = []
const NO_ROLES = new Uint8Array(0)

/** A subtitle marker among a title's words: words first..last, naming these subtitle languages. */
export interface SubtitleSpan {
  first: number
  last: number
  languages: string[]
}

/**
 * The subtitle markers of the `count` words described by `kinds` and `glued`: a subtitle word with
 * the languages right after it (SUB ITA ENG, SUB IN ITALIANO), or, when none follows, with the one
 * right before it (ITA SUBS); a subtitle word alone (SUBBED); a glued word (SUBITA, ITASUB).
 */
const spansOfKinds = (count: number): SubtitleSpan[] => {
  const spans: SubtitleSpan[] = []
  for (let i = 0; i < count; i++) {
    const kind = kinds[i]
    if (!kind?.subtitleWord) {
      const gluedLanguage = kind?.language ? undefined : glued[i]
      if (gluedLanguage) spans.push({ first: i, last: i, languages: [gluedLanguage] })
      continue
    }
    let j = i + 1
    if (j + 1 < count && kinds[j]?.filler && isLanguage(kinds[j + 1])) j += 1
    const start = j
    const languages: string[] = []
    for (; j < count && isLanguage(kinds[j]); j++) addOnce(languages, kinds[j]?.language as string)
    const before = i > 0 ? kinds[i - 1]?.language : undefined
    if (j > start) spans.push({ first: i, last: j - 1, languages })
    else if (before) spans.push({ first: i - 1, last: i, languages: [before] })
    else spans.push({ first: i, last: i, languages: [] })
  }
  return spans
}

/** Which words are subtitle languages: the language words inside a subtitle marker. */
const subtitleRoles = (count: number): Uint8Array => {
  const isSubtitle = new Uint8Array(count)
  for (const span of spansOfKinds(count)) for (let i = span.first; i <= span.last; i++) if (isLanguage(kinds[i])) isSubtitle[i] = 1
  return isSubtitle
}

/** The markers of the `count` words described by `kinds` and `glued`. */
const markersOfKinds = (count: number): Markers => {
  let subtitleWords = false
  for (let i = 0; i < count; i++) if (kinds[i]?.subtitleWord) subtitleWords = true
  // Most titles name no subtitles: then no word has a subtitle role.
  const isSubtitle = subtitleWords ? subtitleRoles(count) : NO_ROLES
  const languages: string[] = []
  const subtitles: string[] = []
  let resolution: Resolution = 0
  let multi = false
  for (let i = 0; i < count; i++) {
    const kind = kinds[i]
    const language = kind?.language
    if (kind) {
      if (kind.resolution > resolution) resolution = kind.resolution
      if (kind.multi) multi = true
      if (language) addOnce(isSubtitle[i] ? subtitles : languages, language)
    }
    const gluedLanguage = language ? undefined : glued[i]
    if (gluedLanguage) addOnce(subtitles, gluedLanguage)
  }
  return {
    resolution,
    audio_ita: languages.includes(ITALIAN) ? 1 : 0,
    multi_audio: multi ? 1 : 0,
    subs_ita: subtitles.includes(ITALIAN) ? 1 : 0,
    languages,
    subtitles,
  }
}

const describeWords = (words: string[]): void => {
  for (let i = 0; i < words.length; i++) {
    kinds[i] = WORD_KINDS.get(words[i])
    glued[i] = gluedSubtitle(words[i])
  }
}

/** Markers from the upper-cased words of a title (see titleWords). */
export const markersOfWords = (words: string[]): Markers => {
  describeWords(words)
  return markersOfKinds(words.length)
}

/** The subtitle markers among the upper-cased words of a title, as parseMarkers reads them. */
export const subtitleSpans = (words: string[]): SubtitleSpan[] => {
  describeWords(words)
  return spansOfKinds(words.length)
}

export const isAsciiWordChar = (code: number): boolean =>
  (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || (code >= 97 && code <= 122)
const wordHash = (hash: number, code: number): number => (Math.imul(hash, 31) + code) | 0

// WORD_KINDS by a hash of the word's char codes: an ASCII title's words are looked up while it is
// scanned, without cutting out a string for each (most words are no marker).
// A 4096-bit filter of those hashes rejects most words before the Map lookup.
const KINDS_BY_HASH = new Map<number, [string, WordKind][]>()
const HASH_FILTER = new Uint8Array(4096)
for (const [word, kind] of WORD_KINDS) {
  let hash = 0
  for (let i = 0; i < word.length; i++) hash = wordHash(hash, word.charCodeAt(i))
  KINDS_BY_HASH.set(hash, [...(KINDS_BY_HASH.get(hash) ?? []), [word, kind]])
  HASH_FILTER[hash & 4095] = 1
}

const kindAt = (upper: string, start: number, end: number, hash: number): WordKind | undefined => {
  if (HASH_FILTER[hash & 4095] === 0) return undefined
  const candidates = KINDS_BY_HASH.get(hash)
  if (!candidates) return undefined
  for (const [word, kind] of candidates) if (word.length === end - start && upper.startsWith(word, start)) return kind
  return undefined
}

const S = 83
const U = 85
const B = 66
// SUB…, …SUB or …SUBS with a language of 3+ letters: the only words gluedSubtitle() can accept.
const GLUED_MIN_LENGTH = 6
const mayBeGlued = (upper: string, start: number, end: number): boolean => {
  if (end - start < GLUED_MIN_LENGTH) return false
  const last = upper.charCodeAt(end - 1) === S ? end - 1 : end
  const at = (i: number, code: number): boolean => i >= start && upper.charCodeAt(i) === code
  return (at(start, S) && at(start + 1, U) && at(start + 2, B)) || (at(last - 3, S) && at(last - 2, U) && at(last - 1, B))
}

/**
 * parseMarkers() of an upper-cased title (= markersOfWords(wordsOf(upper))), several times faster
 * for an ASCII title, where [\p{L}\p{N}\p{M}] is exactly [A-Za-z0-9]: words are found by char code.
 */
export const markersOfUpper = (upper: string): Markers => {
  let count = 0
  let start = -1
  let hash = 0
  for (let i = 0; i <= upper.length; i++) {
    const code = i < upper.length ? upper.charCodeAt(i) : 32
    if (code > 127) return markersOfWords(wordsOf(upper))
    if (isAsciiWordChar(code)) {
      if (start < 0) {
        start = i
        hash = 0
      }
      hash = wordHash(hash, code)
    } else if (start >= 0) {
      kinds[count] = kindAt(upper, start, i, hash)
      glued[count] = mayBeGlued(upper, start, i) ? gluedSubtitle(upper.slice(start, i)) : undefined
      count++
      start = -1
    }
  }
  return markersOfKinds(count)
}

export const parseMarkers = (title: string): Markers => markersOfWords(titleWords(title))

/** The shortest title word naming a language (Italian → ITA), for rewritten subtitle markers. */
export const languageCode = (name: string): string | undefined => {
  let code: string | undefined
  for (const [word, language] of LANGUAGES) if (language === name && (code === undefined || word.length < code.length)) code = word
  return code
}

/** Whether an upper-cased word tells a release's resolution, languages or subtitles (1080P, ITA, SUB…). */
export const isReleaseWord = (word: string): boolean => {
  const kind = WORD_KINDS.get(word)
  return (kind !== undefined && !kind.filler) || gluedSubtitle(word) !== undefined
}
