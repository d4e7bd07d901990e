import { describe, expect, test } from 'bun:test'
import { deriveTorrent, foldCase } from '../../../../runtime/search/derive.ts'

describe('deriveTorrent', () => {
  test('an episode with Italian audio and English subtitles', () => {
    expect(deriveTorrent('The.Bear.S03E04.ITA.1080p.SUB.ENG')).toEqual({
      season_first: 3,
      season_last: 3,
      episode_first: 4,
      episode_last: 4,
      complete: 0,
      resolution: 2,
      audio_ita: 1,
      multi_audio: 0,
      subs_ita: 0,
      languages: 'Italian',
      subtitles: 'English',
      title_fold: 'the.bear.s03e04.ita.1080p.sub.eng',
    })
  })

  test('a multi-season pack with subtitles only', () => {
    expect(deriveTorrent('Breaking Bad S01-S05 COMPLETE MULTI [SUB ITA] 2160p')).toMatchObject({
      season_first: 1,
      season_last: 5,
      episode_first: null,
      complete: 0,
      resolution: 3,
      audio_ita: 0,
      multi_audio: 1,
      subs_ita: 1,
      languages: null,
      subtitles: 'Italian',
    })
  })

  test('a film names no season and no language', () => {
    expect(deriveTorrent('Inception (2010)')).toMatchObject({ season_first: null, resolution: 0, languages: null, subtitles: null, complete: 0 })
  })

  test('title_fold is foldCase of the exact title, control characters kept', () => {
    const title = 'Straße\tÉTÉ\u0001 ŌSAKA'
    expect(deriveTorrent(title).title_fold).toBe(foldCase(title))
    expect(foldCase(title)).toBe('strasse\tété\u0001 ōsaka')
  })
})
