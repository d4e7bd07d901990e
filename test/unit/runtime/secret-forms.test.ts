import { describe, expect, test } from 'bun:test'
import { holdsSecret } from '../../../runtime/secret-forms.ts'

const KEY = '5f1c0ffee0ddba11fa1afe1c0de00042'

describe('holdsSecret', () => {
  const held: Array<[string, string]> = [
    ['as is', `key ${KEY}`],
    ['in capitals', KEY.toUpperCase()],
    [
      'URL-encoded once and twice',
      encodeURIComponent(encodeURIComponent(`"${KEY}"`)).replace(/[0-9a-f]/g, (c) => `%${c.charCodeAt(0).toString(16)}`),
    ],
    ['base64 at any alignment', Buffer.from(`ab:${KEY}`).toString('base64')],
    ['base64url', Buffer.from(`:${KEY}?`).toString('base64url')],
    ['split by whitespace', `${KEY.slice(0, 7)} ${KEY.slice(7, 20)}\n${KEY.slice(20)}`],
    ['cut to its first 8 characters', `…${KEY.slice(0, 8)}`],
    ['an 8-character piece from the middle', `x${KEY.slice(11, 19)}x`],
    [
      'hex-encoded, at either alignment',
      `q=${Buffer.from(`x${KEY.slice(3, 14)}`)
        .toString('hex')
        .slice(1)}`,
    ],
    ['reversed', [...KEY.slice(4, 20)].reverse().join('')],
    ['reversed inside base64', Buffer.from([...KEY].reverse().join('')).toString('base64')],
    ['form-encoded with plus signs', `a=${KEY.slice(0, 5)}+${KEY.slice(5, 12)}`],
  ]
  for (const [name, text] of held) test(`finds the key ${name}`, () => expect(holdsSecret(text, [KEY])).toBe(true))

  test('ignores texts without 8 consecutive characters of the key, and empty secrets', () => {
    expect(holdsSecret(`${KEY.slice(0, 7)} and ${KEY.slice(20, 27)}`, [KEY])).toBe(false)
    expect(holdsSecret('Mare.Fuori.S04E01.ITA.1080p.WEB.h264 0123456 deadbeef', [KEY])).toBe(false)
    expect(holdsSecret('Manager returned HTTP 401', [KEY])).toBe(false)
    expect(holdsSecret('anything', [''])).toBe(false)
  })

  test('a text read before is judged again under a new key (verdicts are kept per key)', () => {
    const other = '0123456789abcdef0123456789abcdef'
    const text = `q=${KEY.slice(3, 15)}`
    expect(holdsSecret(text, [other])).toBe(false)
    expect(holdsSecret(text, [other])).toBe(false)
    expect(holdsSecret(text, [KEY])).toBe(true)
    expect(holdsSecret(text, [KEY])).toBe(true)
    expect(holdsSecret(text, [other, KEY])).toBe(true)
  })
})
