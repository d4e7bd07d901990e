/**
 * Columns computed once per torrent at import time (see runtime/db/schema.ts).
 * Owned by search: the importer calls deriveTorrent() for every row and stores the result.
 */

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
  title_fold: string
}

/** Unicode case folding close to Python's casefold (ß → ss) without a table. */
export const foldCase = (text: string): string => text.toUpperCase().toLowerCase()

// Placeholder until the search module lands its parsers; the shape is the contract.
export const deriveTorrent = (title: string): TorrentDerived => ({
  season_first: null,
  season_last: null,
  episode_first: null,
  episode_last: null,
  complete: 0,
  resolution: 0,
  audio_ita: 0,
  multi_audio: 0,
  subs_ita: 0,
  languages: null,
  subtitles: null,
  title_fold: foldCase(title),
})
