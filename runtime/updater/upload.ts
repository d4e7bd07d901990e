/**
 * Receives an uploaded dump: the request body streamed chunk by chunk into $DATA_DIR/work (never
 * held in memory), capped at UPLOAD_MAX_BYTES on Content-Length and again while streaming, and
 * checked to start like a pg_dump custom archive. Any failure removes the partial file.
 */
import { randomUUID } from 'node:crypto'
import { open, rm, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { storageError } from '../data-dir.ts'
import { AppError } from '../errors.ts'
import { formatBytes } from '../progress-bar.ts'
import { diskReason, freeBytes } from './download.ts'
import { notAnArchive, startsLikeArchive } from './manual-install.ts'

export interface ReceivedDump {
  path: string
  bytes: number
}

const tooLarge = (maxBytes: number) =>
  new AppError('too-large', `the file is larger than the upload limit (${formatBytes(maxBytes)}; UPLOAD_MAX_BYTES raises it)`)

/** Refuses before reading a byte what the headers already show to be too large for the cap or the disk. */
const preflight = (request: Request, workDirectory: string, maxBytes: number) => {
  const declared = request.headers.get('content-length')
  if (declared === null || request.headers.has('transfer-encoding')) return
  const size = Number(declared)
  if (size > maxBytes) throw tooLarge(maxBytes)
  if (size === 0) throw new AppError('invalid', 'the uploaded file is empty')
  const free = freeBytes(workDirectory)
  if (free !== null && free < size * 2) {
    // The import needs about as much again as the dump; a full disk mid-import helps nobody.
    // 507 like every full disk (the request is fine; the server lacks the room): 413 would blame the file.
    throw new AppError(
      'no-space',
      `not enough free space in the data directory (${formatBytes(size * 2)} needed, ${formatBytes(free)} free): free some space on its disk and try again`,
    )
  }
}

const notADump = () => new AppError('invalid', `the file was not installed: ${notAnArchive}`)

/** Collects the first bytes until the archive signature can be checked; null once it passed. */
const checkHead = (head: Uint8Array | null, chunk: Uint8Array): Uint8Array | null => {
  if (head === null) return null
  const joined = Buffer.concat([head, chunk.subarray(0, 16)])
  if (joined.length < 5) return joined
  if (!startsLikeArchive(joined)) throw notADump()
  return null
}

export const receiveDump = async (request: Request, workDirectory: string, maxBytes: number): Promise<ReceivedDump> => {
  preflight(request, workDirectory, maxBytes)
  if (!request.body) throw new AppError('invalid', 'the uploaded file is empty')
  const path = join(workDirectory, `upload-${randomUUID().slice(0, 8)}.dump`)
  const reader = request.body.getReader()
  let file: FileHandle | null = null
  let bytes = 0
  let head: Uint8Array | null = new Uint8Array(0)
  try {
    file = await open(path, 'w', 0o600)
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      head = checkHead(head, value)
      bytes += value.byteLength
      if (bytes > maxBytes) throw tooLarge(maxBytes)
      await file.write(value)
    }
    if (bytes === 0) throw new AppError('invalid', 'the uploaded file is empty')
    if (head !== null) throw notADump()
    await file.close()
    return { path, bytes }
  } catch (error) {
    await reader.cancel().catch(() => {})
    await file?.close().catch(() => {})
    await rm(path, { force: true }).catch(() => {})
    if (error instanceof AppError) throw error
    const disk = diskReason(error)
    const full = storageError(error)
    if (full?.kind === 'no-space') throw full
    // A read-only or unwritable data directory is the server's state, not the upload's fault.
    if (disk) throw new AppError('conflict', `the file was not stored: ${disk}`)
    throw new AppError('bad-request', 'the upload was interrupted before the whole file arrived')
  }
}
