/** Test harness: a real context and app on Bun.serve at 127.0.0.1:0 with a temporary DATA_DIR. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createContext, type AppContext, type ContextOptions } from '../../runtime/context.ts'
import { listen } from '../../runtime/http-server.ts'

export interface TestServer {
  ctx: AppContext
  url: string
  dataDir: string
  logs: string[]
  fetch(path: string, init?: RequestInit): Promise<Response>
  stop(): Promise<void>
}

export const tempDataDir = (prefix = 'icvdb-test-'): string => mkdtempSync(join(tmpdir(), prefix))

export interface TestServerOptions extends Omit<ContextOptions, 'env'> {
  env?: Record<string, string | undefined>
  dataDir?: string
}

export const startTestServer = (options: TestServerOptions = {}): TestServer => {
  const dataDir = options.dataDir ?? tempDataDir()
  const logs: string[] = []
  const ctx = createContext({
    ...options,
    env: { DB_UPDATE_START_DELAY: '3600', ...options.env, DATA_DIR: dataDir },
    logSink: (line) => logs.push(line),
  })
  // The service's own Bun.serve setup (development off, idle timeout, body limits).
  const server = listen(ctx, { port: 0, hostname: '127.0.0.1' })
  const url = `http://127.0.0.1:${server.port}`
  return {
    ctx,
    url,
    dataDir,
    logs,
    fetch: (path, init) => fetch(`${url}${path}`, init),
    stop: async () => {
      server.stop(true)
      await ctx.close()
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export const putJson = (server: TestServer, path: string, body: unknown): Promise<Response> =>
  server.fetch(path, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
