import { describe, expect, test } from 'bun:test'
import { buildCaps } from '../../../../runtime/torznab/caps.ts'
import { CATEGORY_IDS } from '../../../../runtime/torznab/categories.ts'
import { checkCaps } from '../../../conformance/torznab-checker.ts'

describe('buildCaps', () => {
  const xml = buildCaps('1.2.3')

  test('is exactly the advertised document', () => {
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<caps>',
        '<server version="1.2.3" title="ICVDB Indexer"/>',
        '<limits default="100" max="200"/>',
        '<searching>',
        '<search available="yes" supportedParams="q"/>',
        '<tv-search available="yes" supportedParams="q,season,ep,imdbid"/>',
        '<movie-search available="yes" supportedParams="q,imdbid,tmdbid"/>',
        '<music-search available="no" supportedParams="q"/>',
        '<audio-search available="no" supportedParams="q"/>',
        '<book-search available="no" supportedParams="q"/>',
        '</searching>',
        '<categories><category id="2000" name="Movies"><subcat id="2030" name="Movies/SD"/><subcat id="2040" name="Movies/HD"/><subcat id="2045" name="Movies/UHD"/></category>' +
          '<category id="5000" name="TV"><subcat id="5030" name="TV/SD"/><subcat id="5040" name="TV/HD"/><subcat id="5045" name="TV/UHD"/><subcat id="5070" name="TV/Anime"/></category></categories>',
        '</caps>',
        '',
      ].join('\n'),
    )
  })

  test('passes the checker with the *arr requirements, declaring every category id', () => {
    const { caps, violations } = checkCaps(xml, { forArrApps: true })
    expect(violations).toEqual([])
    expect([...(caps?.categories ?? [])].map(Number).sort()).toEqual([...CATEGORY_IDS].sort())
  })

  test('escapes the version', () => {
    expect(buildCaps('1"<&')).toContain('version="1&quot;&lt;&amp;"')
  })
})
