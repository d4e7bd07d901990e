/**
 * Runs the real service (`bun runtime/main.ts …`) as a child process for process-level tests:
 * a free loopback port, a DATA_DIR, captured output, readiness polling and SIGKILL.
 */
import { join } from 'node:path'

export const MAIN = join(import.meta.dir, '../../runtime/main.ts')

export const freePort = (): number => {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port ?? 0
  probe.stop(true)
  return port
}

export interface ServiceProcess {
  base: string
  child: ReturnType<typeof Bun.spawn>
  output(): string
  fetch(path: string, init?: RequestInit): Promise<Response>
  kill(signal?: NodeJS.Signals): Promise<void>
}

const collect = (stream: ReadableStream<Uint8Array>, into: string[]) => {
  void (async () => {
    const decoder = new TextDecoder()
    for await (const chunk of stream) into.push(decoder.decode(chunk))
  })()
}

/** Spawns `serve` and waits until GET /webapi/status answers (any status: 503 counts as alive). */
export const startService = async (dataDir: string, env: Record<string, string> = {}): Promise<ServiceProcess> => {
  const port = freePort()
  const base = `http://127.0.0.1:${port}`
  const child = Bun.spawn([process.execPath, MAIN, 'serve', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const lines: string[] = []
  collect(child.stdout as ReadableStream<Uint8Array>, lines)
  collect(child.stderr as ReadableStream<Uint8Array>, lines)
  const service: ServiceProcess = {
    base,
    child,
    output: () => lines.join(''),
    fetch: (path, init) => fetch(`${base}${path}`, init),
    kill: async (signal = 'SIGKILL') => {
      child.kill(signal)
      await child.exited
    },
  }
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}: ${service.output()}`)
    try {
      await fetch(`${base}/webapi/status`)
      return service
    } catch {}
    await Bun.sleep(50)
  }
  await service.kill()
  throw new Error(`the service did not start: ${service.output()}`)
}

/** Runs a one-shot CLI command asynchronously (the fakes live in this process and must keep answering). */
export const runCli = async (args: string[], env: Record<string, string> = {}) => {
  const child = Bun.spawn([process.execPath, MAIN, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
  return { code, stdout, stderr }
}

/** Polls until `probe` returns a value (not undefined) or the deadline passes. */
export const waitFor = async <T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000, everyMs = 20): Promise<T> => {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error('timed out waiting')
    await Bun.sleep(everyMs)
  }
}
