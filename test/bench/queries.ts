/**
 * The benchmark query mix, drawn from a generated dump's ground truth: per query kind the Torznab
 * request and the predecessor's SQL for the same question (reference-search.md §3, verbatim WHERE
 * clauses, ORDER BY seeders DESC NULLS LAST, LIMIT/OFFSET bound like the original).
 */
import { Random } from './random.ts'
import type { GroundTruth } from './truth.ts'

const SINGLE_KINDS = ['rss', 'title', 'movie_id', 'episode', 'season', 'deep_paging'] as const
type SingleKind = (typeof SINGLE_KINDS)[number]
/**
 * `mixed` takes the six kinds in turn: one throughput figure for a whole workload, the form of the
 * issue's predecessor figure (~84 queries/s with 8 connections), where slow kinds weigh what they cost.
 */
export const QUERY_KINDS = [...SINGLE_KINDS, 'mixed'] as const
export type QueryKind = (typeof QUERY_KINDS)[number]

export interface BenchQuery {
  /** Path and query string of the Torznab request. */
  torznab: string
  /** The predecessor's statement and its bound parameters. */
  sql: string
  params: (string | number)[]
}

export const LIMIT = 100
export const DEEP_OFFSET = 1000

// Terms common enough to have well over 1,100 matches at 1M torrents (deep paging needs them).
const DEEP_TERMS = ['1080p', '720p', 'x264', 'x265', 'BluRay', 'WEB-DL', 'HDTV', 'AC3', 'ITA', 'ENG']

const SELECT = 'SELECT title, size, seeders, provider, upload_date, info_hash, type FROM torrents WHERE'
const PAGE = 'ORDER BY seeders DESC NULLS LAST LIMIT $LIMIT OFFSET $OFFSET'

/** Numbers the placeholders in order, so `$LIMIT`/`$OFFSET` follow the WHERE parameters. */
const statement = (where: string, params: (string | number)[], offset: number): Pick<BenchQuery, 'sql' | 'params'> => {
  let n = params.length
  const sql = `${SELECT} ${where} ${PAGE}`.replace('$LIMIT', `$${++n}`).replace('$OFFSET', `$${++n}`)
  return { sql, params: [...params, LIMIT, offset] }
}

const api = (params: Record<string, string | number>): string =>
  `/api?${Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&')}`

const pad2 = (n: number): string => String(n).padStart(2, '0')

const build: Record<SingleKind, (truth: GroundTruth, random: Random) => BenchQuery> = {
  // No query: Prowlarr's test and *arr RSS sync. The predecessor browses by seeders (§3.1 generic_browse).
  rss: () => ({ torznab: api({ t: 'search', limit: LIMIT }), ...statement('size IS NOT NULL', [], 0) }),
  title: (truth, random) => {
    const name = random.chance(0.5) ? random.pick(truth.shows).name : random.pick(truth.movies).name
    return { torznab: api({ t: 'search', q: name, limit: LIMIT }), ...statement('title ILIKE $1', [`%${name}%`], 0) }
  },
  movie_id: (truth, random) => {
    const { imdb } = random.pick(truth.movies)
    return { torznab: api({ t: 'movie', imdbid: imdb, limit: LIMIT }), ...statement(`type = 'movie' AND imdb_id = $1`, [imdb], 0) }
  },
  episode: (truth, random) => {
    const [imdb, season, episode] = random.pick(Object.keys(truth.episodes)).split('/')
    return {
      torznab: api({ t: 'tvsearch', imdbid: imdb, season, ep: episode, limit: LIMIT }),
      ...statement(
        `type IN ('series','anime') AND imdb_id = $1 AND imdb_season = $2 AND imdb_episode = $3`,
        [imdb, Number(season), Number(episode)],
        0,
      ),
    }
  },
  season: (truth, random) => {
    const show = random.pick(truth.shows)
    const season = random.between(1, show.episodes.length)
    return {
      torznab: api({ t: 'tvsearch', imdbid: show.imdb, season, limit: LIMIT }),
      ...statement(
        `type IN ('series','anime') AND imdb_id = $1 AND (imdb_season = $2 OR (imdb_season IS NULL AND (title ILIKE $3 OR title ILIKE $4)))`,
        [show.imdb, season, `%S${pad2(season)}%`, `%Season ${season}%`],
        0,
      ),
    }
  },
  deep_paging: (_truth, random) => {
    const term = random.pick(DEEP_TERMS)
    return {
      torznab: api({ t: 'search', q: term, limit: LIMIT, offset: DEEP_OFFSET }),
      ...statement('title ILIKE $1', [`%${term}%`], DEEP_OFFSET),
    }
  },
}

/** `count` queries per kind, the same for every run with the same truth and seed. */
export const buildQueries = (truth: GroundTruth, count: number, seed = 'bench'): Record<QueryKind, BenchQuery[]> => {
  const result = {} as Record<QueryKind, BenchQuery[]>
  for (const kind of SINGLE_KINDS) {
    const random = new Random(`${seed}/${kind}`)
    result[kind] = Array.from({ length: count }, () => build[kind](truth, random))
  }
  // Drawn afresh (own seeds), so the mixed pass mostly asks what the per-kind passes did not.
  const mixed = SINGLE_KINDS.map((kind) => new Random(`${seed}/mixed/${kind}`))
  result.mixed = Array.from({ length: count }, (_, i) =>
    build[SINGLE_KINDS[i % SINGLE_KINDS.length]](truth, mixed[i % SINGLE_KINDS.length]),
  )
  return result
}
