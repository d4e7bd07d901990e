/** Where archive bytes come from: a file (synchronous positioned reads, seekable) or a stream (a pipe). */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { ArchiveError } from './archive-error.ts'

export type ArchiveSource = string | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>

export interface ByteSource {
  readonly seekable: boolean
  readonly size: number | null
  /** Reads up to `length` bytes at the current position; 0 means the end of the input. */
  read(target: Uint8Array, offset: number, length: number): number | Promise<number>
  seek(position: number): void
  close(): void
}

class FileSource implements ByteSource {
  readonly seekable = true
  readonly size: number
  #fd: number
  #position = 0

  constructor(path: string) {
    try {
      this.#fd = openSync(path, 'r')
    } catch (error) {
      throw new ArchiveError(`archive file ${path} cannot be opened (${(error as NodeJS.ErrnoException).code ?? String(error)})`, {
        cause: error,
      })
    }
    this.size = fstatSync(this.#fd).size
  }

  read(target: Uint8Array, offset: number, length: number): number {
    const count = readSync(this.#fd, target, offset, length, this.#position)
    this.#position += count
    return count
  }

  seek(position: number): void {
    this.#position = position
  }

  close(): void {
    closeSync(this.#fd)
  }
}

class StreamSource implements ByteSource {
  readonly seekable = false
  readonly size = null
  #iterator: AsyncIterator<Uint8Array>
  #pending: Uint8Array = new Uint8Array(0)

  constructor(stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>) {
    this.#iterator = stream[Symbol.asyncIterator]()
  }

  async read(target: Uint8Array, offset: number, length: number): Promise<number> {
    while (this.#pending.length === 0) {
      const next = await this.#iterator.next()
      if (next.done) return 0
      const value: unknown = next.value
      this.#pending = value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBuffer)
    }
    const count = Math.min(length, this.#pending.length)
    target.set(this.#pending.subarray(0, count), offset)
    this.#pending = this.#pending.subarray(count)
    return count
  }

  seek(): void {
    throw new Error('a stream source cannot seek')
  }

  close(): void {
    void this.#iterator.return?.()?.catch(() => undefined)
  }
}

export const openByteSource = (source: ArchiveSource): ByteSource =>
  typeof source === 'string' ? new FileSource(source) : new StreamSource(source)
