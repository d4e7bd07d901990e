/**
 * A stand-in manager on 127.0.0.1:0 that records every request it receives (and its X-Api-Key),
 * for the key-binding tests: a key must never reach an address it was not saved with. It answers
 * Prowlarr's connection test and install flow; `answer` replaces the answer of one route.
 */
import { buildSchema } from './fake-prowlarr-schema.ts'

export interface Received {
  method: string
  path: string
  apiKey: string | null
  /** Every header and the body, to look for the key in any form. */
  raw: string
}

export type RouteAnswer = (request: Request) => Response | Promise<Response>

export interface RecordingManager {
  url: string
  received: Received[]
  /** Replaces the answer of `route` (`POST /api/v1/indexer/test`). */
  answer(route: string, handler: RouteAnswer): void
  stop(): Promise<void>
}

const json = (status: number, data: unknown) => Response.json(data, { status })

export const startRecordingManager = (): RecordingManager => {
  const received: Received[] = []
  const answers = new Map<string, RouteAnswer>()
  const schema = buildSchema()
  const standard: Record<string, () => Response> = {
    'GET /api/v1/indexer/schema': () => json(200, schema),
    'GET /api/v1/appprofile': () => json(200, [{ id: 1, name: 'Standard' }]),
    'GET /api/v1/indexer': () => json(200, []),
    'POST /api/v1/indexer/test': () => json(200, {}),
    'POST /api/v1/indexer': () => json(201, { id: 7 }),
  }
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    development: false,
    idleTimeout: 60,
    fetch: async (request) => {
      const path = new URL(request.url).pathname
      const body = await request.text()
      received.push({
        method: request.method,
        path,
        apiKey: request.headers.get('x-api-key'),
        raw: `${[...request.headers].join('\n')}\n${body}`,
      })
      const route = `${request.method} ${path}`
      const custom = answers.get(route)
      if (custom) return custom(request)
      return standard[route]?.() ?? json(404, { message: 'not found' })
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}`,
    received,
    answer: (route, handler) => void answers.set(route, handler),
    stop: async () => void server.stop(true),
  }
}
