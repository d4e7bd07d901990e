import { describe, expect, test } from 'bun:test'
import { answerCacheBytesFromEnv, EnvError, parseOverrides, parseRuntimeEnv, searchWorkersFromEnv } from '../../../runtime/env.ts'
import { createLog } from '../../../runtime/log.ts'

describe('parseOverrides', () => {
  test('accepts the boolean spellings of product.md §3 in any case', () => {
    for (const word of ['true', 'TRUE', '1', 'yes', 'On']) expect(parseOverrides({ DB_AUTO_UPDATE: word }).enabled).toBe(true)
    for (const word of ['false', 'False', '0', 'no', 'OFF']) expect(parseOverrides({ DB_AUTO_UPDATE: word }).enabled).toBe(false)
  })

  const refused: Array<[Record<string, string>, string]> = [
    [{ DB_AUTO_UPDATE: 'sometimes' }, 'DB_AUTO_UPDATE must be true or false'],
    [{ DB_UPDATE_INTERVAL: '59' }, 'DB_UPDATE_INTERVAL must be an integer number of seconds from 60 to 604800'],
    [{ DB_UPDATE_INTERVAL: '1.5' }, 'DB_UPDATE_INTERVAL must be'],
    [{ DB_UPDATE_INTERVAL: 'daily' }, 'DB_UPDATE_INTERVAL must be'],
    [{ RESULT_PRESET: 'all' }, 'RESULT_PRESET must be one of unfiltered, italian_preferred, italian_only, custom'],
    [{ MANAGER_URL: 'prowlarr:9696' }, 'MANAGER_URL must be an absolute http(s) URL'],
    [{ MANAGER_INDEXER_URL: 'http://u:p@host/api' }, 'MANAGER_INDEXER_URL must be'],
    [{ MANAGER_API_KEY: 'k'.repeat(4097) }, 'MANAGER_API_KEY must be at most 4096 characters'],
  ]
  for (const [env, message] of refused) {
    test(`refuses ${JSON.stringify(env).slice(0, 50)} naming the variable`, () => {
      expect(() => parseOverrides(env)).toThrow(EnvError)
      expect(() => parseOverrides(env)).toThrow(message)
    })
  }

  test('treats empty variables as unset', () => {
    expect(parseOverrides({ MANAGER_API_KEY: '', DB_AUTO_UPDATE: ' ' })).toEqual({})
  })
})

describe('parseRuntimeEnv', () => {
  test('has the documented defaults and lets flags win over the environment', () => {
    const defaults = parseRuntimeEnv({})
    expect(defaults).toMatchObject({ dataDir: '/data', port: 8000, host: '0.0.0.0', startDelaySeconds: null, magnetTrackers: [] })
    const flagged = parseRuntimeEnv({ PORT: '9000', DATA_DIR: '/srv' }, { port: '9100', dataDir: '/x' })
    expect(flagged).toMatchObject({ port: 9100, dataDir: '/x' })
    expect(parseRuntimeEnv({ MAGNET_TRACKERS: 'udp://a:1/announce, udp://b:2/announce,' }).magnetTrackers).toEqual([
      'udp://a:1/announce',
      'udp://b:2/announce',
    ])
  })

  test('RELEASE_TITLES: normalised by default, original in any case, anything else stops start-up naming the variable', () => {
    expect(parseRuntimeEnv({}).releaseTitles).toBe('normalised')
    expect(parseRuntimeEnv({ RELEASE_TITLES: ' Original ' }).releaseTitles).toBe('original')
    expect(parseRuntimeEnv({ RELEASE_TITLES: 'normalised' }).releaseTitles).toBe('normalised')
    expect(parseRuntimeEnv({ RELEASE_TITLES: '' }).releaseTitles).toBe('normalised')
    expect(() => parseRuntimeEnv({ RELEASE_TITLES: 'raw' })).toThrow('RELEASE_TITLES must be one of normalised, original')
  })
})

test('REQUEST_HISTORY_SIZE defaults to 1,000, accepts 0 to 100000 and stops start-up on anything else', () => {
  expect(parseRuntimeEnv({}).requestHistorySize).toBe(1000)
  expect(parseRuntimeEnv({ REQUEST_HISTORY_SIZE: '0' }).requestHistorySize).toBe(0)
  expect(parseRuntimeEnv({ REQUEST_HISTORY_SIZE: ' 250 ' }).requestHistorySize).toBe(250)
  for (const bad of ['lots', '-1', '1.5', '100001']) {
    expect(() => parseRuntimeEnv({ REQUEST_HISTORY_SIZE: bad })).toThrow(
      'REQUEST_HISTORY_SIZE must be a number of requests from 0 to 100000',
    )
  }
})

