/**
 * Seasons and episodes named in a release title: S01E02, S01E02-E04, S01E02E03, S01.Ep.05, 1x02,
 * Stagione 1 Ep 6-11, St.1.Ep.5, Season 1 Episode 5, Stagione 2 Puntata 3, S01, S01-S03, Season 1,
 * Stagione 1, Stagioni 1-5, "complete series". Numbers compare as whole numbers, so Stagione 10 is
 * season 10 and never season 1. A title that names an episode is never read as a season pack.
 */

export interface EpisodeRange {
  season_first: number | null
  season_last: number | null
  episode_first: number | null
  episode_last: number | null
  /** The title says it holds every season and names none. */
  complete: 0 | 1
}

// A number or marker must not touch other letters/digits: "S10" is not "S1", "1920x1080" is no 1x02.
const B = '(?<![\\p{L}\\p{N}])'
const E = '(?![\\p{L}\\p{N}])'
const SEP = '[\\s._-]*'

// E05, Ep05, Ep.05, Ep 05 (Sonarr's parser reads S01.Ep.05 and S01 Ep 02 as episodes too).
const EPISODE_TAG = 'E(?:P\\.?[\\s.]?)?'
// More episodes: E06, -E06, -06 (S01E01E02, S01E01-E03, S01E05-06, S01.Ep.05-06).
const MORE_EPISODES = `(?:(?:[\\s.]?-[\\s.]?|[\\s.]?)${EPISODE_TAG}(\\d{1,4})|-(\\d{1,4}))*`
const SEASON_EPISODE = new RegExp(`${B}S(\\d{1,3})(?:[\\s._]?-?[\\s._]?)${EPISODE_TAG}(\\d{1,4})${MORE_EPISODES}${E}`, 'iu')
// A season word, then an episode word or E05: Stagione 1 Ep 6-11, St.1.Ep.5, Season 1 Episode 5,
// Stagione 2 Puntata 3. A bare E must touch its number: "Stagioni 1 e 2" is two seasons.
const EPISODE_WORD = `(?:(?:EPISODIO|EPISODE|PUNTATA|EP)\\.?${SEP}|E)`
// Separators before a dash or a word exclude the dash, so a run of dashes is read once, not in
// every split (a title of 5,000 dashes took 0.2 s with two adjacent [\s._-]* runs).
const SEASON_WORD_EPISODE = new RegExp(
  `${B}(?:SEASON|STAGIONE|SAISON|ST\\.?|S)${SEP}(\\d{1,3})[\\s._]*(?:[-,][\\s._-]*)?${EPISODE_WORD}(\\d{1,4})` +
    `(?:[\\s._]*(?:-|~|AL|A|TO)[\\s._-]*(?:${EPISODE_WORD})?(\\d{1,4}))?${E}`,
  'iu',
)
const CROSS = new RegExp(`${B}(\\d{1,2})x(\\d{1,3})(?:-(?:\\d{1,2}x)?(\\d{1,3}))?${E}`, 'iu')
const SEASON_RANGE = new RegExp(`${B}S(\\d{1,3})${SEP}(?:-|~|TO)${SEP}S(\\d{1,3})${E}`, 'giu')
const SEASON_WORD = new RegExp(
  `${B}(?:SEASONS?|STAGIONI|STAGIONE|SAISONS?|STAFFEL|TEMPORADAS?)${SEP}(\\d{1,3})${E}(?:${SEP}(?:-|~|A|TO|AND|&)${SEP}(\\d{1,3})${E})?`,
  'giu',
)
const SEASON_ORDINAL = new RegExp(`${B}(\\d{1,2})\\s?[ªº°]\\s?STAGIONE${E}`, 'giu')
const BARE_SEASON = new RegExp(`${B}S(\\d{1,3})${E}`, 'giu')
const COMPLETE_PHRASE =
  /COMPLETE[\s._-]*SERIES|SERIES[\s._-]*COMPLETE|SERIE[\s._-]*COMPLET[AE]|TUTTE[\s._-]*LE[\s._-]*STAGIONI|ALL[\s._-]*SEASONS/iu
const COMPLETE_WORD = new RegExp(`${B}(?:COMPLETE|COMPLETA|COMPLETO)${E}`, 'iu')

// Every pattern above needs one of these; a title without them skips the parsers.
const MAYBE_SEASON = /S\d|\dX\d|SEASON|STAGION|SAISON|STAFFEL|TEMPORADA|[ªº°]/i
// S 1 / St.1 before an episode word (SEASON_WORD_EPISODE); without /u, so ſ stays no S here too.
const MAYBE_SHORT_SEASON = /(?<![A-Za-z0-9])ST?\.?[\s._-]*\d/i

