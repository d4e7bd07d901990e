import { describe, expect, test } from 'bun:test'
import { releaseName, releaseNameKey } from '../../../../runtime/search/release-name.ts'

describe('releaseNameKey: the name a title starts with, as the id crosswalk compares it', () => {
  test.each([
    ['The.Dark.River.2014.1080p.BluRay.x264-GRP', 'movie', 'm thedarkriver 2014'],
    ['Il Commissario Nero (2003) [ITA] [1080p]', 'movie', 'm ilcommissarionero 2003'],
    ['IL_COMMISSARIO_NERO_2003_MULTI', 'movie', 'm ilcommissarionero 2003'],
    ['Blade.Runner.2049.2017.ITA.ENG.2160p', 'movie', 'm bladerunner2049 2017'],
    ['1917.2019.ITA.1080p', 'movie', 'm 1917 2019'],
    ['Fantozzi - Collezione Completa (10 film)', 'movie', null],
    ['Dark.Rivers.S02E05.ITA.1080p.WEB-DL-GRP', 'series', 's darkrivers'],
    ['Dark Rivers S01.Ep.05 ITA', 'series', 's darkrivers'],
    ['Dark.Rivers.Stagione.1.Ep.6-11.ITA', 'series', 's darkrivers'],
    ['Dark.Rivers.2014.S01E01', 'series', 's darkrivers'],
    ['La Stagione Nera - Stagione 2 Completa [ITA]', 'series', 's lastagionenera'],
    ['La.Stagione.Nera.Serie-Completa.ITA', 'series', 's lastagionenera'],
    ['Dark.River.The.Complete.Series.1080p', 'series', 's darkriver'],
    ['[SubsPlease] Shingeki Kyojin - 05 [1080p]', 'anime', 's shingekikyojin'],
    ["L'Isola Nascosta 2x05 ITA", 'series', 's lisolanascosta'],
    ['LIsola_Nascosta_S02E05_ITA', 'series', 's lisolanascosta'],
    ['Città di Palermo S01E01', 'series', 's cittadipalermo'],
    ['Citta.di.Palermo.Puntata.3', 'series', 's cittadipalermo'],
    ['Some.Show.S01E01.mkv', 'unknown', null],
  ])('%s (%s) → %p', (title, type, key) => {
    expect(releaseNameKey(title, type)).toBe(key)
  })

  test('a title that starts with no word of its own has no name', () => {
    expect(releaseName('[Group] ')).toBeNull()
    expect(releaseName('...')).toBeNull()
  })
})
