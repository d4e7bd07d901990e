/**
 * Torznab request parameters: names, the functions, what each search function honours (caps is built
 * from the same constants) and the parser. Names are case-insensitive, `+`/`%20` are spaces, empty
 * values and unknown names are ignored, and a bad value is error 201 naming the parameter.
 */
import * as v from 'valibot'
import { TorznabError } from './errors.ts'

export const PARAM = {
  t: 't',
  q: 'q',
  cat: 'cat',
  imdbid: 'imdbid',
  tmdbid: 'tmdbid',
  season: 'season',
  ep: 'ep',
  limit: 'limit',
  offset: 'offset',
  id: 'id',
} as const

const FUNCTIONS = ['caps', 'search', 'tvsearch', 'movie', 'get'] as const
type TorznabFunction = (typeof FUNCTIONS)[number]
export type SearchFunction = 'search' | 'tvsearch' | 'movie'

/**
 * Every identifier a Torznab client may send (torznab-clients.md §B.1): a search carrying only ones
 * its function does not honour is answered with an empty result (toSearchQuery), never a wider one.
 */
const ID_PARAMS = ['imdbid', 'tmdbid', 'tvdbid', 'rid', 'tvmazeid', 'traktid', 'doubanid'] as const

/** What each search function really honours: caps advertises exactly this (lower case, no spaces). */
export const SUPPORTED_PARAMS: Record<SearchFunction, readonly string[]> = {
  search: [PARAM.q],
  tvsearch: [PARAM.q, PARAM.season, PARAM.ep, PARAM.imdbid],
  movie: [PARAM.q, PARAM.imdbid, PARAM.tmdbid],
}

export const LIMITS = { default: 100, max: 200 } as const
export const MAX_QUERY_LENGTH = 1024

/** `ep`: an episode number, or a daily show's MM/DD (Sonarr sends season=YYYY&ep=MM/DD). */
type Episode = { number: number } | { month: number; day: number }

export interface TorznabRequest {
  t: TorznabFunction
  q: string | null
  cat: number[] | null
  imdbid: number | null
  tmdbid: number | null
  season: number | null
  ep: Episode | null
  limit: number
  offset: number
  id: string | null
  /** The names of the ID_PARAMS the request carries with a value, honoured or not. */
  ids: string[]
}

const digits = (max: number) => v.pipe(v.string(), v.regex(new RegExp(`^\\d{1,${max}}$`)), v.transform(Number))

const SCHEMAS = {
  q: v.pipe(v.string(), v.maxLength(MAX_QUERY_LENGTH)),
  // Newznab/Torznab ids come with or without "tt" and zero padding: both are the same number.
  imdbid: v.pipe(
    v.string(),
    v.regex(/^(?:tt)?\d{1,12}$/i),
    v.transform((id) => Number(id.replace(/^tt/i, ''))),
  ),
  tmdbid: digits(12),
  season: digits(4),
  ep: v.union([
    v.pipe(
      digits(4),
      v.transform((number): Episode => ({ number })),
    ),
    v.pipe(
      v.string(),
      v.regex(/^(0?[1-9]|1[0-2])\/(0?[1-9]|[12]\d|3[01])$/),
      v.transform((text): Episode => ({ month: Number(text.split('/')[0]), day: Number(text.split('/')[1]) })),
    ),
  ]),
  cat: v.pipe(
    v.string(),
    v.transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    ),
    v.check((parts) => parts.every((part) => /^\d{1,9}$/.test(part))),
    v.transform((parts) => parts.map(Number)),
  ),
  // Larger limits are clamped, not refused (Torznab: SHOULD clamp to the caps maximum).
  limit: v.pipe(
    digits(30),
    v.transform((limit) => Math.min(limit, LIMITS.max)),
  ),
  offset: v.pipe(
    digits(15),
    v.check((offset: number) => Number.isSafeInteger(offset)),
  ),
  id: v.pipe(v.string(), v.maxLength(128)),
}

type ParsedName = keyof typeof SCHEMAS

/** Lower-cased names, decoded values, empty values dropped; the last value of a repeated name wins. */
const normalise = (search: URLSearchParams): Map<string, string> => {
  const values = new Map<string, string>()
  for (const [name, value] of search) {
    const trimmed = value.trim()
    if (trimmed !== '') values.set(name.toLowerCase(), trimmed)
  }
  return values
}

const parseValue = <K extends ParsedName>(values: Map<string, string>, name: K): v.InferOutput<(typeof SCHEMAS)[K]> | null => {
  const raw = values.get(name)
  if (raw === undefined) return null
  const result = v.safeParse(SCHEMAS[name], raw)
  if (!result.success) throw new TorznabError(201, `Incorrect parameter: ${name}`)
  return result.output as v.InferOutput<(typeof SCHEMAS)[K]>
}

const parseFunction = (values: Map<string, string>): TorznabFunction => {
  const t = (values.get(PARAM.t) ?? 'search').toLowerCase()
  if (!(FUNCTIONS as readonly string[]).includes(t)) throw new TorznabError(202, 'No such function')
  return t as TorznabFunction
}

const EMPTY: TorznabRequest = {
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
  ids: [],
}

export const parseTorznabParams = (search: URLSearchParams): TorznabRequest => {
  const values = normalise(search)
  const t = parseFunction(values)
  // Caps always answers: the other parameters mean nothing to it, so a stray bad one is no error.
  if (t === 'caps') return { ...EMPTY, t }
  const cat = parseValue(values, 'cat')
  return {
    t,
    q: parseValue(values, 'q'),
    cat: cat && cat.length > 0 ? cat : null,
    imdbid: parseValue(values, 'imdbid'),
    tmdbid: parseValue(values, 'tmdbid'),
    season: parseValue(values, 'season'),
    ep: parseValue(values, 'ep'),
    limit: parseValue(values, 'limit') ?? LIMITS.default,
    offset: parseValue(values, 'offset') ?? 0,
    id: parseValue(values, 'id'),
    ids: ID_PARAMS.filter((name) => values.has(name)),
  }
}
