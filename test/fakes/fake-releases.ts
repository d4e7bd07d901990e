/**
 * A fake GitHub release server on a real loopback socket (node:http, so it can lie about
 * Content-Length): release JSON, the dump and its `.sha256`, with switchable misbehaviour.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

export interface FakeReleaseState {
  tag: string
  assetName: string
  dump: Uint8Array
  /**
   * 'ok', an HTTP status, a server that never answers, a body that is not JSON, or GitHub's rate limit
   * (403, `x-ratelimit-remaining: 0`, `x-ratelimit-reset`: `rateLimitReset`, epoch seconds).
   */
  release: 'ok' | 'hang' | 'invalid-json' | 'rate-limited' | number
  rateLimitReset?: number
  /** 'ok' = correct `digest`; 'wrong' = a digest of other bytes; 'sibling' = no digest, `.sha256` asset; 'none' = neither. */
  digest: 'ok' | 'wrong' | 'sibling' | 'none'
  /** false: the release lists no `.dump` asset. */
  dumpAsset: boolean
  /**
   * 'truncated' announces the full length, sends half, then closes; 'stall' sends half and goes quiet;
   * 'gzip' compresses the dump whatever the request accepts, as some proxies do (Content-Length compressed).
   */
  download: 'ok' | 'truncated' | 'hang' | 'stall' | 'gzip' | number
  /** Milliseconds between 64 KiB chunks of the dump (a slow but alive server). */
  chunkDelayMs: number
}

export interface FakeReleases {
  url: string
  origin: string
  state: FakeReleaseState
  /** "GET /path user-agent" for each request, in order. */
  requests: string[]
  /** The Accept-Encoding of each request, in order. */
  acceptEncodings: string[]
  set(patch: Partial<FakeReleaseState>): void
  stop(): Promise<void>
}

export const sha256Hex = (bytes: Uint8Array | string): string => new Bun.CryptoHasher('sha256').update(bytes).digest('hex')

const releaseJson = (state: FakeReleaseState, origin: string) => {
  const digest = { ok: `sha256:${sha256Hex(state.dump)}`, wrong: `sha256:${sha256Hex('other bytes')}`, sibling: null, none: null }[
    state.digest
  ]
  const dump = { name: state.assetName, size: state.dump.byteLength, digest, browser_download_url: `${origin}/download/${state.assetName}` }
  const sibling = {
    name: `${state.assetName}.sha256`,
    size: 100,
    digest: null,
    browser_download_url: `${origin}/download/${state.assetName}.sha256`,
  }
  const readme = { name: 'README.md', size: 10, digest: null, browser_download_url: `${origin}/download/README.md` }
  const assets = [readme, ...(state.dumpAsset ? [dump] : []), ...(state.digest === 'sibling' ? [sibling] : [])]
  return JSON.stringify({ tag_name: state.tag, name: `ICVDB snapshot – ${state.tag}`, assets })
}

const sendDump = async (state: FakeReleaseState, response: ServerResponse) => {
  if (typeof state.download === 'number') return void response.writeHead(state.download).end('no')
  if (state.download === 'hang') return
  if (state.download === 'gzip') {
    const packed = Bun.gzipSync(state.dump as Uint8Array<ArrayBuffer>)
    const headers = { 'content-type': 'application/octet-stream', 'content-encoding': 'gzip', 'content-length': String(packed.byteLength) }
    return void response.writeHead(200, headers).end(packed)
  }
  const bytes = state.dump
  response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(bytes.byteLength) })
  const end = state.download === 'ok' ? bytes.byteLength : Math.floor(bytes.byteLength / 2)
  for (let offset = 0; offset < end; offset += 65536) {
    if (response.destroyed) return
    response.write(bytes.subarray(offset, Math.min(end, offset + 65536)))
    if (state.chunkDelayMs > 0) await Bun.sleep(state.chunkDelayMs)
  }
  if (state.download === 'ok') response.end()
  else if (state.download === 'truncated') setTimeout(() => response.destroy(), 20)
}

const handle = (state: FakeReleaseState, origin: string, request: IncomingMessage, response: ServerResponse) => {
  const path = new URL(request.url ?? '/', origin).pathname
  if (path === '/releases/latest') {
    if (state.release === 'hang') return
    if (typeof state.release === 'number') return void response.writeHead(state.release).end('{"message":"Not Found"}')
    if (state.release === 'rate-limited') {
      const headers = { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(state.rateLimitReset ?? 0) }
      return void response.writeHead(403, headers).end('{"message":"API rate limit exceeded"}')
    }
    const body = state.release === 'invalid-json' ? '<html>rate limited</html>' : releaseJson(state, origin)
    return void response.writeHead(200, { 'content-type': 'application/json' }).end(body)
  }
  if (path === `/download/${state.assetName}`) return void sendDump(state, response)
  if (path === `/download/${state.assetName}.sha256`) {
    return void response.writeHead(200, { 'content-type': 'text/plain' }).end(`${sha256Hex(state.dump)}  ${state.assetName}\n`)
  }
  response.writeHead(404).end('not found')
}

/** A healthy release of db-2026-11-20: what a test resets the fake to. */
export const HEALTHY_RELEASE: Omit<FakeReleaseState, 'dump'> = {
  tag: 'db-2026-11-20',
  assetName: 'icvdb-2026-11-20.dump',
  release: 'ok',
  digest: 'ok',
  dumpAsset: true,
  download: 'ok',
  chunkDelayMs: 0,
}

export const startFakeReleases = async (initial: Partial<FakeReleaseState> & Pick<FakeReleaseState, 'dump'>): Promise<FakeReleases> => {
  const state: FakeReleaseState = { ...HEALTHY_RELEASE, ...initial }
  const requests: string[] = []
  const acceptEncodings: string[] = []
  const sockets = new Set<Socket>()
  let origin = ''
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url} ${request.headers['user-agent'] ?? ''}`)
    acceptEncodings.push(request.headers['accept-encoding'] ?? '')
    handle(state, origin, request, response)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return {
    url: `${origin}/releases/latest`,
    origin,
    state,
    requests,
    acceptEncodings,
    set: (patch) => void Object.assign(state, patch),
    stop: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
