/**
 * The work a release title names, as the id crosswalk compares it (runtime/importer/id-crosswalk.ts):
 * the words before the first year, season/episode marker, bracket or technical word, folded (case,
 * accents) and joined without separators, so `Il.Commissario.Nero.2003`, `Il Commissario Nero (2003)`
 * and `L'Isola` / `LIsola` meet. Films also need the year that ends their name. Only equality of these
 * keys matters, between titles that carry an id and titles that carry none, so a spelling this reads
 * oddly is read the same odd way on both sides.
 */

export interface ReleaseName {
  /** Folded words of the name, without separators. */
  name: string
  /** The year that ends the name (19xx or 20xx), or null. */
  year: number | null
}

const YEAR = /^(?:19|20)\d\d$/
const DIGITS = /^\d+$/
// S01, S01E05, S01E01E02, 1x05, E05, Ep05, 1080p, 4k: a season/episode or resolution token.
const MARKER = /^(?:s\d{1,3}(?:e\d{1,4})*|s\d{1,3}e\d.*|\d{1,2}x\d{1,3}|e\d{1,4}|ep\d{1,4}|\d{3,4}[pi]|[48]k)$/
// Words that end a name wherever they stand: languages, sources, codecs, audio, editions, packs.
const TECHNICAL = new Set(
  (
    'ita italian italiano eng english multi dual sub subs subita subbed sottotitoli sottotitolato web webrip webdl ' +
    'webmux dlmux bdmux bluray bdrip brrip hdtv dvdrip hdrip dvd dvd5 dvd9 x264 x265 h264 h265 hevc avc xvid divx ' +
    'ac3 aac dts eac3 ddp5 dd5 truehd remux repack proper extended internal hdr uhd cam complete completa completo ' +
    'collection collezione trilogia trilogy quadrilogia saga cofanetto batch episodio episode puntata ep'
  ).split(' '),
)
// Season words end a name only before a number or "complete" (La Stagione Nera is a name).
const SEASON_WORDS = new Set(['season', 'seasons', 'stagione', 'stagioni', 'saison', 'staffel', 'temporada'])
// Left over before "complete": Dark.River.The.Complete.Series, Dark River Serie Completa.
const TRAILING = new Set(['the', 'serie', 'series', 'tutte', 'le', 'la', 'il'])
const WORD_CHAR = /[\p{L}\p{N}]/u

// A letter or digit: ASCII by its code (the common case), anything else by Unicode class.
const isWordChar = (title: string, at: number): boolean => {
  const code = title.charCodeAt(at)
  if (code < 128) return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122)
  return WORD_CHAR.test(title[at])
}

/** The words of a (lower-cased) title one at a time, from `from`: a scan by character codes, no regex matches. */
class Words {
  start = 0
  #at: number
  constructor(
    readonly title: string,
    from: number,
  ) {
    this.#at = from
  }

  next(): string | undefined {
    const { title } = this
    let at = this.#at
    while (at < title.length && !isWordChar(title, at)) at++
    if (at >= title.length) return undefined
    this.start = at
    while (at < title.length && isWordChar(title, at)) at++
    this.#at = at
    return title.slice(this.start, at)
  }
}

/** Where the name may start: after a leading `[Group]` (fansub releases). */
const nameStart = (title: string): number => {
  let open = 0
  while (open < title.length && title.charCodeAt(open) <= 32) open++
  if (title[open] !== '[') return 0
  const close = title.indexOf(']', open)
  return close < 0 ? 0 : close + 1
}

// Cheap tests first: most words are plain names, and a regex costs more than the scan of a word.
const hasDigit = (word: string): boolean => {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) >= 48 && word.charCodeAt(i) <= 57) return true
  return false
}
const isYear = (word: string): boolean => word.length === 4 && (word[0] === '1' || word[0] === '2') && YEAR.test(word)

/** Whether `word`, starting at `start` of `title` and followed by `next`, ends the name. */
const endsName = (title: string, word: string, start: number, next: string | undefined): boolean => {
  const before = title[start - 1]
  if (before === '[' || before === '(' || before === '{') return true
  if (TECHNICAL.has(word) || (hasDigit(word) && MARKER.test(word))) return true
  if (SEASON_WORDS.has(word)) return next !== undefined && (DIGITS.test(next) || next.startsWith('complet'))
  // Anime absolute numbers: `Name - 05`.
  return before === ' ' && title[start - 2] === '-' && DIGITS.test(word)
}

const NON_ASCII = /[^\x00-\x7F]/
const fold = (name: string): string => (NON_ASCII.test(name) ? name.normalize('NFD').replace(/\p{M}/gu, '') : name)

/** The name (and year) a release title starts with; null when it starts with no word of its own. */
export const releaseName = (original: string): ReleaseName | null => {
  // One lower-cased copy (~0.15 µs) costs less than lower-casing each word read.
  const title = original.toLowerCase()
  const words = new Words(title, nameStart(title))
  const name: string[] = []
  let year: number | null = null
  let word = words.next()
  while (word !== undefined) {
    const start = words.start
    const next = words.next()
    if (name.length > 0 && isYear(word)) {
      // `Blade Runner 2049 2017`: a year followed by a year is part of the name.
      if (next === undefined || !isYear(next)) {
        year = Number(word)
        break
      }
    } else if (name.length > 0 && endsName(title, word, start, next)) {
      if (word.startsWith('complet')) while (name.length > 1 && TRAILING.has(name[name.length - 1])) name.pop()
      break
    }
    name.push(word)
    word = next
  }
  if (name.length === 0) return null
  return { name: fold(name.join('')), year }
}

/**
 * The key the crosswalk compares: the catalogue a type belongs to (films, shows) and its name; a
 * film's year too. Null for other types, and for a film title without a year (a name alone would
 * join remakes and namesakes).
 */
export const releaseNameKey = (title: string, type: string): string | null => {
  const shows = type === 'series' || type === 'anime'
  if (!shows && type !== 'movie') return null
  const name = releaseName(title)
  if (!name) return null
  if (shows) return `s ${name.name}`
  return name.year === null ? null : `m ${name.name} ${name.year}`
}
