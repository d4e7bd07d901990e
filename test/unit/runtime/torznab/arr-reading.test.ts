import { expect, test } from 'bun:test'
import { sonarrEpisodes } from '../../../../runtime/torznab/arr-reading.ts'

const read = (first: number, last: number, episode: number | null = null, lastEpisode = episode) => ({
  season_first: first,
  season_last: last,
  episode_first: episode,
  episode_last: lastEpisode,
})

// reference/arr-parsing.md §1: the plain forms Sonarr and its ports both read.
test.each([
  ['Show.S01E05.ITA', read(1, 1, 5)],
  ['Show S01 E05 ITA', read(1, 1, 5)],
  ['Show.S01E05-06.ITA', read(1, 1, 5, 6)],
  ['Show.S01E05E06E07', read(1, 1, 5, 7)],
  ['Show.S01E05-E08', read(1, 1, 5, 8)],
  ['Show 1x05 ITA', read(1, 1, 5)],
  ['Show 1x05-1x07', read(1, 1, 5, 7)],
  ['Serie.S01.Ep.05.ITA', read(1, 1, 5)],
  // Sonarr keeps only the first episode of an Ep range.
  ['Serie.S01.Ep.05-06.ITA', read(1, 1, 5)],
  ['Show.S01-S05.ITA', read(1, 5)],
  ['Show S02 COMPLETE ITA', read(2, 2)],
])('%p', (title, expected) => expect(sonarrEpisodes(title)).toEqual(expected))

test.each(['Serie Stagione 1 Ep 6-11 ITA', 'Serie.St.1.Ep.5', 'Serie Completa ITA', 'Film.1920x1080.ITA', 'Show S100'])(
  '%p: no plain marker',
  (title) => expect(sonarrEpisodes(title)).toBeNull(),
)
