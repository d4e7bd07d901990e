/**
 * Streaming download of a snapshot dump into $DATA_DIR/work with the SHA-256 computed on the way,
 * size checks (asset size, hard cap), connect and idle timeouts; a failed download leaves no file.
 */
import { statfsSync } from 'node:fs'
import { open, rm, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import { deadline, httpGet, networkReason } from './http-fetch.ts'
import { UpdateFailure } from './types.ts'

export interface DownloadOptions {
  url: string
  /** Destination file (created or truncated); removed again on any failure. */
  path: string
  /** The asset name, for messages. */
  name: string
  /** Lower-case hex; null skips the comparison (a hand-given URL). */
  expectedSha256: string | null
  /** The size the release metadata announces, when it does. */
  expectedSize: number | null
  userAgent: string
  maxBytes?: number
  connectTimeoutMs?: number
  idleTimeoutMs?: number
  signal?: AbortSignal
  onProgress?: (bytesDone: number, bytesTotal: number | null) => void
}

export interface DownloadResult {
  path: string
  bytes: number
  sha256: string
}

// Upstream dumps are ~340 MB; 16 GiB leaves room for growth and still stops a runaway body.
const MAX_DOWNLOAD_BYTES = 16 * 1024 ** 3
const CONNECT_TIMEOUT_MS = 30_000
const IDLE_TIMEOUT_MS = 60_000

const shortHash = (hex: string) => `${hex.slice(0, 12)}…`

/** Plain words for a file-system failure of the data directory, or null for anything else. */
export const diskReason = (error: unknown): string | null => {
  const code = (error as { code?: unknown })?.code
  if (code === 'ENOSPC') return 'the disk is full'
  if (code === 'EDQUOT') return 'the disk quota is exhausted'
  if (code === 'EROFS') return 'the data directory is read-only'
  if (code === 'EACCES' || code === 'EPERM') return 'the data directory is not writable'
  return null
}

/** Bytes free for this process on the file system holding `directory`, or null when unknown. */
export const freeBytes = (directory: string): number | null => {
  try {
    const stats = statfsSync(directory)
    return Number(stats.bavail) * Number(stats.bsize)
  } catch {
    return null
  }
}

/** Checks what can be checked before a byte is sent: the cap and the free space. */
const preflight = (options: DownloadOptions, maxBytes: number, fail: (reason: string) => never) => {
  const size = options.expectedSize
  if (size === null) return
  if (size > maxBytes) fail(`the asset is ${size} bytes, over the ${maxBytes} byte limit`)
  const free = freeBytes(dirname(options.path))
  if (free !== null && free < size) fail(`not enough free space in the data directory (${size} bytes needed, ${free} free)`)
}

export const downloadDump = async (options: DownloadOptions): Promise<DownloadResult> => {
  const maxBytes = options.maxBytes ?? MAX_DOWNLOAD_BYTES
  const connectMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS
  const idleMs = options.idleTimeoutMs ?? IDLE_TIMEOUT_MS
  const fail = (reason: string): never => {
    throw new UpdateFailure(`Download of ${options.name} failed: ${reason}`)
  }
  preflight(options, maxBytes, fail)

  const timer = deadline(connectMs, options.signal)
  let file: FileHandle | null = null
  let bytes = 0
  let total: number | null = options.expectedSize
  let receiving = false
  try {
    const response = await httpGet(options.url, { userAgent: options.userAgent, accept: 'application/octet-stream', signal: timer.signal })
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => {})
      fail(`HTTP ${response.status} from the download server`)
    }
    // A proxy may compress anyway: fetch then hands over the inflated bytes, which the compressed
    // length does not count; the release's size and SHA-256 still check them.
    const encoded = (response.headers.get('content-encoding') ?? 'identity').toLowerCase() !== 'identity'
    const announced = encoded ? null : response.headers.get('content-length')
    if (announced !== null && /^\d+$/.test(announced)) {
      const length = Number(announced)
      if (total !== null && length !== total) fail(`the server announced ${length} bytes, the release lists ${total}`)
      total = length
    }
    if (total !== null && total > maxBytes) fail(`the body is ${total} bytes, over the ${maxBytes} byte limit`)
    const limit = total ?? maxBytes

    file = await open(options.path, 'w', 0o600)
    const hasher = new Bun.CryptoHasher('sha256')
    const reader = response.body!.getReader()
    receiving = true
    timer.extend(idleMs)
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      timer.extend(idleMs)
      bytes += value.byteLength
      if (bytes > limit) {
        await reader.cancel().catch(() => {})
        fail(total === null ? `the body exceeds the ${maxBytes} byte limit` : `the server sent more than the ${total} bytes announced`)
      }
      hasher.update(value)
      await file.write(value)
      options.onProgress?.(bytes, total)
    }
    if (total !== null && bytes < total) fail(`the body ended after ${bytes} of ${total} bytes (truncated download)`)
    const sha256 = hasher.digest('hex')
    if (options.expectedSha256 !== null && sha256 !== options.expectedSha256) {
      fail(`checksum mismatch (expected ${shortHash(options.expectedSha256)}, got ${shortHash(sha256)})`)
    }
    await file.close()
    file = null
    return { path: options.path, bytes, sha256 }
  } catch (error) {
    await file?.close().catch(() => {})
    file = null
    await rm(options.path, { force: true }).catch(() => {})
    if (error instanceof UpdateFailure) throw error
    const disk = diskReason(error)
    if (disk) return fail(disk)
    const reason = networkReason(error, timer.signal)
    if (reason === 'cancelled') return fail('cancelled')
    if (!receiving) {
      if (reason.startsWith('timed out')) return fail(`no answer from the download server within ${connectMs / 1000} s`)
      return fail(`cannot reach the download server (${reason})`)
    }
    if (reason.startsWith('timed out')) return fail(`no data for ${idleMs / 1000} s after ${bytes} bytes`)
    const of = total === null ? '' : ` of ${total}`
    return fail(`the connection broke after ${bytes}${of} bytes (${reason}; truncated download)`)
  } finally {
    timer.clear()
  }
}
