import { describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { deriveTorrent, foldCase, storedFold } from '../../../../runtime/search/derive.ts'
import { markersOfUpper, markersOfWords } from '../../../../runtime/search/markers.ts'
import { wordsOf } from '../../../../runtime/search/tokens.ts'

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
      // An ASCII title stores no fold: SQLite's lower() gives the same.
      title_fold: null,
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
    expect(deriveTorrent('Inception (2010)')).toMatchObject({
      season_first: null,
      resolution: 0,
      languages: null,
      subtitles: null,
      complete: 0,
    })
  })

  test('title_fold is foldCase of the exact title, control characters kept, when the title is not ASCII', () => {
    const title = 'Straße\tÉTÉ\u0001 ŌSAKA'
    expect(deriveTorrent(title).title_fold).toBe(foldCase(title))
    expect(foldCase(title)).toBe('strasse\tété\u0001 ōsaka')
    expect(deriveTorrent('The.Bear\tS03\u0001').title_fold).toBeNull()
  })

  test('storedFold: what rules read, coalesce(fold, lower(text)), is always foldCase(text); ASCII stores nothing', () => {
    const db = new Database(':memory:')
    for (const text of ['The.Bear.S03', 'ÀÉÎ õ', 'città', 'Straße', 'ǅ ﬁ Σ', 'TAB\tHERE\u0001', '']) {
      const read = (db.query('SELECT coalesce(?, lower(?)) AS v').get(storedFold(text), text) as { v: string }).v
      expect(read).toBe(foldCase(text))
    }
    expect(['The.Bear.S03', 'TAB\tHERE', ''].map((text) => storedFold(text))).toEqual([null, null, null])
    db.close()
  })
})

describe('the import-speed marker scanner gives the same answers as the plain parser', () => {
  // Pieces that stress the ASCII word scanner and its hash lookup: glued subtitle forms, markers
  // inside longer words, non-ASCII letters that fold to ASCII (ſ, K, ß), combining marks and emoji
  // (those titles take the regex path), and the separators titles use.
  const pieces = [
    'S01E02',
    'ſ01e02',
    's1e2-e5',
    '1x02',
    '12X3-4x5',
    '1920x1080',
    'Season 2',
    'Stagioni 1-5',
    'SAISONS 3 & 4',
    '2ª Stagione',
    '3° stagione',
  ]
  pieces.push(
    'complete series',
    'Serie Completa',
    'tutte le stagioni',
    'all ſeasons',
    'S01-S03',
    's1 to s4',
    'S10',
    'COMPLETO',
    'Temporada 2',
    'STAFFEL 4',
  )
  pieces.push(
    'SUBITA',
    'itasubs',
    'ENGSUB',
    'SUB',
    'Subs',
    'sub in italiano',
    'ITA',
    'Italiano',
    'eng',
    'MULTI',
    'dual',
    '1080p',
    '4K',
    'uhd',
    'DVDRip',
    'x265',
  )
  pieces.push('ß', 'É', 'ita\u0300', '\u212Aor', '🎬', 'Ⅻ', '١٢٣', 'Straße', 'SUBS\u00C9')
  const separators = [' ', '.', '_', '-', '[', ']', '(', '', '\t', '~']
  const titles: string[] = []
  let seed = 11
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n
  for (let i = 0; i < 4000; i++) {
    titles.push(Array.from({ length: 1 + next(6) }, () => pieces[next(pieces.length)] + separators[next(separators.length)]).join(''))
  }

  test('markersOfUpper (char-code scanner) equals markersOfWords over the regex words', () => {
    const differing = titles.filter((title) => {
      const upper = title.toUpperCase()
      return JSON.stringify(markersOfUpper(upper)) !== JSON.stringify(markersOfWords(wordsOf(upper)))
    })
    expect(differing).toEqual([])
  })
})
