/**
 * What Sonarr and Radarr find in a release title, as far as served titles depend on it: the season
 * and episode numbers of Sonarr's parser and the year of Radarr's. Written from the behaviour noted
 * in reference/arr-parsing.md §1 and §4 (Sonarr `Parser.cs`, Radarr `Parser.cs` at named commits),
 * not from their code. Only the forms every parser of release names reads count as read: SxxEyy,
 * NxMM, S01.Ep.05, Sxx and Sxx-Syy. Sonarr also reads `Stagione 2` or `Season 2`, but its ports do
 * not (@ctrl/video-filename-parser knows no Stagione, §6) and `Stagione 1 Ep 6-11` is a season pack
 * to Sonarr itself; a form not counted here at worst gets a marker Sonarr did not need.
 */

export interface EpisodeReading {
  season_first: number
  season_last: number
  /** Null for a season pack. */
  episode_first: number | null
  episode_last: number | null
}

const B = '(?<![\\p{L}\\p{N}])'
const E = '(?![\\p{L}\\p{N}])'
const SEP = '[\\s._-]'

// In the order Sonarr tries its patterns (the first that matches wins, wherever in the title):
// SxxEyy and NxMM with any further episodes (~L189), multi-season packs (~L205), S01.Ep.05 (~L275,
// one episode only), season packs (~L321).
const SEASON_EPISODES = new RegExp(`${B}S(\\d{1,2})(?:${SEP}|\\s-\\s)?E(\\d{1,3})((?:(?:-?E|-)\\d{1,3})*)${E}`, 'iu')
const CROSS_EPISODES = new RegExp(`${B}(\\d{1,2})X(\\d{2,3})((?:-(?:\\d{1,2}X)?\\d{2,3})*)${E}`, 'iu')
const MULTI_SEASON = new RegExp(`${B}S(\\d{1,2})${SEP}?-${SEP}?S(\\d{1,2})${E}`, 'iu')
const EP_EPISODE = new RegExp(`${B}S(\\d{1,2})${SEP}?EP${SEP}?(\\d{1,2})(?!\\p{N})`, 'iu')
const SEASON_PACK = new RegExp(`${B}S(\\d{1,2})${E}`, 'iu')

const LAST_NUMBER = /(\d+)\D*$/

const episodes = (m: RegExpExecArray): EpisodeReading => {
  const season = Number(m[1])
  const first = Number(m[2])
  const more = m[3] ? LAST_NUMBER.exec(m[3]) : null
  return { season_first: season, season_last: season, episode_first: first, episode_last: more ? Number(more[1]) : first }
}

const seasons = (first: number, last: number): EpisodeReading => ({
  season_first: first,
  season_last: last,
  episode_first: null,
  episode_last: null,
})

/** The seasons and episodes Sonarr (and its ports) read in a title's plain markers, or null. */
export const sonarrEpisodes = (title: string): EpisodeReading | null => {
  let m = SEASON_EPISODES.exec(title) ?? CROSS_EPISODES.exec(title)
  if (m) return episodes(m)
  m = MULTI_SEASON.exec(title)
  // Only the first and the second number are captured, not the range between (§1).
  if (m && Number(m[1]) !== Number(m[2])) return seasons(Number(m[1]), Number(m[2]))
  m = EP_EPISODE.exec(title)
  if (m) return { ...seasons(Number(m[1]), Number(m[1])), episode_first: Number(m[2]), episode_last: Number(m[2]) }
  m = SEASON_PACK.exec(title)
  return m ? seasons(Number(m[1]), Number(m[1])) : null
}

// A year 1800–2099 after some title text, not followed by more digits or p/i (1080p is no year).
const RADARR_YEAR = /(?<=[^\s._([-][\s._([-]+)(?:18|19|20)\d\d(?![\p{N}pi])/giu

/** The year Radarr's title parser reads in a film title (the last one, §4), or null: then it parses nothing. */
export const radarrYear = (title: string): number | null => {
  let year: number | null = null
  for (const m of title.matchAll(RADARR_YEAR)) year = Number(m[0])
  return year
}
