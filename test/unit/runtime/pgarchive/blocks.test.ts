import { describe, expect, test } from 'bun:test'
import { openArchive } from '../../../../runtime/pgarchive/reader.ts'
import { fixtureBytes, patchBytes, tempDirectory, TABLE_CHECKSUMS, writeArchive } from '../../../fixtures/snapshots/snapshot-fixtures.ts'
import { expectRefusal, readFully } from './_refusal.ts'
import { blockPositions, indexOfBytes, offsetField } from './_positions.ts'

// Block layout (pg-archive.md §2.5): type byte, dumpId int (sign + 4 bytes), then chunks (int length + bytes).
const gzip = fixtureBytes('icvdb-sample-1.14-gzip.dump')
const pipe = fixtureBytes('icvdb-sample-1.14-pipe.dump')
const none = fixtureBytes('icvdb-sample-1.14-none.dump')

/** Reads only the torrents table (the last block), so earlier blocks are skipped or jumped over. */
const readTorrents = async (path: string): Promise<number> => {
  const archive = await openArchive(path)
  try {
    const torrents = archive.findTable('public', 'torrents')
    if (!torrents) throw new Error('no torrents')
    const [result] = await archive.read([{ table: torrents, onRow: () => {} }])
    return result.rows
  } finally {
    archive.close()
  }
}

describe('data blocks are checked against the TOC', () => {
  test('a large-object block (type 3) is refused', async () => {
    const [files] = await blockPositions()
    await expectRefusal(patchBytes(gzip, [[files.position, 3]]), 'archive contains large objects (BLOBS), which are not supported')
  })

  test('an unknown block type is refused', async () => {
    const [files] = await blockPositions()
    await expectRefusal(patchBytes(gzip, [[files.position, 2]]), `archive data is corrupt (block type 2 for TOC entry ${files.dumpId})`)
  })

  test('a block whose dumpId is not the next TOC entry is refused', async () => {
    const [files] = await blockPositions()
    // The dumpId's least significant byte follows the type byte and the sign byte.
    const lowByte = files.dumpId % 256
    const wrongId = files.dumpId - lowByte + ((lowByte + 1) % 256)
    await expectRefusal(
      patchBytes(pipe, [[files.position + 2, (lowByte + 1) % 256]]),
      `data block id ${wrongId} does not match the expected TOC entry ${files.dumpId}`,
    )
  })

  test('an archive cut inside a block is refused, naming the table', async () => {
    const [files] = await blockPositions()
    await expectRefusal(gzip.slice(0, files.position + 3000), 'archive is truncated in the data block of files')
  })

  test('an archive cut before the last end-of-block marker is refused', async () => {
    await expectRefusal(gzip.slice(0, gzip.length - 3), 'archive is truncated in the data block of torrents')
  })

  test('a chunk longer than the rest of the file is refused', async () => {
    const blocks = await blockPositions('icvdb-sample-1.14-none.dump')
    const torrents = blocks[blocks.length - 1]
    // First chunk length: sign byte at +6, then 4 bytes; the third one makes it ~8 MB.
    await expectRefusal(patchBytes(none, [[torrents.position + 9, 0x7f]]), 'archive is truncated in the data block of torrents')
  })

  test('a gzip stream broken inside a block is refused, naming the table', async () => {
    const [files] = await blockPositions()
    const inside = files.position + 6 + 5 + 300
    await expectRefusal(
      patchBytes(gzip, [
        [inside, gzip[inside] ^ 0xff],
        [inside + 1, gzip[inside + 1] ^ 0xff],
      ]),
      /^corrupt gzip data in the block of files \(.+\)$/,
    )
  })
})

describe('TOC offsets are a shortcut, never trusted blindly', () => {
  test('with offsets, a requested table is reached without walking the blocks before it', async () => {
    const [files] = await blockPositions()
    // Break the chunk walk of the first block (a ~2 GB chunk length): scanning fails, a jump does not.
    const breakWalk = (bytes: Uint8Array) => patchBytes(bytes, [[files.position + 10, 0x7f]])
    const directory = tempDirectory('pgarchive-jump-')
    try {
      expect(await readTorrents(writeArchive(directory.path, 'jump.dump', breakWalk(gzip)))).toBe(TABLE_CHECKSUMS.torrents.rows)
      // The same damage in a pipe dump (no offsets) is met by the scan.
      await expect(readTorrents(writeArchive(directory.path, 'scan.dump', breakWalk(pipe)))).rejects.toThrow(
        'archive is truncated in the data block of files',
      )
    } finally {
      directory.remove()
    }
  })

  test('an offset that points at the wrong place falls back to a sequential scan', async () => {
    const blocks = await blockPositions()
    const torrents = blocks[blocks.length - 1]
    const at = indexOfBytes(gzip, offsetField(torrents.position))
    const misplaced = patchBytes(gzip, [[at + 1, (gzip[at + 1] + 4) % 256]])
    const directory = tempDirectory('pgarchive-offset-')
    try {
      expect(await readTorrents(writeArchive(directory.path, 'offset.dump', misplaced))).toBe(TABLE_CHECKSUMS.torrents.rows)
    } finally {
      directory.remove()
    }
  })

  test('a 1.14 archive hand-moved to 1.15 (offsets now 4 bytes off) still reads by scanning', async () => {
    // pg-archive.md §4: replace the 5-byte compression int with one algorithm byte.
    const moved = new Uint8Array(gzip.length - 4)
    moved.set(gzip.subarray(0, 11))
    moved[6] = 15
    moved[11] = 1
    moved.set(gzip.subarray(16), 12)
    expect(await readFully(new Blob([moved]).stream())).toBeNull()
    const directory = tempDirectory('pgarchive-moved-')
    try {
      expect(await readFully(writeArchive(directory.path, 'moved.dump', moved))).toBeNull()
    } finally {
      directory.remove()
    }
  })
})
