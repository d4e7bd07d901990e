import { describe, expect, test } from 'bun:test'
import { renderFeed, rfc1123 } from '../../../../runtime/torznab/feed.ts'
import { checkResults } from '../../../conformance/torznab-checker.ts'

describe('rfc1123', () => {
  test.each([
    [0, 'Thu, 01 Jan 1970 00:00:00 +0000'],
    [1426439442, 'Sun, 15 Mar 2015 17:10:42 +0000'],
    [951782400, 'Tue, 29 Feb 2000 00:00:00 +0000'],
    [1735689599, 'Tue, 31 Dec 2024 23:59:59 +0000'],
    [-1, 'Wed, 31 Dec 1969 23:59:59 +0000'],
    [1426439442.999, 'Sun, 15 Mar 2015 17:10:42 +0000'],
    [-0.0004, 'Thu, 01 Jan 1970 00:00:00 +0000'],
    [4107542400, 'Mon, 01 Mar 2100 00:00:00 +0000'],
  ])('%p → %p', (seconds, text) => {
    expect(rfc1123(seconds)).toBe(text)
  })

  test('the weekday is always the weekday of the UTC date', () => {
    const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
    for (let seconds = 1_230_000_000; seconds < 1_760_000_000; seconds += 7_777_777) {
      const text = rfc1123(seconds)
      expect(text.slice(0, 3)).toBe(days[new Date(seconds * 1000).getUTCDay()])
      expect(Date.parse(text)).toBe(seconds * 1000)
    }
  })

  test("Date's own reading of any time from year 1000 to 9999, to the second", () => {
    const utc = (seconds: number) => new Date(seconds * 1000).toUTCString().replace('GMT', '+0000')
    for (let seconds = -30_610_224_000; seconds < 253_402_300_800; seconds += 86_399_987.3) expect(rfc1123(seconds)).toBe(utc(seconds))
  })
})

const item = '<item><title>A</title></item>'

describe('renderFeed', () => {
  test('one channel with the torznab namespace, offset and total, each item on its own line', () => {
    const xml = renderFeed({ self: 'http://host/api?a&b', offset: 20, total: 21, items: [item, item] })
    expect(xml).toStartWith(
      '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:torznab="http://torznab.com/schemas/2015/feed">\n<channel>\n',
    )
    expect(xml).toContain('<atom:link href="http://host/api?a&amp;b" rel="self" type="application/rss+xml"/>\n')
    expect(xml).toContain(`<torznab:response offset="20" total="21"/>\n${item}\n${item}\n</channel>\n</rss>\n`)
  })

  test('an empty feed is still a valid document', () => {
    expect(checkResults(renderFeed({ self: 'http://host/api', offset: 0, total: 0, items: [] }))).toEqual([])
  })
})
