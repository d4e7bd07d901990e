/**
 * The service under test as a separate process: start-up to the first search answer (compiled
 * binary `dist/icvdb-indexer`, or `bun runtime/main.ts` when it has not been built), and its RSS.
 */
import type { Subprocess } from 'bun'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '..', '..')
export const BINARY = join(ROOT, 'dist', 'icvdb-indexer')

export interface ServerCommand {
  kind: 'binary' | 'bun'
  command: string[]
}

export const serverCommand = (): ServerCommand =>
  existsSync(BINARY)
    ? { kind: 'binary', command: [BINARY] }
    : { kind: 'bun', command: [process.execPath, join(ROOT, 'runtime', 'main.ts')] }

export interface RunningServer {
  url: string
  pid: number
  /** Milliseconds from spawn to the first 200 answer to a search. */
  startupMs: number
  stop(): Promise<void>
}

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

const FIRST_QUESTION = '/api?t=search&limit=1'

/** Starts the service on the data directory and polls until a search answers (60 s at most). */
export const startServer = async (dataDir: string, command = serverCommand(), env: Record<string, string> = {}): Promise<RunningServer> => {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  const child: Subprocess = Bun.spawn([...command.command, 'serve', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir], {
    stdout: 'ignore',
    stderr: 'pipe',
    // No network during a benchmark: the updater stays off.
    env: { ...process.env, DB_AUTO_UPDATE: 'false', DB_UPDATE_START_DELAY: '86400', ...env },
  })
  const stop = async () => {
    child.kill('SIGTERM')
    await child.exited
  }
  while (performance.now() - started < 60000) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}: ${(await new Response(child.stderr as ReadableStream).text()).slice(-2000)}`)
    try {
      const response = await fetch(`${url}${FIRST_QUESTION}`)
      const body = await response.text()
      if (response.status === 200 && body.includes('<rss'))
        return { url, pid: child.pid, startupMs: Math.round((performance.now() - started) * 10) / 10, stop }
      if (response.status !== 503) throw new Error(`first search answered HTTP ${response.status}: ${body.slice(0, 300)}`)
    } catch (error) {
      if (!(error instanceof TypeError) && !String(error).includes('ECONNREFUSED') && !String(error).includes('Unable to connect')) {
        await stop()
        throw error
      }
    }
    await Bun.sleep(5)
  }
  await stop()
  throw new Error('the server gave no search answer within 60 s')
}

/** Current and peak resident memory of a process, from /proc (MiB). */
/**
 * RSS and its anonymous part: the snapshot is memory-mapped, so RSS also counts page-cache pages of
 * the database files (shared, reclaimable); RssAnon is what the process itself holds.
 */
export const memoryOf = (pid: number): { rss_mb: number; anon_mb: number; peak_rss_mb: number } => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const field = (name: string) => Math.round((Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024) * 10) / 10
  return { rss_mb: field('VmRSS'), anon_mb: field('RssAnon'), peak_rss_mb: field('VmHWM') }
}

export interface StartupFigures {
  kind: ServerCommand['kind']
  runs_ms: number[]
  median_ms: number
}

/** Starts and stops the service `runs` times; the page cache is warm after the first run. */
export const benchStartup = async (dataDir: string, runs: number): Promise<StartupFigures> => {
  const command = serverCommand()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const server = await startServer(dataDir, command)
    times.push(server.startupMs)
    await server.stop()
  }
  const sorted = [...times].sort((a, b) => a - b)
  return { kind: command.kind, runs_ms: times, median_ms: sorted[Math.floor(sorted.length / 2)] }
}