describe('LOG_LEVEL and UPLOAD_MAX_BYTES', () => {
  test('LOG_LEVEL defaults to info, accepts the four levels in any case, and names what it accepts', () => {
    expect(parseRuntimeEnv({}).logLevel).toBe('info')
    expect(parseRuntimeEnv({ LOG_LEVEL: 'DEBUG' }).logLevel).toBe('debug')
    expect(parseRuntimeEnv({ LOG_LEVEL: ' warn ' }).logLevel).toBe('warn')
    expect(() => parseRuntimeEnv({ LOG_LEVEL: 'verbose' })).toThrow('LOG_LEVEL must be one of debug, info, warn, error')
  })

  test('UPLOAD_MAX_BYTES defaults to 16 GiB and must be a positive integer', () => {
    expect(parseRuntimeEnv({}).uploadMaxBytes).toBe(16 * 1024 ** 3)
    expect(parseRuntimeEnv({ UPLOAD_MAX_BYTES: '4096' }).uploadMaxBytes).toBe(4096)
    expect(() => parseRuntimeEnv({ UPLOAD_MAX_BYTES: '0' })).toThrow('UPLOAD_MAX_BYTES must be a positive number of bytes')
  })
})

describe('the log level', () => {
  test('lines below the level are not written; debug is off by default', () => {
    const lines: string[] = []
    const log = createLog({ sink: (line) => lines.push(line), level: 'info' })
    log.debug('hidden')
    log.info('shown')
    log.warn('also shown')
    expect(lines.map((line) => line.replace(/^\S+ \S+\s+/, ''))).toEqual(['shown', 'also shown'])
  })
})

describe('search variables', () => {
  test('SEARCH_WORKERS sets the pool size; unset or nonsense gives 2 workers on two cores or more', () => {
    const fallback = navigator.hardwareConcurrency >= 2 ? 2 : 0
    expect(searchWorkersFromEnv({})).toBe(fallback)
    expect(searchWorkersFromEnv({ SEARCH_WORKERS: '0' })).toBe(0)
    expect(searchWorkersFromEnv({ SEARCH_WORKERS: '3' })).toBe(3)
    expect(searchWorkersFromEnv({ SEARCH_WORKERS: 'many' })).toBe(fallback)
    expect(searchWorkersFromEnv({ SEARCH_WORKERS: '-1' })).toBe(fallback)
  })

  test('SEARCH_CACHE_MB sets the size; 0 turns it off; anything unreadable keeps the default', () => {
    expect(answerCacheBytesFromEnv({})).toBe(16 * 1024 * 1024)
    expect(answerCacheBytesFromEnv({ SEARCH_CACHE_MB: '0' })).toBe(0)
    expect(answerCacheBytesFromEnv({ SEARCH_CACHE_MB: '2.5' })).toBe(2.5 * 1024 * 1024)
    expect(answerCacheBytesFromEnv({ SEARCH_CACHE_MB: 'lots' })).toBe(16 * 1024 * 1024)
    expect(answerCacheBytesFromEnv({ SEARCH_CACHE_MB: '-1' })).toBe(16 * 1024 * 1024)
  })
})

describe('SNAPSHOT_RELEASE_URL and MAGNET_TRACKERS', () => {
  test('a release URL must be http(s): anything else would only fail every check as a "network error"', () => {
    expect(parseRuntimeEnv({ SNAPSHOT_RELEASE_URL: ' http://mirror.lan/releases/latest ' }).releaseUrl).toBe(
      'http://mirror.lan/releases/latest',
    )
    for (const bad of ['notaurl', 'ftp://example.org/x', 'file:///etc/passwd'])
      expect(() => parseRuntimeEnv({ SNAPSHOT_RELEASE_URL: bad })).toThrow('SNAPSHOT_RELEASE_URL must be an http(s) URL')
  })

  test('trackers must be announce URLs; the bad one is named', () => {
    expect(parseRuntimeEnv({ MAGNET_TRACKERS: 'udp://t.example:1337/announce, https://t.example/announce' }).magnetTrackers).toEqual([
      'udp://t.example:1337/announce',
      'https://t.example/announce',
    ])
    expect(() => parseRuntimeEnv({ MAGNET_TRACKERS: 'udp://ok:1/a, not a url' })).toThrow(
      'MAGNET_TRACKERS must be comma-separated tracker URLs (udp://, http(s)://, ws(s)://) (got "not a url")',
    )
  })
})
