/**
 * The buffered read cursor over an archive and the primitive encodings of pg-archive.md §2.2
 * (byte, int, string, offset).
 */
import { truncated } from './archive-error.ts'
import { openByteSource, type ArchiveSource, type ByteSource } from './byte-source.ts'

export type { ArchiveSource } from './byte-source.ts'

const READ_BUFFER_BYTES = 1024 * 1024
const utf8 = new TextDecoder()

/**
 * The read cursor over one archive. Hot loops read `buffer[start..end)` directly and call
 * `ensure()` / `refill()` only when it runs dry, so a file is parsed without awaiting real promises.
 */
export class ArchiveInput {
  buffer = new Uint8Array(READ_BUFFER_BYTES)
  start = 0
  end = 0
  /** Absolute archive offset of buffer[0]. */
  #base = 0
  intSize = 4
  offSize = 8
  /** Stored data-block bytes handed to block consumers so far (progress of the tables being read). */
  decodedBytes = 0
  readonly #source: ByteSource

  private constructor(source: ByteSource) {
    this.#source = source
  }

  static open(source: ArchiveSource): ArchiveInput {
    return new ArchiveInput(openByteSource(source))
  }

  get seekable(): boolean {
    return this.#source.seekable
  }

  get size(): number | null {
    return this.#source.size
  }

  get position(): number {
    return this.#base + this.start
  }

  get available(): number {
    return this.end - this.start
  }

  /** Makes at least `count` bytes available or throws "truncated in the <where>". */
  async ensure(count: number, where: string): Promise<void> {
    if (this.end - this.start >= count) return
    this.#compact(count)
    while (this.end < count) {
      const got = await this.#source.read(this.buffer, this.end, this.buffer.length - this.end)
      if (got === 0) throw truncated(where)
      this.end += got
    }
  }

  /** Reads more bytes once the buffer is empty; returns false at the end of the input. */
  async refill(): Promise<boolean> {
    this.#compact(1)
    const got = await this.#source.read(this.buffer, this.end, this.buffer.length - this.end)
    this.end += got
    return got > 0
  }

  /** Moves to an absolute offset (seekable sources only). */
  seek(position: number): void {
    if (position >= this.#base && position <= this.#base + this.end) {
      this.start = position - this.#base
      return
    }
    this.#source.seek(position)
    this.#base = position
    this.start = 0
    this.end = 0
  }

  /** Skips `count` bytes: a seek on files, read-and-discard on streams. */
  async skip(count: number, where: string): Promise<void> {
    const inBuffer = Math.min(count, this.end - this.start)
    this.start += inBuffer
    let remaining = count - inBuffer
    if (remaining === 0) return
    if (this.seekable) return this.seek(this.position + remaining)
    while (remaining > 0) {
      if (!(await this.refill())) throw truncated(where)
      const step = Math.min(remaining, this.end - this.start)
      this.start += step
      remaining -= step
    }
  }

  byte(): number {
    return this.buffer[this.start++]
  }

  /** A sign byte then `intSize` bytes, least significant first (caller ensured 1 + intSize bytes). */
  int(): number {
    const buffer = this.buffer
    const negative = buffer[this.start] !== 0
    let value = 0
    let scale = 1
    for (let index = 1; index <= this.intSize; index++) {
      value += buffer[this.start + index] * scale
      scale *= 256
    }
    this.start += 1 + this.intSize
    return negative ? -value : value
  }

  async readByte(where: string): Promise<number> {
    await this.ensure(1, where)
    return this.byte()
  }

  async readInt(where: string): Promise<number> {
    await this.ensure(1 + this.intSize, where)
    return this.int()
  }

  /** An int length then raw UTF-8 bytes; length -1 is NULL (not the empty string). */
  async readString(where: string): Promise<string | null> {
    const length = await this.readInt(where)
    if (length < 0) return null
    await this.ensure(length, where)
    const text = utf8.decode(this.buffer.subarray(this.start, this.start + length))
    this.start += length
    return text
  }

  /** A flag byte then `offSize` bytes of absolute position, least significant first. */
  async readOffset(where: string): Promise<{ flag: number; position: number }> {
    await this.ensure(1 + this.offSize, where)
    const flag = this.byte()
    let position = 0
    let scale = 1
    for (let index = 0; index < this.offSize; index++) {
      position += this.buffer[this.start + index] * scale
      scale *= 256
    }
    this.start += this.offSize
    return { flag, position }
  }

  close(): void {
    this.#source.close()
  }

  /** Moves unread bytes to the front and makes room for at least `count` bytes. */
  #compact(count: number): void {
    if (count > this.buffer.length) {
      const grown = new Uint8Array(count)
      grown.set(this.buffer.subarray(this.start, this.end))
      this.buffer = grown
    } else if (this.start > 0) {
      this.buffer.copyWithin(0, this.start, this.end)
    } else {
      return
    }
    this.#base += this.start
    this.end -= this.start
    this.start = 0
  }
}
