/** Byte positions inside the fixtures written to a file, taken from their own TOC offsets. */
import { openArchive } from '../../../../runtime/pgarchive/reader.ts'
import { fixturePath, type FixtureName } from '../../../fixtures/snapshots/snapshot-fixtures.ts'

export interface BlockPosition {
  table: string
  dumpId: number
  /** Offset of the block's type byte. */
  position: number
}

export const blockPositions = async (fixture: FixtureName = 'icvdb-sample-1.14-gzip.dump'): Promise<BlockPosition[]> => {
  const archive = await openArchive(fixturePath(fixture))
  try {
    return archive.tables.map((table) => ({ table: table.name, dumpId: table.entry.dumpId, position: table.entry.dataPosition }))
  } finally {
    archive.close()
  }
}

/** The little-endian bytes of an offset field: flag 2 then 8 bytes, as written in the TOC. */
export const offsetField = (position: number): number[] => {
  const bytes = [2]
  for (let index = 0, rest = position; index < 8; index++, rest = Math.floor(rest / 256)) bytes.push(rest % 256)
  return bytes
}

/** Where `needle` occurs in `bytes` (first match), or -1. */
export const indexOfBytes = (bytes: Uint8Array, needle: number[]): number => {
  outer: for (let index = 0; index + needle.length <= bytes.length; index++) {
    for (let offset = 0; offset < needle.length; offset++) if (bytes[index + offset] !== needle[offset]) continue outer
    return index
  }
  return -1
}
