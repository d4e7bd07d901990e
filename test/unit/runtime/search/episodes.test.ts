import { describe, expect, test } from 'bun:test'
import { parseEpisodes } from '../../../../runtime/search/episodes.ts'

// [title, season_first, season_last, episode_first, episode_last, complete]
type Row = [string, number | null, number | null, number | null, number | null, 0 | 1]

const check = (rows: Row[]) =>
  test.each(rows)('%p', (title, seasonFirst, seasonLast, episodeFirst, episodeLast, complete) => {
    expect(parseEpisodes(title)).toEqual({
      season_first: seasonFirst,
      season_last: seasonLast,
      episode_first: episodeFirst,
      episode_last: episodeLast,
      complete,
    })
  })

describe('single and multi-episode markers', () => {
  check([
    ['Breaking.Bad.S01E02.720p', 1, 1, 2, 2, 0],
    ['Show S01E02-E04 1080p', 1, 1, 2, 4, 0],
    ['Show.S01E02-04.1080p', 1, 1, 2, 4, 0],
    ['Show.S01E02E03.1080p', 1, 1, 2, 3, 0],
    ['Show s05e16 web', 5, 5, 16, 16, 0],
    ['Show S00E01 Special', 0, 0, 1, 1, 0],
    ['Dark 1x10 ITA 720p', 1, 1, 10, 10, 0],
    ['Boris 2x14 ITA', 2, 2, 14, 14, 0],
    ['Il.Commissario.Montalbano.S10E01.Un.covo', 10, 10, 1, 1, 0],
    ['Attack on Titan S04E28 THE FINAL CHAPTERS', 4, 4, 28, 28, 0],
  ])
})

describe('Italian and scene episode spellings Sonarr reads (a named episode is never a season pack)', () => {
  check([
    ['Serie.S01.Ep.05.ITA', 1, 1, 5, 5, 0],
    ['Serie S01 Ep 02 ITA', 1, 1, 2, 2, 0],
    ['Serie.S01.Ep.05-06.ITA', 1, 1, 5, 6, 0],
    ['Serie S01 - E01 1080p', 1, 1, 1, 1, 0],
    ['Lost S01 E05-E07', 1, 1, 5, 7, 0],
    ['Show.S02E05.E06.720p', 2, 2, 5, 6, 0],
    ['Show S01E01-E03', 1, 1, 1, 3, 0],
    ['Serie Stagione 1 Ep 6-11 ITA', 1, 1, 6, 11, 0],
    ['Serie Stagione 1 Episodio 5 ITA', 1, 1, 5, 5, 0],
    ['Serie.Stagione.1.Episodio.5.ITA', 1, 1, 5, 5, 0],
    ['Serie.St.1.Ep.5.ITA', 1, 1, 5, 5, 0],
    ['Serie Stagione 2 Puntata 3 ITA', 2, 2, 3, 3, 0],
    ['Serie Stagione 1 E05 ITA', 1, 1, 5, 5, 0],
    ['Serie Season 1 Episode 5', 1, 1, 5, 5, 0],
    ['Show S01E05 - 2024 ITA', 1, 1, 5, 5, 0],
    ['Show S01E05 E-AC3', 1, 1, 5, 5, 0],
    ['Fast 2 Ep 3', null, null, null, null, 0],
  ])
})

describe('season packs and ranges', () => {
  check([
    ['Lost.S01.SUB.ITA.720p', 1, 1, null, null, 0],
    ['Breaking Bad S01-S05 COMPLETE MULTI 1080p', 1, 5, null, null, 0],
    ['Show S01 - S03 1080p', 1, 3, null, null, 0],
    ['Dark Season 3 SUB ITA', 3, 3, null, null, 0],
    ['Il.Commissario.Montalbano.Stagione.1.Completa.ITA', 1, 1, null, null, 0],
    ['Il.Commissario.Montalbano.Stagione.10.Completa.ITA', 10, 10, null, null, 0],
    ['Il Commissario Montalbano - Stagione 11 (2016) [ITA]', 11, 11, null, null, 0],
    ['Gomorra La Serie (2014-2021) Stagioni 1-5 Complete ITA', 1, 5, null, null, 0],
    ['Show Seasons 2 to 4', 2, 4, null, null, 0],
    ['Breaking.Bad.S02.Stagione.2.Completa.ITA', 2, 2, null, null, 0],
    ['House of the Dragon - Serie Completa S01-S02 (2022-2023)', 1, 2, null, null, 0],
    ['La Casa di Carta 3ª Stagione ITA', 3, 3, null, null, 0],
  ])
})

describe('complete series without season numbers', () => {
  check([
    ['Breaking Bad Complete Series 1080p', null, null, null, null, 1],
    ['Boris Serie Completa ITA', null, null, null, null, 1],
    ['Skins [COMPLETA] ITA', null, null, null, null, 1],
  ])
})

describe('what is not a season', () => {
  check([
    ['Inception.2010.1080p.BluRay.x264', null, null, null, null, 0],
    ['Movie 1920x1080 x265', null, null, null, null, 0],
    ['Spy x Family - 02 [1080p]', null, null, null, null, 0],
    ['One Piece - 1071 [SUB ITA]', null, null, null, null, 0],
    ['DTS-HD.MA.5.1 DDP5.1 H.264', null, null, null, null, 0],
    ['MS10 Galaxy S100X', null, null, null, null, 0],
  ])
})

// The parsers skip patterns whose cheap precondition (S+digit, digit+X+digit, a season word, an
// ordinal sign, COMPLET…) is missing; these titles sit on those edges, including ſ, which the
// case-insensitive Unicode patterns read as S but the first screening test does not.
describe('edges of the cheap pre-checks', () => {
  check([
    ['Show.ſ01E02.720p', null, null, null, null, 0],
    ['Show S02 ſeason 3', 2, 3, null, null, 0],
    ['Show 2ª Stagione 1080p', 2, 2, null, null, 0],
    ['Show.1X02-03.ITA', 1, 1, 2, 3, 0],
    ['Show 1920x1080 S03', 3, 3, null, null, 0],
    ['Show Saisons 1 & 2', 1, 2, null, null, 0],
    ['Show Tutte Le Stagioni', null, null, null, null, 1],
    ['Show ALL.ſEASONS', null, null, null, null, 1],
    ['Show Completa 2010', null, null, null, null, 1],
    ['Film.2010.x265.Staffelmann', null, null, null, null, 0],
    ['Show Temporadas 2 a 4', 2, 4, null, null, 0],
  ])

  test('a caller-supplied upper-cased title gives the same answer', () => {
    for (const title of ['Show.ſ01E02.720p', 'Show ALL.ſEASONS', 'Straße S01E02', 'Show.1X02-03.ITA']) {
      expect(parseEpisodes(title, title.toUpperCase())).toEqual(parseEpisodes(title))
    }
  })
})
