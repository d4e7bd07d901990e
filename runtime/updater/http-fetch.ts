/**
 * The updater's outgoing HTTP: one ofetch call with our User-Agent, no retries and a deadline we
 * control, plus the plain-words reason for a network failure ("connection refused", "timed out").
 */
import { ofetch } from 'ofetch'
import { TimeoutAbort } from '../network-reason.ts'

export { networkReason } from '../network-reason.ts'

export interface HttpFetchOptions {
  userAgent: string
  accept: string
  /** The caller's deadline (see deadline()); ofetch's own timeout would not cover the body. */
  signal: AbortSignal
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
    // Bytes as stored: a compressed body's Content-Length would not be the length the release lists.
    headers: { 'user-agent': options.userAgent, accept: options.accept, 'accept-encoding': 'identity' },
    responseType: 'stream',
    retry: 0,
    ignoreResponseError: true,
    signal: options.signal,
  })
