import { describe, expect, test } from 'bun:test'
import { deflateSync } from 'node:zlib'
import { ArchiveError } from '../../../../runtime/pgarchive/archive-error.ts'
import { BlockInflater, ChunkMerger, PIECE_BYTES } from '../../../../runtime/pgarchive/inflate.ts'

const collect = () => {
  const pieces: Uint8Array[] = []
  return { pieces, sink: (piece: Uint8Array) => void pieces.push(piece.slice()), text: () => Buffer.concat(pieces).toString() }
}

/** Feeds `stored` into a fresh inflater in `size`-byte writes. */
const inflate = (stored: Uint8Array, size: number) => {
  const output = collect()
  const inflater = new BlockInflater('t', output.sink)
  try {
    for (let start = 0; start < stored.length; start += size) inflater.write(stored, start, Math.min(start + size, stored.length))
    inflater.finish()
  } finally {
    inflater.close()
  }
  return output
}

describe('BlockInflater', () => {
  const text = 'Il.Commissario.Montalbano.S01E03\tè\n'.repeat(40_000)
  const stored = deflateSync(Buffer.from(text))

  test('inflates one zlib stream fed in arbitrary slices, in pieces of at most 256 KiB', () => {
    for (const size of [1, 4096, 100_000, stored.length]) {
      const output = inflate(stored, size)
      expect(output.text()).toBe(text)
      expect(Math.max(...output.pieces.map((piece) => piece.length))).toBeLessThanOrEqual(PIECE_BYTES)
    }
  })

  test('a stream that ends early is refused', () => {
    expect(() => inflate(stored.subarray(0, stored.length - 10), 4096)).toThrow(
      new ArchiveError('corrupt gzip data in the block of t (unexpected end of file)'),
    )
  })

  test('a wrong checksum is refused', () => {
    const broken = Uint8Array.from(stored)
    broken[broken.length - 1] ^= 0xff
    expect(() => inflate(broken, 4096)).toThrow(new ArchiveError('corrupt gzip data in the block of t (incorrect data check)'))
  })

  test('a gzip header (not zlib) is refused', () => {
    expect(() => inflate(Bun.gzipSync(Buffer.from('x')), 4096)).toThrow(ArchiveError)
  })

  test('bytes after the end of the stream are refused', () => {
    expect(() => inflate(Buffer.concat([stored, Buffer.from('junk')]), 4096)).toThrow(
      new ArchiveError('corrupt gzip data in the block of t (data after the end of the stream)'),
    )
  })
})

describe('ChunkMerger', () => {
  test('merges one-row chunks into large pieces without changing the bytes', () => {
    const output = collect()
    const merger = new ChunkMerger(output.sink)
    const row = Buffer.from('row\tvalue\n')
    for (let index = 0; index < 60_000; index++) merger.write(row, 0, row.length)
    merger.finish()
    expect(output.text()).toBe('row\tvalue\n'.repeat(60_000))
    expect(output.pieces.length).toBe(Math.ceil((row.length * 60_000) / (PIECE_BYTES - (PIECE_BYTES % row.length))))
  })

  test('passes a chunk larger than a piece straight through', () => {
    const output = collect()
    const merger = new ChunkMerger(output.sink)
    const big = Buffer.alloc(PIECE_BYTES + 10, 0x61)
    merger.write(Buffer.from('ab'), 0, 2)
    merger.write(big, 0, big.length)
    merger.finish()
    expect(output.pieces.map((piece) => piece.length)).toEqual([2, PIECE_BYTES + 10])
  })
})
