/**
 * The updater's outgoing HTTP: one ofetch call with our User-Agent, no retries and a deadline we
 * control, plus the plain-words reason for a network failure ("connection refused", "timed out").
 */
import { ofetch } from 'ofetch'

export interface HttpFetchOptions {
  userAgent: string
  accept: string
  /** The caller's deadline (see deadline()); ofetch's own timeout would not cover the body. */
  signal: AbortSignal
}

export class TimeoutAbort extends Error {
  constructor(readonly seconds: number) {
    super(`timed out after ${seconds} s`)
    this.name = 'TimeoutAbort'
  }
}

/** A deadline that can be pushed back (idle timeouts) and that also follows an outer signal. */
export const deadline = (ms: number, outer?: AbortSignal) => {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const arm = (after: number) => {
    clearTimeout(timer)
    timer = setTimeout(() => controller.abort(new TimeoutAbort(Math.round(after / 100) / 10)), after)
  }
  const follow = () => controller.abort(outer?.reason)
  outer?.addEventListener('abort', follow, { once: true })
  if (outer?.aborted) follow()
  arm(ms)
  return {
    signal: controller.signal,
    extend: arm,
    clear: () => {
      clearTimeout(timer)
      outer?.removeEventListener('abort', follow)
    },
  }
}

/** GET that resolves with the Response for any HTTP status (the caller words the status). */
export const httpGet = (url: string, options: HttpFetchOptions): Promise<Response> =>
  ofetch.raw(url, {
    method: 'GET',
    headers: { 'user-agent': options.userAgent, accept: options.accept },
    responseType: 'stream',
    retry: 0,
    ignoreResponseError: true,
    signal: options.signal,
  })

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ConnectionRefused: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
  FailedToOpenSocket: 'cannot open a connection',
  ETIMEDOUT: 'connection timed out',
  EPROTO: 'TLS handshake failed',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate not trusted',
}

/** Plain words for why a request failed, never the URL (it could carry a token). */
export const networkReason = (error: unknown, signal?: AbortSignal): string => {
  const reason = signal?.aborted ? signal.reason : undefined
  if (reason instanceof TimeoutAbort) return reason.message
  if (signal?.aborted) return 'cancelled'
  let current: unknown = error
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && code in NETWORK_CODES) return NETWORK_CODES[code]
    if (typeof code === 'string' && /SSL|TLS|CERT/.test(code)) return 'TLS handshake failed'
    if (current instanceof TimeoutAbort) return current.message
    if ((current as { name?: unknown }).name === 'TimeoutError') return 'timed out'
    current = (current as { cause?: unknown }).cause
  }
  return 'network error'
}
