import { describe, expect, test } from 'bun:test'
import { renderFeed, renderItem, rfc1123 } from '../../../../runtime/torznab/feed.ts'
import { checkResults } from '../../../conformance/torznab-checker.ts'

describe('rfc1123', () => {
  test.each([
    [0, 'Thu, 01 Jan 1970 00:00:00 +0000'],
    [1426439442, 'Sun, 15 Mar 2015 17:10:42 +0000'],
    [951782400, 'Tue, 29 Feb 2000 00:00:00 +0000'],
    [1735689599, 'Tue, 31 Dec 2024 23:59:59 +0000'],
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
})

const item = {
  title: 'A & B <C> "D" \u0001\u000B ok',
  guid: 'abc',
  published: 1426439442,
  url: 'http://host/api?t=get&id=abc',
  size: null,
  attrs: [
    ['category', 5000],
    ['magneturl', 'magnet:?xt=urn:btih:abc&dn=A%20%26%20B'],
  ] as Array<[string, string | number]>,
}

describe('renderItem', () => {
  test('escapes markup, drops characters XML 1.0 forbids, and sends length 0 for an unknown size', () => {
    expect(renderItem(item)).toBe(
      '<item><title>A &amp; B &lt;C&gt; &quot;D&quot;  ok</title><guid isPermaLink="false">abc</guid>' +
        '<link>http://host/api?t=get&amp;id=abc</link><pubDate>Sun, 15 Mar 2015 17:10:42 +0000</pubDate>' +
        '<enclosure url="http://host/api?t=get&amp;id=abc" length="0" type="application/x-bittorrent"/>' +
        '<torznab:attr name="category" value="5000"/><torznab:attr name="magneturl" value="magnet:?xt=urn:btih:abc&amp;dn=A%20%26%20B"/></item>',
    )
  })
})

describe('renderFeed', () => {
  test('one channel with the torznab namespace, offset and total', () => {
    const xml = renderFeed({ self: 'http://host/api', offset: 20, total: 21, items: [item] })
    expect(xml).toStartWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:torznab="http://torznab.com/schemas/2015/feed">')
    expect(xml).toContain('<torznab:response offset="20" total="21"/>')
    expect(checkResults(xml).filter((violation) => violation.severity === 'error')).toEqual([])
  })

  test('an empty feed is still a valid document', () => {
    expect(checkResults(renderFeed({ self: 'http://host/api', offset: 0, total: 0, items: [] }))).toEqual([])
  })
})
