/**
 * The one Bun.serve setup (issue 15), used by `serve` and by the tests: Bun's own pages and limits
 * never answer for the service; the application answers every request, errors included.
 */
import type { Server } from 'bun'
import { createApp } from '../handlers/app.ts'
import { detail } from '../handlers/_respond.ts'
import type { AppContext } from './context.ts'
import { DEFAULT_TIMEOUTS } from './manager/client.ts'

/**
 * Longer than the longest request that sends nothing while it waits: installing the indexer runs
 * three standard manager calls and two slow ones (product.md §5), then answers. Bun allows at most 255.
 */
export const IDLE_TIMEOUT_SECONDS = Math.min(255, Math.ceil((3 * DEFAULT_TIMEOUTS.standardMs + 2 * DEFAULT_TIMEOUTS.slowMs) / 1000) + 30)

/** Each handler caps its own body ({"detail"} 413, handlers/_body.ts); Bun's cap would answer an empty 413 first. */
const BUN_BODY_LIMIT = Number.MAX_SAFE_INTEGER

export interface ListenOptions {
  port: number
  hostname: string
}

/** Serves `app` (the context's own by default; `serve` passes its indexer's). */
export const listen = (
  ctx: AppContext,
  options: ListenOptions,
  app: Pick<ReturnType<typeof createApp>, 'fetch'> = createApp(ctx),
): Server<undefined> => {
  return Bun.serve({
    port: options.port,
    hostname: options.hostname,
    // Off on purpose: Bun's development page shows source lines and the working directory.
    development: false,
    // Off on purpose: with SO_REUSEPORT a second service on the same port would share its connections
    // (and its writes) with the first instead of failing to start ("port in use").
    reusePort: false,
    idleTimeout: IDLE_TIMEOUT_SECONDS,
    maxRequestBodySize: BUN_BODY_LIMIT,
    fetch: app.fetch,
    // Only reached if the application itself failed to answer; it never shows a stack.
    error: (error) => {
      ctx.log.error(`request failed outside the application: ${error.name}: ${error.message || 'no message'}`)
      return detail(500, 'Internal server error')
    },
  })
}
