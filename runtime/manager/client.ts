/**
 * The one HTTP client for the manager (Prowlarr API v1): key header, timeouts, response-size caps
 * and JSON decoding, each failure turned into a typed ManagerError (product.md §5).
 */
import { ofetch } from 'ofetch'
import { ManagerError } from './manager-error.ts'
import { readCapped } from '../capped-body.ts'

const MIB = 1024 * 1024
export const RESPONSE_LIMIT_BYTES = MIB
// A real schema is about 6 MiB: one entry per indexer definition Prowlarr knows.
export const SCHEMA_LIMIT_BYTES = 16 * MIB
export const SCHEMA_PATH = '/api/v1/indexer/schema'
// Prowlarr fetches our caps and a search before it answers these two.
const SLOW_POSTS = new Set(['/api/v1/indexer/test', '/api/v1/indexer'])

export interface ManagerTimeouts {
  standardMs: number
  slowMs: number
}

export const DEFAULT_TIMEOUTS: ManagerTimeouts = { standardMs: 10_000, slowMs: 30_000 }

export interface ManagerClientOptions {
  /** The manager's base URL; a reverse-proxy sub-path is kept, query and fragment are not. */
  url: string
  apiKey: string
  timeouts?: ManagerTimeouts
}

export interface ManagerClient {
  get(path: string): Promise<unknown>
  /** A 2xx answer with an empty body resolves to undefined (Prowlarr's test answers `{}` or nothing). */
  post(path: string, body: unknown): Promise<unknown>
}

export const limitFor = (path: string): number => (path === SCHEMA_PATH ? SCHEMA_LIMIT_BYTES : RESPONSE_LIMIT_BYTES)

export const timeoutFor = (method: string, path: string, timeouts: ManagerTimeouts = DEFAULT_TIMEOUTS): number =>
  method === 'POST' && SLOW_POSTS.has(path) ? timeouts.slowMs : timeouts.standardMs

/** `http://host:9696/prowlarr/?x#y` → `http://host:9696/prowlarr`. */
export const managerBaseUrl = (url: string): string => {
  const parsed = new URL(url)
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`
}

// A Prowlarr key is 32 hex digits; anything outside printable ASCII cannot travel in a header as is.
const isHeaderSafe = (value: string) => /^[\x20-\x7e]*$/.test(value)

export const createManagerClient = (options: ManagerClientOptions): ManagerClient => {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS
  const api = ofetch.create({
    baseURL: managerBaseUrl(options.url),
    headers: { 'X-Api-Key': options.apiKey, Accept: 'application/json' },
    retry: 0,
    // A redirect could carry X-Api-Key to another origin; a 3xx is reported as an HTTP status instead.
    redirect: 'manual',
    responseType: 'stream',
    ignoreResponseError: true,
  })

  const send = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> => {
    if (!isHeaderSafe(options.apiKey)) throw new ManagerError('request-failed', 'the API key is not a valid header value')
    // One deadline for connecting, the headers and the whole body: ofetch's own timeout stops at the headers.
    const signal = AbortSignal.timeout(timeoutFor(method, path, timeouts))
    let response: Response
    try {
      response = await api.raw(path, { method, body: body as Record<string, unknown> | undefined, signal })
    } catch (error) {
      throw new ManagerError('unreachable', `${method} ${path} failed`, { cause: error })
    }
    const limit = limitFor(path)
    if (!response.ok) {
      throw new ManagerError('http', `${method} ${path} answered ${response.status}`, {
        status: response.status,
        body: await readErrorBody(response, limit),
      })
    }
    const text = await readText(response, limit)
    if (text.trim() === '' && method === 'POST') return undefined
    return parseJson(text)
  }

  return { get: (path) => send('GET', path), post: (path, body) => send('POST', path, body) }
}

/** Reads at most `limit` bytes (runtime/capped-body.ts) as UTF-8 text; the failures become manager error kinds. */
export const readText = async (response: Response, limit: number): Promise<string> => {
  let bytes: Uint8Array | null
  try {
    bytes = await readCapped(response, limit)
  } catch (error) {
    throw new ManagerError('unreachable', 'the response body was interrupted', { cause: error })
  }
  if (bytes === null) throw new ManagerError('too-large', `more than ${limit} bytes`)
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch (error) {
    throw new ManagerError('invalid-json', 'the body is not UTF-8', { cause: error })
  }
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ManagerError('invalid-json', 'the body is not JSON', { cause: error })
  }
}

/** Best effort: a validation array on a 400 is useful, anything unreadable is simply absent. */
const readErrorBody = async (response: Response, limit: number): Promise<unknown> => {
  try {
    return parseJson(await readText(response, limit))
  } catch {
    return undefined
  }
}
