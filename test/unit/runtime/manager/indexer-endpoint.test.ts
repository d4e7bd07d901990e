import { describe, expect, test } from 'bun:test'
import { endpointKey, findInstalled, indexerEndpoint } from '../../../../runtime/manager/indexer-endpoint.ts'

const torznab = (name: string, baseUrl: unknown, apiPath?: unknown, implementation = 'Torznab') => ({
  id: 7,
  name,
  implementation,
  fields: [
    { name: 'baseUrl', value: baseUrl },
    ...(apiPath === undefined ? [] : [{ name: 'apiPath', value: apiPath }]),
    { name: 'apiKey', value: '' },
  ],
})

describe('indexerEndpoint', () => {
  test.each([
    ['http://icvdb:8000/api', 'http://icvdb:8000', '/api'],
    ['http://icvdb:8000/api/', 'http://icvdb:8000', '/api'],
    ['http://icvdb:8000', 'http://icvdb:8000', '/api'],
    ['http://icvdb:8000/', 'http://icvdb:8000', '/api'],
    ['https://nas.local/icvdb/api', 'https://nas.local', '/icvdb/api'],
    ['http://icvdb:8000/api?t=caps#x', 'http://icvdb:8000', '/api'],
    ['http://[2001:db8::1]:8000/api', 'http://[2001:db8::1]:8000', '/api'],
    ['HTTP://ICVDB:80/api', 'http://icvdb', '/api'],
  ])('%s → baseUrl %s, apiPath %s', (url, baseUrl, apiPath) => {
    expect(indexerEndpoint(url)).toEqual({ baseUrl, apiPath })
  })
})

describe('endpointKey', () => {
  test('joins like Prowlarr and ignores trailing slashes, query, fragment, host case and default ports', () => {
    const key = 'http://icvdb:8000/api'
    expect(endpointKey('http://icvdb:8000', '/api')).toBe(key)
    expect(endpointKey('http://icvdb:8000/', '/api/')).toBe(key)
    expect(endpointKey('http://ICVDB:8000/', 'api')).toBe(key)
    expect(endpointKey('http://icvdb:8000/api', '')).toBe(key)
    expect(endpointKey('http://icvdb:8000', '/api?t=caps#frag')).toBe(key)
    expect(endpointKey('https://nas:443/icvdb', '/api')).toBe('https://nas/icvdb/api')
  })

  test('is null for what does not parse as an HTTP URL', () => {
    expect(endpointKey('', '/api')).toBeNull()
    expect(endpointKey('not a url', '/api')).toBeNull()
    expect(endpointKey('ftp://host', '/api')).toBeNull()
  })
})

describe('findInstalled', () => {
  const endpoint = indexerEndpoint('http://icvdb:8000/api')

  test('finds an indexer the user renamed, by its endpoint', () => {
    expect(findInstalled([torznab('Italian torrents', 'http://icvdb:8000/', '/api')], endpoint)?.name).toBe('Italian torrents')
  })

  test('takes a missing apiPath as Prowlarr default /api', () => {
    expect(findInstalled([torznab('x', 'http://icvdb:8000')], endpoint)).toBeDefined()
  })

  test('ignores other endpoints, other implementations and malformed entries', () => {
    const others = [
      torznab('ICVDB', 'http://icvdb:8001', '/api'),
      torznab('ICVDB', 'http://icvdb:8000', '/api/v2'),
      torznab('ICVDB', 'http://icvdb:8000', '/api', 'Newznab'),
      torznab('ICVDB', null, '/api'),
      { name: 'no fields', implementation: 'Torznab' },
      'not an object',
      null,
    ]
    expect(findInstalled(others, endpoint)).toBeUndefined()
  })
})
