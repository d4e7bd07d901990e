/**
 * Columns computed once per torrent at import time (see runtime/db/schema.ts).
 * Owned by search: the importer calls deriveTorrent() for every row and stores the result.
 */
import { parseEpisodes } from './episodes.ts'
import { markersOfUpper } from './markers.ts'

export interface TorrentDerived {
  season_first: number | null
  season_last: number | null
  episode_first: number | null
  episode_last: number | null
  complete: 0 | 1
  resolution: 0 | 1 | 2 | 3
  audio_ita: 0 | 1
  multi_audio: 0 | 1
  subs_ita: 0 | 1
  languages: string | null
  subtitles: string | null
  /** storedFold of the title. */
  title_fold: string | null
}

/** Unicode case folding close to Python's casefold (ß → ss) without a table. */
export const foldCase = (text: string): string => text.toUpperCase().toLowerCase()

const NON_ASCII = /[^\x00-\x7F]/

/**
 * What is stored as a column's fold: null where SQLite's own lower() gives the same text (every
 * ASCII text, ~95% of titles), so rules read coalesce(fold, lower(column)) (runtime/search/rank.ts)
 * and the table does not hold a second copy of nearly every title. `upper` may be passed when known.
 */
export const storedFold = (text: string, upper?: string): string | null =>
  NON_ASCII.test(text) ? (upper ?? text.toUpperCase()).toLowerCase() : null

const joined = (list: string[]): string | null => (list.length > 0 ? list.join(',') : null)

export const deriveTorrent = (title: string): TorrentDerived => {
  // One toUpperCase serves the markers and the fold (foldCase is upper-then-lower).
  const upper = title.toUpperCase()
  const episodes = parseEpisodes(title, upper)
  const markers = markersOfUpper(upper)
  return {
    season_first: episodes.season_first,
    season_last: episodes.season_last,
    episode_first: episodes.episode_first,
    episode_last: episodes.episode_last,
    complete: episodes.complete,
    resolution: markers.resolution,
    audio_ita: markers.audio_ita,
    multi_audio: markers.multi_audio,
    subs_ita: markers.subs_ita,
    languages: joined(markers.languages),
    subtitles: joined(markers.subtitles),
    title_fold: storedFold(title, upper),
  }
}
