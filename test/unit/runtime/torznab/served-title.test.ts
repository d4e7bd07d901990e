import { describe, expect, test } from 'bun:test'
import { deriveTorrent } from '../../../../runtime/search/derive.ts'
import { radarrYear, sonarrEpisodes } from '../../../../runtime/torznab/arr-reading.ts'
import { rewriteSubtitleMarkers, servedTitle, servedTitles, type TitleFacts } from '../../../../runtime/torznab/served-title.ts'

const facts = (title: string, type = 'series', imdb: number | null = null, tmdb: number | null = null): TitleFacts => ({
  title,
  type,
  imdb,
  tmdb,
  season: null,
  episode: null,
  ...deriveTorrent(title),
})
const served = (title: string, type = 'series') => servedTitle(facts(title, type), 'normalised')

describe('subtitle markers of releases without known audio become one joined word', () => {
  test.each([
    ['Boris S02E07 [SUB ITA] 1080p', 'Boris S02E07 [SUBITA] 1080p'],
    ['Deadpool.and.Wolverine.2024.2160p.WEBRip.SUB.ITA.x265', 'Deadpool.and.Wolverine.2024.2160p.WEBRip.SUBITA.x265'],
    ['Lost.S06E05.Sub-Ita.720p', 'Lost.S06E05.SUBITA.720p'],
    ['Lost.S06E05.SUBS.ITA.ENG.720p', 'Lost.S06E05.SUBITAENG.720p'],
    ['Lost.S06E05.ITA.SUBS.720p', 'Lost.S06E05.SUBITA.720p'],
    ['Lost S06E05 sottotitoli in italiano 720p', 'Lost S06E05 SUBITA 720p'],
    ['[HorribleSubs] Demon Slayer - 11 [1080p][Multiple Subtitle][ITA]', '[HorribleSubs] Demon Slayer - 11 [1080p][Multiple SUBITA]'],
    ['Film.2020.1080p.ITASUB', 'Film.2020.1080p.SUBITA'],
    ['Film.2020.1080p.SUBITA', 'Film.2020.1080p.SUBITA'],
  ])('%p → %p', (title, expected) => expect(served(title, /20\d\d/.test(title) ? 'movie' : 'series')).toBe(expected))

  test('with known audio the markers stay (the language attributes decide) except words Radarr takes for hardcoded subtitles', () => {
    expect(rewriteSubtitleMarkers('Film 2020 ITA AC3 ENG EAC3 Sub Ita Eng', true)).toBe('Film 2020 ITA AC3 ENG EAC3 Sub Ita Eng')
    expect(rewriteSubtitleMarkers('Show.S01E05.ENG.Sub.Ita.720p', true)).toBe('Show.S01E05.ENG.Sub.Ita.720p')
    expect(rewriteSubtitleMarkers('Film 2020 ITA 1080p ENGSUBS', true)).toBe('Film 2020 ITA 1080p SUBENG')
    expect(rewriteSubtitleMarkers('Film 2020 ITA 1080p SUBBED', true)).toBe('Film 2020 ITA 1080p SUBS')
  })

  test('a subtitle word naming no language stays, unless Radarr would take it for hardcoded subtitles', () => {
    expect(rewriteSubtitleMarkers('[Erai-raws] Show - 03 [1080p][Multiple Subtitle] SUB ITA', false)).toBe(
      '[Erai-raws] Show - 03 [1080p][Multiple Subtitle] SUBITA',
    )
    expect(rewriteSubtitleMarkers('Show S01E01 SUBBED 720p', false)).toBe('Show S01E01 SUBS 720p')
  })
})

