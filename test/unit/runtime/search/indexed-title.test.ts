import { describe, expect, test } from 'bun:test'
import { cleanedSpellings, indexedTitle } from '../../../../runtime/search/indexed-title.ts'
import { queryTokens, sqliteTokens } from '../../../../runtime/search/tokens.ts'
import { radarrSearchTerm, sonarrSearchTerm } from '../../../helpers/arr-clients.ts'

describe('indexedTitle: the spellings the *arr apps search a title by', () => {
  test.each([
    ["L'Amica Geniale 1x06 ITA 720p", 'LAmica'],
    ['Avatar - La Via dell’Acqua (2022)', 'dellAcqua'],
    ["Rock'n'Roll.Show.S01E01", 'RocknRoll'],
    ['Chicago.P.D.S01E01.720p', 'PD'],
    ['S.W.A.T.2017.S01E01', 'SWAT'],
    ['U.S.Marshals.1998.ITA', 'US'],
    ['Lilo & Stitch <2025> [ITA-ENG]', 'and'],
    ['Fast &amp; Furious 7 (2015)', 'and'],
    ["C'è ancora domani 2023", 'Cè'],
  ])('%p adds %p', (title, spellings) => {
    expect(cleanedSpellings(title)).toBe(spellings)
  })

  test('scene names, one-letter words and plain titles add nothing', () => {
    for (const title of ['Mare.Fuori.S04E01.ITA.1080p', 'A.Beautiful.Mind.2001', 'Il Commissario Montalbano', 'Un.Posto.al.Sole.E5']) {
      expect(indexedTitle(title)).toBe(title)
    }
  })

  // Not covered: a release that already joins the words (Betty.Whites…) against Radarr's split "White s".
  test('every word Sonarr or Radarr sends for a name is a token of the indexed title', () => {
    const cases = [
      ["L'Amica Geniale", "L'Amica Geniale S03E07 [SUB ITA] 1080p"],
      ["Betty White's Off Their Rockers", "Betty White's Off Their Rockers S01E01"],
      ['Chicago P.D.', 'Chicago.P.D.S01E01.ITA.720p'],
      ['Franklin & Bash', 'Franklin & Bash S01 ITA'],
      ['Franklin & Bash', 'Franklin.and.Bash.S01E02'],
      ['Lilo & Stitch', 'Lilo & Stitch <2025> [ITA-ENG] 2160p WEB-DL'],
      ["La Zona d'Interesse", "La Zona d'Interesse - 2023 - ITA ENG 720p"],
      ["C'è ancora domani", "C'è ancora domani (2023) [BDRip 720p - ITA AC3]"],
      ['Avatar: La via dell’acqua', "Avatar - La Via dell'Acqua (2022)"],
    ]
    for (const [name, title] of cases) {
      const indexed = new Set(sqliteTokens(indexedTitle(title)))
      for (const term of [sonarrSearchTerm(name), radarrSearchTerm(name)]) {
        expect({ title, term, missing: queryTokens(term).filter((token) => !indexed.has(token)) }).toEqual({ title, term, missing: [] })
      }
    }
  })
})
