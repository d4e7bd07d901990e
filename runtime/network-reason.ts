/**
 * Plain words for why an outgoing request failed ("connection refused", "timed out after 30 s"),
 * shared by the updater's downloads and the manager's sentences; never the URL (it could carry a token).
 */

/** The abort reason of a deadline (updater/http-fetch.ts deadline()), worded for the user. */
export class TimeoutAbort extends Error {
  constructor(readonly seconds: number) {
    super(`timed out after ${seconds} s`)
    this.name = 'TimeoutAbort'
  }
}

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
  // Bun's fetch: the server answered, but with redirects it will not follow.
  TooManyRedirects: 'too many redirects',
  UnsupportedRedirectProtocol: 'redirected to an address that is not http(s)',
}

/** Why `error` happened, from its code (or a cause's), or the signal's deadline. */
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