describe('the episode marker Sonarr reads, before the title own marker, when it would read other numbers', () => {
  test.each([
    ['Serie Stagione 1 Ep 6-11 ITA', 'Serie S01E06-E11 Stagione 1 Ep 6-11 ITA'],
    ['Serie.Stagione.1.Episodio.5.ITA', 'Serie.S01E05.Stagione.1.Episodio.5.ITA'],
    ['Serie.St.1.Ep.5.ITA', 'Serie.S01E05.St.1.Ep.5.ITA'],
    ['Serie.S01.Ep.05-06.ITA', 'Serie.S01E05-E06.S01.Ep.05-06.ITA'],
    ['Gomorra La Serie (2014-2021) Stagioni 1-5 Complete ITA', 'Gomorra La Serie (2014-2021) S01-S05 Stagioni 1-5 Complete ITA'],
    ['Il Commissario Montalbano - Stagione 11 (2016) [ITA] 1080p', 'Il Commissario Montalbano - S11 Stagione 11 (2016) [ITA] 1080p'],
    ['Dark Season 3 SUB ITA 1080p', 'Dark S03 Season 3 SUBITA 1080p'],
    // Already read as the indexer reads them: unchanged.
    ['Serie.S01.Ep.05.ITA', 'Serie.S01.Ep.05.ITA'],
    ['Lost 4x03 ITA 720p', 'Lost 4x03 ITA 720p'],
    ['Show.S01E02-E04.720p', 'Show.S01E02-E04.720p'],
    ['Breaking Bad S01-S05 COMPLETE MULTI 1080p', 'Breaking Bad S01-S05 COMPLETE MULTI 1080p'],
    ['Boris Serie Completa ITA', 'Boris Serie Completa ITA'],
  ])('%p → %p', (title, expected) => expect(served(title)).toBe(expected))

  // A one-season show's episode word names no season: the row's own columns (the feed's attributes) do.
  test.each([
    ['The Hidden Horizon Puntata 9 [ENG] 1080p', 1, 9, 'The Hidden Horizon S01E09 Puntata 9 [ENG] 1080p'],
    ['The.Broken.Winter.2019.Puntata.12.576p.WEB', 1, 12, 'The.Broken.Winter.2019.S01E12.Puntata.12.576p.WEB'],
    ['Little Mirrors Episodio 12 [ENG]', 1, 12, 'Little Mirrors S01E12 Episodio 12 [ENG]'],
    ['Lost 4x03 ITA 720p', 4, 3, 'Lost 4x03 ITA 720p'],
  ])('%p with its own columns S%pE%p → %p', (title, season, episode, expected) => {
    const withColumns = { ...facts(title), season, episode }
    const result = servedTitle(withColumns, 'normalised')
    expect(result).toBe(expected)
    expect(sonarrEpisodes(result)).toEqual({
      season_first: season,
      season_last: season,
      episode_first: episode,
      episode_last: episode,
    } as never)
  })

  test('what is inserted is read back as the indexer parse', () => {
    for (const title of ['Serie Stagione 1 Ep 6-11 ITA', 'Serie.St.1.Ep.5.ITA', 'Gomorra Stagioni 1-5 ITA', 'Serie Stagione 2 Puntata 3']) {
      const { season_first, season_last, episode_first, episode_last } = deriveTorrent(title)
      expect(sonarrEpisodes(served(title))).toEqual({ season_first, season_last, episode_first, episode_last } as never)
    }
  })
})

describe('film years', () => {
  test('a film without a year Radarr reads gets the year other releases of its IMDb id name, before its release words', () => {
    const page = [
      facts('Fantozzi 1080p ITA', 'movie', 72_962),
      facts('Fantozzi (1975) 720p ITA', 'movie', 72_962),
      facts('Altro.Film.1080p', 'movie', 1),
    ]
    expect(servedTitles(page, 'normalised')).toEqual(['Fantozzi (1975) 1080p ITA', 'Fantozzi (1975) 720p ITA', 'Altro.Film.1080p'])
  })

  test('a release carrying only the TMDB id takes the year of the releases that carry it', () => {
    const page = [facts('Fantozzi 1080p ITA', 'movie', null, 11_000), facts('Fantozzi.1975.720p.ITA', 'movie', 72_962, 11_000)]
    expect(servedTitles(page, 'normalised')[0]).toBe('Fantozzi (1975) 1080p ITA')
  })

  test('Radarr reads a year after some title text, never 1080p or a leading number', () => {
    expect(radarrYear('Il Padrino (1972) 1080p')).toBe(1972)
    expect(radarrYear('Il Padrino Trilogia (1972-1990) ITA')).toBe(1990)
    expect(radarrYear('Il.Padrino.1080p.ITA')).toBeNull()
    expect(radarrYear('2001 Odissea nello spazio ITA')).toBeNull()
  })
})

test('RELEASE_TITLES=original serves every title as stored', () => {
  const page = ['Boris S02E07 [SUB ITA] 1080p', 'Serie Stagione 1 Ep 6-11 ITA', 'Fantozzi 1080p ITA'].map((title) => facts(title))
  expect(servedTitles(page, 'original')).toEqual(page.map((hit) => hit.title))
})