const NONE: EpisodeRange = { season_first: null, season_last: null, episode_first: null, episode_last: null, complete: 0 }

const isDigit = (code: number): boolean => code >= 48 && code <= 57

/**
 * Which cheap preconditions of the patterns an upper-cased title meets, so the regexes (each
 * ~0.15 µs) run only when they can match. Upper-casing keeps every /iu match visible: the only
 * non-ASCII letter folding to a pattern letter is ſ, which upper-cases to S.
 */
interface Hints {
  sDigit: boolean // S1… (SEASON_EPISODE, SEASON_RANGE, BARE_SEASON)
  cross: boolean // 1X02… (CROSS)
  upper: string
}

const hintsOf = (upper: string): Hints => {
  let sDigit = false
  let cross = false
  for (let i = 1; i < upper.length; i++) {
    if (!isDigit(upper.charCodeAt(i))) continue
    const before = upper.charCodeAt(i - 1)
    if (before === 83) sDigit = true
    else if (before === 88 && i > 1 && isDigit(upper.charCodeAt(i - 2))) cross = true
  }
  return { sDigit, cross, upper }
}

const SEASON_WORDS = ['SEASON', 'STAGION', 'SAISON', 'STAFFEL', 'TEMPORADA']
const hasSeasonWord = (upper: string): boolean => SEASON_WORDS.some((word) => upper.includes(word))
const hasOrdinal = (title: string): boolean => title.includes('ª') || title.includes('º') || title.includes('°')
// Every COMPLETE_PHRASE / COMPLETE_WORD match holds one of these.
const mayBeComplete = (upper: string): boolean => upper.includes('COMPLET') || upper.includes('STAGIONI') || upper.includes('SEASONS')

/** Every season number the title names (packs, ranges, words), as [first, last] pairs. */
const seasonSpans = (title: string, hints: Hints): Array<[number, number]> => {
  const spans: Array<[number, number]> = []
  const add = (first: string, last?: string) => {
    const a = Number(first)
    const b = last === undefined ? a : Number(last)
    spans.push(a <= b ? [a, b] : [b, a])
  }
  if (hints.sDigit) for (const m of title.matchAll(SEASON_RANGE)) add(m[1], m[2])
  if (hasSeasonWord(hints.upper)) for (const m of title.matchAll(SEASON_WORD)) add(m[1], m[2])
  if (hasOrdinal(title)) for (const m of title.matchAll(SEASON_ORDINAL)) add(m[1])
  if (hints.sDigit) for (const m of title.matchAll(BARE_SEASON)) add(m[1])
  return spans
}

/** One episode marker (S01E02…, 1x02…, Stagione 1 Ep 5…), or null. */
const episodeMarker = (title: string, hints: Hints): EpisodeRange | null => {
  const m =
    (hints.sDigit ? SEASON_EPISODE.exec(title) : null) ??
    (hints.cross ? CROSS.exec(title) : null) ??
    (hasSeasonWord(hints.upper) || MAYBE_SHORT_SEASON.test(title) ? SEASON_WORD_EPISODE.exec(title) : null)
  if (!m) return null
  const season = Number(m[1])
  const first = Number(m[2])
  const end = m[3] ?? m[4]
  const last = end === undefined ? first : Math.max(first, Number(end))
  return { season_first: season, season_last: season, episode_first: first, episode_last: last, complete: 0 }
}

/** `upper` is title.toUpperCase() when the caller has it already (deriveTorrent). */
export const parseEpisodes = (title: string, upper: string = title.toUpperCase()): EpisodeRange => {
  // One cheap test first: most titles (films) name no season at all.
  const named = MAYBE_SEASON.test(title) || MAYBE_SHORT_SEASON.test(title)
  const hints = named ? hintsOf(upper) : null
  const episode = hints ? episodeMarker(title, hints) : null
  if (episode) return episode
  const spans = hints ? seasonSpans(title, hints) : []
  if (spans.length > 0) {
    let first = spans[0][0]
    let last = spans[0][1]
    for (const [a, b] of spans) {
      if (a < first) first = a
      if (b > last) last = b
    }
    return { season_first: first, season_last: last, episode_first: null, episode_last: null, complete: 0 }
  }
  const complete = mayBeComplete(upper) && (COMPLETE_PHRASE.test(title) || COMPLETE_WORD.test(title))
  return complete ? { ...NONE, complete: 1 } : NONE
}
