/**
 * Seasons and episodes named in a release title: S01E02, S01E02-E04, S01E02E03, 1x02, S01,
 * S01-S03, Season 1, Stagione 1, Stagioni 1-5, "complete series". Numbers compare as whole numbers,
 * so Stagione 10 is season 10 and never season 1.
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

const SEASON_EPISODE = new RegExp(`${B}S(\\d{1,3})[\\s.]?E(\\d{1,4})(?:(?:-?E|-)(\\d{1,4}))*${E}`, 'iu')
const CROSS = new RegExp(`${B}(\\d{1,2})x(\\d{1,3})(?:-(?:\\d{1,2}x)?(\\d{1,3}))?${E}`, 'iu')
const SEASON_RANGE = new RegExp(`${B}S(\\d{1,3})${SEP}(?:-|~|TO)${SEP}S(\\d{1,3})${E}`, 'giu')
const SEASON_WORD = new RegExp(
  `${B}(?:SEASONS?|STAGIONI|STAGIONE|SAISONS?|STAFFEL|TEMPORADAS?)${SEP}(\\d{1,3})${E}(?:${SEP}(?:-|~|A|TO|AND|&)${SEP}(\\d{1,3})${E})?`,
  'giu',
)
const SEASON_ORDINAL = new RegExp(`${B}(\\d{1,2})\\s?[ªº°]\\s?STAGIONE${E}`, 'giu')
const BARE_SEASON = new RegExp(`${B}S(\\d{1,3})${E}`, 'giu')
const COMPLETE_PHRASE = /COMPLETE[\s._-]*SERIES|SERIES[\s._-]*COMPLETE|SERIE[\s._-]*COMPLET[AE]|TUTTE[\s._-]*LE[\s._-]*STAGIONI|ALL[\s._-]*SEASONS/iu
const COMPLETE_WORD = new RegExp(`${B}(?:COMPLETE|COMPLETA|COMPLETO)${E}`, 'iu')

// Every pattern above needs one of these; a title without them skips the parsers.
const MAYBE_SEASON = /S\d|\dX\d|SEASON|STAGION|SAISON|STAFFEL|TEMPORADA|[ªº°]/i

const NONE: EpisodeRange = { season_first: null, season_last: null, episode_first: null, episode_last: null, complete: 0 }

/** Every season number the title names (packs, ranges, words), as [first, last] pairs. */
const seasonSpans = (title: string): Array<[number, number]> => {
  const spans: Array<[number, number]> = []
  const add = (first: string, last?: string) => {
    const a = Number(first)
    const b = last === undefined ? a : Number(last)
    spans.push(a <= b ? [a, b] : [b, a])
  }
  for (const m of title.matchAll(SEASON_RANGE)) add(m[1], m[2])
  for (const m of title.matchAll(SEASON_WORD)) add(m[1], m[2])
  for (const m of title.matchAll(SEASON_ORDINAL)) add(m[1])
  for (const m of title.matchAll(BARE_SEASON)) add(m[1])
  return spans
}

/** One episode marker (S01E02…, 1x02…), or null. */
const episodeMarker = (title: string): EpisodeRange | null => {
  const m = SEASON_EPISODE.exec(title) ?? CROSS.exec(title)
  if (!m) return null
  const season = Number(m[1])
  const first = Number(m[2])
  const last = m[3] === undefined ? first : Math.max(first, Number(m[3]))
  return { season_first: season, season_last: season, episode_first: first, episode_last: last, complete: 0 }
}

export const parseEpisodes = (title: string): EpisodeRange => {
  // One cheap test first: most titles (films) name no season at all.
  const named = MAYBE_SEASON.test(title)
  const episode = named ? episodeMarker(title) : null
  if (episode) return episode
  const spans = named ? seasonSpans(title) : []
  if (spans.length > 0) {
    const first = Math.min(...spans.map(([a]) => a))
    const last = Math.max(...spans.map(([, b]) => b))
    return { season_first: first, season_last: last, episode_first: null, episode_last: null, complete: 0 }
  }
  const complete = COMPLETE_PHRASE.test(title) || COMPLETE_WORD.test(title)
  return complete ? { ...NONE, complete: 1 } : NONE
}
