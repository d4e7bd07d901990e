/**
 * The request history: every /api request as a short record in a bounded ring (RING_SIZE entries,
 * newest first), for GET /webapi/requests and the metrics. Only allow-listed query parameters are
 * kept (never `apikey`, never a header), each cut short and redacted, so nothing secret is stored.
 * Observing never changes an answer: a fault while recording is swallowed.
 */
import { TorznabError } from '../torznab/errors.ts'
import { ClientCache } from './clients.ts'
import { feedFacts } from './feed-facts.ts'
import { RequestRing } from './request-ring.ts'
import type { RequestRecord, StoredRecord } from './request-record.ts'

export const DEFAULT_HISTORY_SIZE = 1000
/** Parameters worth keeping to understand a request; anything else (apikey, extended…) is dropped. */
const KEPT_PARAMS = ['q', 'cat', 'imdbid', 'tmdbid', 'tvdbid', 'season', 'ep', 'limit', 'offset', 'id'] as const
const MAX_VALUE = 200

/** What the /api handler tells about the answer it is building. */
export interface TorznabTrace {
  /** The rendered feed (string, or bytes from the answer cache). */
  feed: string | Uint8Array | null
  /** Set by the search pool when a feed job goes through the answer cache. */
  cacheHit: boolean | null
  /** The page asked for, as /api parsed it (the feed's item count follows from its total). */
  page: { limit: number; offset: number } | null
}

export interface RequestFilter {
  client?: string
  t?: string
  only?: 'empty' | 'errored' | 'problems'
  limit?: number
}

export interface RequestHistory {
  /** Runs the /api answer with a fresh trace and records what came of it. */
  observe<Answer>(request: Request, answer: (trace: TorznabTrace) => Promise<Answer>): Promise<Answer>
  list(filter?: RequestFilter): RequestRecord[]
  clear(): void
  readonly size: number
  readonly capacity: number
}

export interface HistoryOptions {
  capacity?: number
  /** Redacts a text as log lines are (the manager key and credential patterns). */
  redact: (text: string) => string
  /** Told of every record (the metrics). */
  onRecord?: (record: StoredRecord) => void
  now?: () => number
}

const NAMES = new Set<string>(['t', ...KEPT_PARAMS])

/** A query-string part decoded as URLSearchParams decodes it ('+' is a space); malformed escapes stay as sent. */
const decoded = (text: string): string => {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text
  if (!spaced.includes('%')) return spaced
  try {
    return decodeURIComponent(spaced)
  } catch {
    return spaced
  }
}

/**
 * `t` and the kept parameters of a request URL. A hand-written walk over the query string: only kept
 * names are decoded, where URLSearchParams decodes and allocates every pair (~1 µs a request, measured).
 */
const keptParams = (url: string, redact: (text: string) => string): { t: string; params: Record<string, string> } => {
  let t = 'search'
  const params: Record<string, string> = {}
  for (let start = url.indexOf('?') + 1; start > 0 && start < url.length; ) {
    const found = url.indexOf('&', start)
    const end = found === -1 ? url.length : found
    const equals = url.indexOf('=', start)
    const nameEnd = equals === -1 || equals > end ? end : equals
    let name = url.slice(start, nameEnd)
    if (!NAMES.has(name)) name = decoded(name).toLowerCase()
    if (NAMES.has(name) && nameEnd < end - 1) {
      const value = decoded(url.slice(nameEnd + 1, end))
      if (name === 't') t = value.slice(0, 16)
      else if (value !== '') params[name] = redact(value.slice(0, MAX_VALUE))
    }
    start = end + 1
  }
  return { t: redact(t), params }
}

export const isEmptyAnswer = (record: Pick<RequestRecord, 'count' | 'error_code'>): boolean =>
  record.count === 0 && record.error_code === null
const matches = (record: StoredRecord, filter: RequestFilter): boolean =>
  (!filter.client || record.client.toLowerCase() === filter.client.toLowerCase()) &&
  (!filter.t || record.t === filter.t) &&
  (filter.only === undefined ||
    (filter.only === 'empty' && isEmptyAnswer(record)) ||
    (filter.only === 'errored' && record.error_code !== null) ||
    (filter.only === 'problems' && (isEmptyAnswer(record) || record.error_code !== null)))

export const createRequestHistory = (options: HistoryOptions): RequestHistory => {
  const ring = new RequestRing(options.capacity ?? DEFAULT_HISTORY_SIZE)
  const now = options.now ?? (() => Date.now())
  let nextId = 0
  const clients = new ClientCache()

  const record = (request: Request, started: number, trace: TorznabTrace, error: unknown): void => {
    try {
      const { t, params } = keptParams(request.url, options.redact)
      const client = clients.of(request.headers.get('user-agent'))
      const facts = trace.feed !== null && trace.page !== null && error === undefined ? feedFacts(trace.feed, trace.page) : null
      const entry: StoredRecord = {
        id: ++nextId,
        at: now(),
        client: client.name,
        client_version: client.version,
        t,
        params,
        count: facts?.count ?? null,
        total: facts?.total ?? null,
        duration_ms: Math.round((performance.now() - started) * 100) / 100,
        cache_hit: trace.cacheHit,
        error_code: error === undefined ? null : error instanceof TorznabError ? error.code : 900,
      }
      ring.push(entry, client)
      options.onRecord?.(entry)
    } catch {
      // Diagnostics must never cost the client its answer.
    }
  }

  return {
    async observe(request, answer) {
      const started = performance.now()
      const trace: TorznabTrace = { feed: null, cacheHit: null, page: null }
      try {
        const result = await answer(trace)
        record(request, started, trace, undefined)
        return result
      } catch (error) {
        record(request, started, trace, error)
        throw error
      }
    },
    list: (filter = {}) =>
      ring
        .newestFirst((entry) => matches(entry, filter), filter.limit)
        .map(({ at, ...entry }) => ({ ...entry, time: new Date(at).toISOString() })),
    clear: () => ring.clear(),
    get size() {
      return ring.size
    },
    get capacity() {
      return ring.capacity
    },
  }
}
