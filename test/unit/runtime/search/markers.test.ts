import { describe, expect, test } from 'bun:test'
import { parseMarkers } from '../../../../runtime/search/markers.ts'

describe('Italian audio versus Italian subtitles', () => {
  test.each([
    'Movie.ITA.1080p',
    'Movie_ITA_1080p',
    '[iTA] Movie',
    'Movie iTALiAN WEBRip',
    'Movie ITALIANO 720p',
    'The.Bear.S03E04.ITA.ENG.1080p',
    'The.Bear.S03E04.iTA.MULTI.SUB.ITA.720p',
    'Movie.ITA.SUB.ITA.1080p',
    'Dune (2024) 1080p ITA EAC3 ENG AC3 Sub Ita Eng',
    'Amarcord [1973] [1080p] [ITA-ENG] [SUB ITA]',
    'Film ITA SUB ENG',
  ])('%p has Italian audio', (title) => {
    expect(parseMarkers(title).audio_ita).toBe(1)
  })

  test.each([
    'The.Bear.S03E04.SUB.ITA.1080p',
    'The Bear S03E04 [SUB ITA] 720p',
    'Movie.SUB-ITA.720p',
    'Movie.SUB_ITA.720p',
    'Movie.SUBITA.720p',
    'Movie SUBS ITALIAN',
    'Movie.ITA.SUBBED',
    'Movie ITA SUBS',
    'Movie.ITALIAN.SUBTITLES',
    'Rick.and.Morty.S09E04.sottotitoli-italiano',
    'Film sub in italiano',
    'Dandadan - 08 [1080p][Multiple Subtitle][ITA]',
    'Movie.MULTI.SUB.ITA',
  ])('%p has Italian subtitles, not Italian audio', (title) => {
    const markers = parseMarkers(title)
    expect(markers.audio_ita).toBe(0)
    expect(markers.subs_ita).toBe(1)
  })

  test.each(['Capital.Release', 'ITALIA.2020', 'AC3ITA', 'ITA5.1', 'Movie.ENG.1080p', ''])('%p has no Italian marker', (title) => {
    const markers = parseMarkers(title)
    expect(markers.audio_ita).toBe(0)
    expect(markers.subs_ita).toBe(0)
  })
})

describe('languages and subtitles lists', () => {
  test('audio languages in title order, subtitle languages apart', () => {
    expect(parseMarkers('Dune (2024) 1080p ITA EAC3 ENG AC3 Sub Ita Eng')).toMatchObject({
      languages: ['Italian', 'English'],
      subtitles: ['Italian', 'English'],
    })
    expect(parseMarkers('Chainsaw.Man.S01E07.ITA.JPN.1080p')).toMatchObject({ languages: ['Italian', 'Japanese'], subtitles: [] })
    expect(parseMarkers('Movie.SUBITA')).toMatchObject({ languages: [], subtitles: ['Italian'] })
  })
})

describe('MULTI and DUAL', () => {
  test.each([
    ['Inception.2010.DUAL.720p', 1],
    ['Inception 2010 MULTi 2160p', 1],
    ['Inception.2010.1080p', 0],
    ['Multiverse.2020', 0],
  ] as const)('%p → %p', (title, multi) => {
    expect(parseMarkers(title).multi_audio).toBe(multi)
  })
})

describe('resolution', () => {
  test.each([
    ['Movie.2160p.UHD', 3],
    ['Movie 4K HDR', 3],
    ['Movie.1080p.BluRay', 2],
    ['Movie.720p.WEB', 2],
    ['Movie 1920x1080', 2],
    ['Movie.576p.TVRip', 1],
    ['Movie.DVDRip.XviD', 1],
    ['Movie.1080p.DVDRip', 2],
    ['Movie.BDRip.x264', 0],
    ['Movie.DTS-HD.MA.5.1', 0],
  ] as const)('%p → %p', (title, resolution) => {
    expect(parseMarkers(title).resolution).toBe(resolution)
  })
})
