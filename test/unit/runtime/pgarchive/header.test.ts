import { describe, expect, test } from 'bun:test'
import { buildArchive } from '../../../fixtures/snapshots/archive-builder.ts'
import { fixtureBytes, patchBytes, streamOf } from '../../../fixtures/snapshots/snapshot-fixtures.ts'
import { openArchive } from '../../../../runtime/pgarchive/reader.ts'
import { expectRefusal, readFully } from './_refusal.ts'

// Header layout (pg-archive.md §2.3): magic 0–4, version 5–7, intSize 8, offSize 9, format 10,
// compression from 11 (a 5-byte int before 1.15, one algorithm byte from 1.15).
const v114 = fixtureBytes('icvdb-sample-1.14-gzip.dump')
const v115 = fixtureBytes('icvdb-sample-1.15-gzip.dump')

describe('readHeader refuses what this build cannot read, naming what it found', () => {
  const cases: [string, Uint8Array, string][] = [
    ['bad magic', patchBytes(v114, [[0, 0x58]]), 'not a pg_dump custom-format archive (bad magic)'],
    [
      'a plain SQL dump',
      new TextEncoder().encode('--\n-- PostgreSQL database dump\n--\n'),
      'not a pg_dump custom-format archive (bad magic; it looks like a plain SQL dump)',
    ],
    [
      'version 1.17',
      patchBytes(v114, [[6, 17]]),
      'unsupported archive version 1.17 (written by a newer pg_dump; this build reads 1.12–1.16)',
    ],
    [
      'version 2.0',
      patchBytes(v114, [
        [5, 2],
        [6, 0],
      ]),
      'unsupported archive version 2.0 (written by a newer pg_dump; this build reads 1.12–1.16)',
    ],
    [
      'version 1.11',
      patchBytes(v114, [[6, 11]]),
      'unsupported archive version 1.11 (written by an older pg_dump; this build reads 1.12–1.16)',
    ],
    [
      'tar format byte',
      patchBytes(v114, [[10, 3]]),
      'archive is in the tar format, which is not supported (only the custom format of pg_dump -Fc)',
    ],
    [
      'directory format byte',
      patchBytes(v114, [[10, 5]]),
      'archive is in the directory format, which is not supported (only the custom format of pg_dump -Fc)',
    ],
    ['lz4 in a 1.15 archive', patchBytes(v115, [[11, 2]]), 'archive is compressed with lz4, which is not supported (only none and gzip)'],
    ['zstd in a 1.15 archive', patchBytes(v115, [[11, 3]]), 'archive is compressed with zstd, which is not supported (only none and gzip)'],
    [
      'an unknown algorithm in a 1.15 archive',
      patchBytes(v115, [[11, 9]]),
      'archive is compressed with an unknown method (9), which is not supported (only none and gzip)',
    ],
    [
      'an impossible zlib level in a 1.14 archive',
      patchBytes(v114, [
        [11, 0],
        [12, 42],
        [13, 0],
        [14, 0],
        [15, 0],
      ]),
      'archive is compressed with an unknown method (level 42), which is not supported (only none and gzip)',
    ],
    ['integers wider than 8 bytes', patchBytes(v114, [[8, 9]]), 'archive header is corrupt (integer size 9; at most 8 is supported)'],
    ['truncated mid-header', v114.slice(0, 30), 'archive is truncated in the header'],
    ['empty input', new Uint8Array(0), 'archive is truncated in the header'],
  ]
  for (const [what, bytes, message] of cases) {
    test(`${what}: "${message}"`, async () => {
      await expectRefusal(bytes, message)
    })
  }
})

describe('readHeader accepts every layout from 1.12 to 1.16', () => {
  for (const minor of [12, 13, 14, 15, 16]) {
    for (const compression of ['none', 'gzip'] as const) {
      test(`1.${minor} ${compression}`, async () => {
        const bytes = buildArchive({ minor, compression, tables: [{ name: 't', columns: ['a', 'b'], payload: 'x\t1\ny\t\\N\n\\.\n\n\n' }] })
        const archive = await openArchive(streamOf(bytes, 100))
        try {
          expect(archive.header.version).toBe(`1.${minor}.0`)
          expect(archive.header.compression).toBe(compression)
          expect(archive.header.createdAt).toBe('2026-11-22 10:52:58')
          const rows: unknown[] = []
          await archive.read(archive.tables.map((table) => ({ table, onRow: (row) => void rows.push(row) })))
          expect(rows).toEqual([
            ['x', '1'],
            ['y', null],
          ])
        } finally {
          archive.close()
        }
      })
    }
  }

  test('8-byte integers (intSize 8)', async () => {
    const bytes = buildArchive({ intSize: 8, tables: [{ name: 't', columns: ['a'], payload: 'only\n\\.\n\n\n' }] })
    expect(await readFully(streamOf(bytes, 7))).toBeNull()
    const archive = await openArchive(streamOf(bytes, 7))
    try {
      expect(archive.header.intSize).toBe(8)
      expect(archive.tables.map((table) => [table.entry.dumpId, table.name, table.columns])).toEqual([[10, 't', ['a']]])
    } finally {
      archive.close()
    }
  })
})
