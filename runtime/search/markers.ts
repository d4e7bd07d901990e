/**
 * What a release title says about its resolution, audio and subtitles. A title token is a maximal
 * run of letters/digits; ITA/ITALIAN/ITALIANO is Italian audio unless it belongs to a subtitle
 * marker (SUB ITA, SUB.ITA, SUBITA, [SUB ITA], ITA SUBS, sottotitoli italiano).
 */
import { titleWords } from './tokens.ts'

export type Resolution = 0 | 1 | 2 | 3 // unknown, SD, HD, UHD

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

const SUBTITLE_WORDS = new Set(['SUB', 'SUBS', 'SUBBED', 'SUBTITLE', 'SUBTITLES', 'SUBTITLED', 'SOTTOTITOLI', 'SOTTOTITOLO', 'SOTTOTITOLATO'])
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

/**
 * Which words are subtitle languages: those right after a subtitle word (SUB ITA ENG), or, when
 * a subtitle word has no language after it, the one right before it (ITA SUBS).
 */
const subtitleRoles = (words: string[]): Uint8Array => {
  const isSubtitle = new Uint8Array(words.length)
  for (let i = 0; i < words.length; i++) {
    if (!SUBTITLE_WORDS.has(words[i])) continue
    let j = i + 1
    if (j + 1 < words.length && FILLERS.has(words[j]) && LANGUAGES.has(words[j + 1])) j += 1
    const start = j
    while (j < words.length && LANGUAGES.has(words[j])) isSubtitle[j++] = 1
    if (j === start && i > 0 && LANGUAGES.has(words[i - 1])) isSubtitle[i - 1] = 1
  }
  return isSubtitle
}

const addOnce = (list: string[], item: string) => {
  if (!list.includes(item)) list.push(item)
}

/** Markers from the upper-cased words of a title (see titleWords). */
export const markersOfWords = (words: string[]): Markers => {
  const isSubtitle = subtitleRoles(words)
  const languages: string[] = []
  const subtitles: string[] = []
  let resolution: Resolution = 0
  let multi = false
  for (let i = 0; i < words.length; i++) {
    const word = words[i]
    const found = RESOLUTIONS.get(word)
    if (found !== undefined && found > resolution) resolution = found
    if (MULTI.has(word)) multi = true
    const language = LANGUAGES.get(word)
    if (language) addOnce(isSubtitle[i] ? subtitles : languages, language)
    const glued = language ? undefined : gluedSubtitle(word)
    if (glued) addOnce(subtitles, glued)
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

export const parseMarkers = (title: string): Markers => markersOfWords(titleWords(title))
