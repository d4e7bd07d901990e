/**
 * Data blocks (pg-archive.md §2.5): a type byte and dumpId, then chunks (int length + bytes) until a
 * zero length. Stored bytes stream straight from the read buffer into a consumer, or are skipped unread.
 */
import { ArchiveError } from './archive-error.ts'
import type { ChunkConsumer } from './inflate.ts'
import type { ArchiveInput } from './input.ts'

const BLOCK_DATA = 1
const BLOCK_BLOBS = 3

export interface BlockHeader {
  type: number
  dumpId: number
}

/** Called each time the read buffer is refilled (about every MiB): progress, yielding, abort checks. */
export type RefillHook = (position: number) => void | Promise<void>

export const readBlockHeader = async (input: ArchiveInput, where: string): Promise<BlockHeader> => {
  await input.ensure(2 + input.intSize, where)
  return { type: input.byte(), dumpId: input.int() }
}

/** Throws unless `header` is the table-data block of TOC entry `dumpId`. */
export const checkBlockHeader = (header: BlockHeader, dumpId: number): void => {
  if (header.type === BLOCK_BLOBS) throw new ArchiveError('archive contains large objects (BLOBS), which are not supported')
  if (header.type !== BLOCK_DATA) throw new ArchiveError(`archive data is corrupt (block type ${header.type} for TOC entry ${dumpId})`)
  if (header.dumpId !== dumpId) {
    throw new ArchiveError(`data block id ${header.dumpId} does not match the expected TOC entry ${dumpId}`)
  }
}

/**
 * Walks the chunks of the current block. With a consumer every stored byte is handed over in order;
 * without one the chunks are skipped by their lengths (a seek on files). Returns the stored bytes.
 */
export const readChunks = async (
  input: ArchiveInput,
  where: string,
  consumer: ChunkConsumer | null,
  onRefill?: RefillHook,
): Promise<number> => {
  const headerBytes = 1 + input.intSize
  let stored = 0
  for (;;) {
    if (input.end - input.start < headerBytes) await input.ensure(headerBytes, where)
    const length = input.int()
    if (length === 0) return stored
    if (length < 0) throw new ArchiveError(`archive data is corrupt (negative chunk length in the ${where})`)
    stored += length
    if (!consumer) {
      await input.skip(length, where)
      continue
    }
    let remaining = length
    while (remaining > 0) {
      if (input.start === input.end) {
        if (!(await input.refill())) throw new ArchiveError(`archive is truncated in the ${where}`)
        if (onRefill) await onRefill(input.position)
      }
      const step = Math.min(remaining, input.end - input.start)
      consumer.write(input.buffer, input.start, input.start + step)
      input.start += step
      input.decodedBytes += step
      remaining -= step
    }
  }
}
