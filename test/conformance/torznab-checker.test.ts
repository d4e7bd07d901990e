/**
 * The checker itself: it accepts Prowlarr's own test fixtures and rejects a deliberately broken
 * document for every rule.
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { checkCaps, checkResults, readError, type Violation } from './torznab-checker.ts'
import { parsePubDate } from './xml-document.ts'

const PROWLARR = join(import.meta.dir, '..', 'fixtures', 'prowlarr')
const fixture = (name: string) => readFileSync(join(PROWLARR, name), 'utf8')
const errors = (violations: Violation[]) => violations.filter((violation) => violation.severity === 'error')
const rules = (violations: Violation[]) => [...new Set(violations.map((violation) => violation.rule))]

describe("Prowlarr's own fixtures", () => {
  test.each(['newznab_caps.xml', 'torznab_animetosho_caps.xml'])('caps %s is accepted', (name) => {
    const { caps, violations } = checkCaps(fixture(name))
    expect(errors(violations)).toEqual([])
    expect(caps?.categories.size).toBeGreaterThan(0)
  })

  test('a caps BOM is only a warning (Prowlarr parses the decoded text)', () => {
    expect(rules(checkCaps(fixture('torznab_animetosho_caps.xml')).violations)).toEqual(['xml.no-bom'])
  })

  test.each(['torznab_animetosho.xml', 'torznab_hdaccess_net.xml', 'torznab_morethantv.xml', 'torznab_tpb.xml'])(
    'results %s are accepted (BOM stripped)',
    (name) => {
      expect(errors(checkResults(fixture(name)))).toEqual([])
    },
  )

  test('unauthorized.xml is read as error 100 and rejected as a result page', () => {
    expect(readError(fixture('unauthorized.xml'))).toEqual({ code: '100', description: 'Incorrect user credentials' })
    expect(rules(errors(checkResults(fixture('unauthorized.xml'))))).toContain('results.error')
  })
})

const GOOD_CAPS = `<?xml version="1.0" encoding="UTF-8"?>
<caps><limits default="100" max="200"/><searching><search available="yes" supportedParams="q"/><tv-search available="yes" supportedParams="q,season,ep,imdbid"/><movie-search available="yes" supportedParams="q,imdbid,tmdbid"/></searching><categories><category id="2000" name="Movies"><subcat id="2040" name="Movies/HD"/></category><category id="5000" name="TV"><subcat id="5040" name="TV/HD"/></category></categories></caps>`

const ITEM = `<item><title>Show.S01E01.1080p</title><guid isPermaLink="false">0123456789abcdef0123456789abcdef01234567</guid><pubDate>Sun, 15 Mar 2015 17:10:42 +0000</pubDate><enclosure url="http://idx/api?t=get&amp;id=1" length="100" type="application/x-bittorrent"/><torznab:attr name="category" value="5000"/><torznab:attr name="category" value="5040"/><torznab:attr name="size" value="100"/><torznab:attr name="seeders" value="3"/><torznab:attr name="peers" value="3"/><torznab:attr name="infohash" value="0123456789abcdef0123456789abcdef01234567"/><torznab:attr name="imdbid" value="tt0903747"/><torznab:attr name="downloadvolumefactor" value="0"/></item>`
const feed = (items: string, root = '<rss version="2.0" xmlns:torznab="http://torznab.com/schemas/2015/feed">') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${root}<channel><title>x</title>${items}</channel></rss>`
const GOOD_FEED = feed(ITEM)

describe('caps rules', () => {
  test('the reference caps pass, including the *arr requirements', () => {
    expect(checkCaps(GOOD_CAPS, { forArrApps: true }).violations).toEqual([])
  })

  test.each([
    ['xml.no-bom', `\uFEFF${GOOD_CAPS}`],
    ['xml.well-formed', GOOD_CAPS.replace('</caps>', '')],
    ['xml.characters', GOOD_CAPS.replace('name="Movies"', 'name="Mo\u0001vies"')],
    ['xml.entities', GOOD_CAPS.replace('name="Movies"', 'name="Movies&nbsp;"')],
    ['caps.root', GOOD_CAPS.replace('<caps>', '<rss><caps>').replace('</caps>', '</caps></rss>')],
    ['caps.error', GOOD_CAPS.replace('<limits', '<error code="100" description="x"/><limits')],
    ['caps.limits', GOOD_CAPS.replace('max="200"', 'max="lots"')],
    ['caps.limits-range', GOOD_CAPS.replace('default="100"', 'default="300"')],
    ['caps.available', GOOD_CAPS.replace('<search available="yes"', '<search available="Yes"')],
    ['caps.params-format', GOOD_CAPS.replace('q,season,ep,imdbid', 'q, season,ep,imdbId')],
    ['caps.params-known', GOOD_CAPS.replace('q,imdbid,tmdbid', 'q,imdbid,tmdbid,rottentomatoesid')],
    ['caps.category', GOOD_CAPS.replace('id="5040"', 'id="HD"')],
    ['caps.searchable', GOOD_CAPS.replace(/available="yes"/g, 'available="no"')],
    ['caps.sonarr', GOOD_CAPS.replace('q,season,ep,imdbid', 'q,imdbid')],
    ['caps.radarr', GOOD_CAPS.replace('<movie-search available="yes"', '<movie-search available="no"')],
    ['caps.sync-categories', GOOD_CAPS.replace(/id="2040"/, 'id="3040"').replace('id="2000"', 'id="3000"')],
    ['caps.limits-present', GOOD_CAPS.replace('<limits default="100" max="200"/>', '')],
  ])('%s', (rule, xml) => {
    expect(rules(checkCaps(xml, { forArrApps: true }).violations)).toContain(rule)
  })
})

describe('result rules', () => {
  test('the reference feed passes with caps, a limit and the *arr requirements', () => {
    const { caps } = checkCaps(GOOD_CAPS)
    expect(checkResults(GOOD_FEED, { caps: caps ?? undefined, limit: 1, forArrApps: true })).toEqual([])
  })

  test.each([
    ['xml.well-formed', GOOD_FEED.replace('</channel>', '')],
    ['xml.characters', GOOD_FEED.replace('Show.S01E01', 'Show.\u000BS01E01')],
    ['xml.entities', GOOD_FEED.replace('Show.S01E01', 'Show&eacute;.S01E01')],
    ['results.error', '<?xml version="1.0"?>\n<error code="201" description="Incorrect parameter: limit"/>'],
    ['results.root', feed(ITEM, '<rss version="2.0" xmlns="http://example.org/" xmlns:torznab="http://torznab.com/schemas/2015/feed">')],
    ['results.namespace', feed(ITEM, '<rss version="2.0">')],
    ['results.limit', feed(ITEM + ITEM.replaceAll('01234567<', '76543210<'))],
    ['item.title', GOOD_FEED.replace('<title>Show.S01E01.1080p</title>', '<title></title>')],
    ['item.pubdate-missing', GOOD_FEED.replace(/<pubDate>.*<\/pubDate>/, '')],
    ['item.pubdate', GOOD_FEED.replace('Sun, 15 Mar 2015', 'Mon, 15 Mar 2015')],
    ['item.enclosure', GOOD_FEED.replace(/<enclosure[^>]*\/>/, '')],
    ['item.enclosure-url', GOOD_FEED.replace('http://idx/api', '/api')],
    ['item.enclosure-type', GOOD_FEED.replace('application/x-bittorrent', 'application/x-nzb')],
    ['item.attr', GOOD_FEED.replace('<torznab:attr name="size" value="100"/>', '<torznab:attr name="size"/>')],
    ['item.integer', GOOD_FEED.replace('name="seeders" value="3"', 'name="seeders" value="3.5"')],
    ['item.imdbid', GOOD_FEED.replace('tt0903747', 'tt9')],
    ['item.category', GOOD_FEED.replace(/<torznab:attr name="category"[^>]*\/>/g, '')],
    ['item.category-declared', GOOD_FEED.replace(/value="50(00|40)"/g, 'value="7000"')],
    ['item.size', GOOD_FEED.replace('name="size" value="100"', 'name="size" value="1 GB"')],
    ['item.guid', GOOD_FEED.replace(/<guid[^>]*>[^<]*<\/guid>/, '')],
    ['item.infohash', GOOD_FEED.replace('name="infohash" value="0123456789abcdef', 'name="infohash" value="0123456789ABCDEF')],
    ['item.volumefactor', GOOD_FEED.replace('name="downloadvolumefactor" value="0"', 'name="downloadvolumefactor" value="free"')],
  ])('%s', (rule, xml) => {
    const { caps } = checkCaps(GOOD_CAPS)
    expect(rules(checkResults(xml, { caps: caps ?? undefined, limit: 1, forArrApps: true }))).toContain(rule)
  })
})

describe('pubDate parsing like .NET', () => {
  test.each([
    ['Sun, 15 Mar 2015 17:10:42 +0000', true],
    ['Sat, 14 Mar 2015 17:10:42 -0400', true],
    ['15 Mar 2015 17:10:42 GMT', true],
    ['Wed, 17 May 2017 20:36:06 EST', true],
    ['2015-03-15T17:10:42Z', true],
    ['Mon, 15 Mar 2015 17:10:42 +0000', false],
    ['Sun, 31 Feb 2015 17:10:42 +0000', false],
    ['yesterday', false],
  ])('%p → %p', (value, ok) => {
    expect(parsePubDate(value).ok).toBe(ok)
  })
})
