import { describe, expect, test } from 'bun:test'
import { TorznabError } from '../../../../runtime/torznab/errors.ts'
import { LIMITS, MAX_QUERY_LENGTH, parseTorznabParams, SUPPORTED_PARAMS } from '../../../../runtime/torznab/params.ts'

const parse = (query: string) => parseTorznabParams(new URLSearchParams(query))

const error = (query: string): TorznabError => {
  try {
    parse(query)
  } catch (thrown) {
    if (thrown instanceof TorznabError) return thrown
    throw thrown
  }
  throw new Error(`no error for ${query}`)
}

describe('functions', () => {
  test.each([
    ['t=caps', 'caps'],
    ['t=search', 'search'],
    ['', 'search'],
    ['t=', 'search'],
    ['t=tvsearch', 'tvsearch'],
    ['T=TVSearch', 'tvsearch'],
    ['t=movie', 'movie'],
    ['t=get&id=abc', 'get'],
  ])('%p → %p', (query, t) => {
    expect(parse(query).t as string).toBe(t)
  })

  test.each(['t=music', 't=book', 't=details', 't=tv-search', 't=register'])('%p is error 202 No such function', (query) => {
    expect(error(query)).toMatchObject({ code: 202, message: 'No such function' })
  })
})

describe('values', () => {
  test('names are case-insensitive; + and %20 are spaces; values are trimmed', () => {
    expect(parse('Q=breaking+bad&LIMIT=5').q).toBe('breaking bad')
    expect(parse('q=breaking%20bad%20').q).toBe('breaking bad')
  })

  test('empty values and unknown names are ignored', () => {
    expect(parse('t=search&q=&cat=&limit=&offset=&minsize=&maxage=x&extended=1&attrs=a,b&apikey=K&tvdbid=1&rid=2')).toEqual({
      t: 'search',
      q: null,
      cat: null,
      imdbid: null,
      tmdbid: null,
      season: null,
      ep: null,
      limit: LIMITS.default,
      offset: 0,
      id: null,
      ids: ['tvdbid', 'rid'],
    })
  })

  test.each([
    ['imdbid=tt0111161', 111161],
    ['imdbid=0111161', 111161],
    ['imdbid=111161', 111161],
    ['imdbid=TT0111161', 111161],
    ['imdbid=tt15239678', 15239678],
  ])('%p → imdb %p', (query, imdb) => {
    expect(parse(`t=movie&${query}`).imdbid).toBe(imdb)
  })

  test('season=00 is season 0; ep is an episode number or a daily MM/DD', () => {
    expect(parse('t=tvsearch&season=00&ep=05')).toMatchObject({ season: 0, ep: { number: 5 } })
    expect(parse('t=tvsearch&season=2024&ep=05/23')).toMatchObject({ season: 2024, ep: { month: 5, day: 23 } })
    expect(parse('t=tvsearch&season=2024&ep=05%2F23')).toMatchObject({ ep: { month: 5, day: 23 } })
  })

  test('cat is a comma list of numbers (spaces and empty items tolerated)', () => {
    expect(parse('cat=5030,5040').cat).toEqual([5030, 5040])
    expect(parse('cat=2000, 2040,,').cat).toEqual([2000, 2040])
    expect(parse('cat=,').cat).toBeNull()
  })

  test('limit defaults to 100 and is clamped to 200; offset defaults to 0', () => {
    expect(parse('').limit).toBe(100)
    expect(parse('limit=50').limit).toBe(50)
    expect(parse('limit=0').limit).toBe(0)
    expect(parse('limit=500').limit).toBe(LIMITS.max)
    expect(parse('limit=99999999999999999999999').limit).toBe(LIMITS.max)
    expect(parse('offset=1000').offset).toBe(1000)
  })

  test('the last of a repeated parameter wins', () => {
    expect(parse('q=a&q=b').q).toBe('b')
  })

  test('caps ignores every other parameter, even a bad one', () => {
    expect(parse('t=caps&limit=abc&imdbid=x').t).toBe('caps')
  })
})

describe('bad values are error 201 naming the parameter', () => {
  test.each([
    ['limit=abc', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1.5', 'limit'],
    ['offset=-5', 'offset'],
    ['offset=1e3', 'offset'],
    ['offset=99999999999999999', 'offset'],
    ['imdbid=abc', 'imdbid'],
    ['imdbid=tt', 'imdbid'],
    ['imdbid=tt12x', 'imdbid'],
    ['tmdbid=12a', 'tmdbid'],
    ['season=S01', 'season'],
    ['season=-1', 'season'],
    ['ep=E05', 'ep'],
    ['ep=13/40', 'ep'],
    ['cat=2000,abc', 'cat'],
    ['cat=-2000', 'cat'],
  ])('%p', (query, name) => {
    expect(error(`t=tvsearch&${query}`)).toMatchObject({ code: 201, message: `Incorrect parameter: ${name}` })
  })

  test('a q longer than the bound', () => {
    expect(parse(`q=${'x'.repeat(MAX_QUERY_LENGTH)}`).q).toHaveLength(MAX_QUERY_LENGTH)
    expect(error(`q=${'x'.repeat(MAX_QUERY_LENGTH + 1)}`)).toMatchObject({ code: 201, message: 'Incorrect parameter: q' })
  })
})

describe('SUPPORTED_PARAMS', () => {
  test('lower case, no spaces, only what search honours', () => {
    expect(SUPPORTED_PARAMS).toEqual({ search: ['q'], tvsearch: ['q', 'season', 'ep', 'imdbid'], movie: ['q', 'imdbid', 'tmdbid'] })
  })
})
