import { describe, expect, test } from 'bun:test'
import { linksFor } from '../../../../runtime/torznab/links.ts'

const base = (url: string, headers: Record<string, string> = {}) => linksFor(new Request(url, { headers }), []).base

describe('linksFor', () => {
  test('the request origin by default', () => {
    expect(base('http://192.168.1.5:8000/api?t=search')).toBe('http://192.168.1.5:8000')
  })

  test('a reverse proxy: the first forwarded proto, host and prefix', () => {
    const headers = {
      'x-forwarded-proto': 'https, http',
      'x-forwarded-host': 'idx.example.org, internal:8000',
      'x-forwarded-prefix': '/icvdb/',
    }
    expect(base('http://127.0.0.1:8000/api', headers)).toBe('https://idx.example.org/icvdb')
  })

  test.each([
    ['x-forwarded-proto', 'javascript'],
    ['x-forwarded-host', 'evil.example/path'],
    ['x-forwarded-host', 'a"b'],
    ['x-forwarded-prefix', '../x'],
    ['x-forwarded-prefix', '/a?b'],
  ])('an ill-formed %s (%p) is ignored', (name, value) => {
    expect(base('http://127.0.0.1:8000/api', { [name]: value })).toBe('http://127.0.0.1:8000')
  })

  test('an IPv6 forwarded host with a port', () => {
    expect(base('http://127.0.0.1:8000/api', { 'x-forwarded-host': '[::1]:9000' })).toBe('http://[::1]:9000')
  })
})
