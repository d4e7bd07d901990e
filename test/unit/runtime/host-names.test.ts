import { describe, expect, test } from 'bun:test'
import { isAllowedHost, parseHost } from '../../../runtime/host-names.ts'

describe('parseHost', () => {
  test('reads names, IPv4 and bracketed IPv6 with an optional port', () => {
    expect(parseHost('NAS.Local.:8000')).toEqual({ name: 'nas.local', port: 8000 })
    expect(parseHost('[::1]')).toEqual({ name: '::1', port: null })
    expect(parseHost('10.0.0.2:80')).toEqual({ name: '10.0.0.2', port: 80 })
  })
  test('refuses what a client must not send', () => {
    for (const value of [
      null,
      '',
      ' ',
      'a b',
      'a,b',
      'x:0',
      'x:65536',
      '[zz]',
      '::1',
      'a/b',
      'u@h',
      '%41',
      'a..b',
      '.a',
      'x'.repeat(400),
    ]) {
      expect({ value, parsed: parseHost(value) }).toEqual({ value, parsed: null })
    }
  })
})

describe('isAllowedHost', () => {
  test('home names pass without configuration; public names need ALLOWED_HOSTS or the indexer URL', () => {
    for (const name of ['192.168.1.2', '::1', 'localhost', 'app.localhost', 'nas', 'nas.local', 'x.lan', 'y.home.arpa', 'z.internal'])
      expect(isAllowedHost(name, [], '')).toBe(true)
    expect(isAllowedHost('evil.example', [], '')).toBe(false)
    expect(isAllowedHost('local.evil.example', [], '')).toBe(false)
    expect(isAllowedHost('icvdb.example.com', ['icvdb.example.com'], '')).toBe(true)
    expect(isAllowedHost('a.example.com', ['.example.com'], '')).toBe(true)
    expect(isAllowedHost('example.com', ['.example.com'], '')).toBe(true)
    expect(isAllowedHost('badexample.com', ['.example.com'], '')).toBe(false)
    expect(isAllowedHost('anything.example', ['*'], '')).toBe(true)
    expect(isAllowedHost('icvdb.example.org', [], 'http://ICVDB.example.org:8000/api')).toBe(true)
  })
})
