import { describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { openArchive, type Archive, type TableRequest } from '../../../../runtime/pgarchive/reader.ts'
import { buildArchive } from '../../../fixtures/snapshots/archive-builder.ts'
import { FIXTURES, fixtureBytes, fixturePath, manifest, streamOf, TABLE_CHECKSUMS } from '../../../fixtures/snapshots/snapshot-fixtures.ts'

import { expectRefusal } from './_refusal.ts'

const TERMINATOR = '\\.\n\n\n'
type TableName = keyof typeof TABLE_CHECKSUMS

/** Reads every table's payload and rows; returns md5 of the payload with and without the terminator. */
const readAll = async (archive: Archive) => {
  const seen = new Map<string, { payload: Buffer[]; rows: number }>()
  const requests: TableRequest[] = archive.tables.map((table) => {
    const entry = { payload: [] as Buffer[], rows: 0 }
    seen.set(table.name, entry)
    return { table, onPayload: (piece) => entry.payload.push(Buffer.from(piece)), onRow: () => void entry.rows++ }
  })
  const results = await archive.read(requests)
  return results.map((result) => {
    const payload = Buffer.concat(seen.get(result.table.name)?.payload ?? [])
    const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex')
    return {
      name: result.table.name as TableName,
      rows: result.rows,
      payloadBytes: result.payloadBytes,
      payloadMd5: md5(payload),
      endsWithTerminator: payload.subarray(payload.length - TERMINATOR.length).toString() === TERMINATOR,
      rowsMd5: md5(payload.subarray(0, payload.length - TERMINATOR.length)),
    }
  })
}

describe('openArchive reads every fixture', () => {
  for (const info of manifest.archives) {
    describe(info.file, () => {
      test('header fields match the manifest', async () => {
        const archive = await openArchive(fixturePath(info.file as never))
        try {
          expect(archive.header.version).toBe(info.archive_version)
          expect(archive.header.dumpVersion).toBe(info.pg_dump_version)
          expect(archive.header.serverVersion).toBe(info.server_version)
          expect(archive.header.databaseName).toBe(info.database_name)
          expect(archive.header.compression).toBe(info.compression as 'gzip' | 'none')
          expect(archive.header.createdAt).toBe(info.header_created_local_time)
          expect(archive.encoding).toBe('UTF8')
          expect(archive.size).toBe(info.size)
        } finally {
          archive.close()
        }
      })

      test('TOC entries match the manifest summary', async () => {
        const archive = await openArchive(fixturePath(info.file as never))
        try {
          const byDesc: Record<string, number> = {}
          for (const entry of archive.toc) byDesc[entry.desc ?? ''] = (byDesc[entry.desc ?? ''] ?? 0) + 1
          expect(archive.toc.length).toBe(info.toc_entries)
          expect(byDesc).toEqual(info.toc_entries_by_desc)
          expect(archive.tables.map((table) => table.name)).toEqual(info.data_blocks.map((block) => block.table))
          const torrents = archive.findTable('public', 'torrents')
          expect(torrents?.columns?.length).toBe(23)
          expect(torrents?.columns).not.toContain('title_vector')
        } finally {
          archive.close()
        }
      })

      test('every table payload has the manifest md5, with and without the terminator', async () => {
        const archive = await openArchive(fixturePath(info.file as never))
        try {
          const tables = await readAll(archive)
          expect(tables.length).toBe(5)
          for (const table of tables) {
            const expected = TABLE_CHECKSUMS[table.name]
            expect({ table: table.name, md5: table.payloadMd5, rows: table.rows, bytes: table.payloadBytes }).toEqual({
              table: table.name,
              md5: expected.archive_payload_md5,
              rows: expected.rows,
              bytes: expected.archive_payload_bytes,
            })
            expect(table.endsWithTerminator).toBe(true)
            expect(table.rowsMd5).toBe(expected.archive_rows_md5)
          }
          // The reader consumed the whole file: blocks end exactly where the archive ends.
          expect(archive.position).toBe(info.size)
        } finally {
          archive.close()
        }
      })
    })
  }
})

describe('openArchive reads byte streams (pipes)', () => {
  for (const file of FIXTURES) {
    test(`${file} read through a stream in 777-byte pieces gives the same payloads`, async () => {
      const archive = await openArchive(streamOf(fixtureBytes(file), 777))
      try {
        const tables = await readAll(archive)
        for (const table of tables) expect(table.payloadMd5).toBe(TABLE_CHECKSUMS[table.name].archive_payload_md5)
      } finally {
        archive.close()
      }
    })
  }

  test('a stream delivered one byte at a time still decodes every row', async () => {
    const archive = await openArchive(streamOf(fixtureBytes('icvdb-sample-1.14-none.dump'), 1))
    try {
      const torrents = archive.findTable('public', 'torrents')
      if (!torrents) throw new Error('no torrents table')
      let rows = 0
      const [result] = await archive.read([{ table: torrents, onRow: () => void rows++ }])
      expect(rows).toBe(410)
      expect(result.rows).toBe(410)
    } finally {
      archive.close()
    }
  })
})

describe('Archive.read', () => {
  test('reads only the requested tables and skips the blocks before them', async () => {
    for (const file of ['icvdb-sample-1.14-gzip.dump', 'icvdb-sample-1.14-pipe.dump'] as const) {
      const archive = await openArchive(fixturePath(file))
      try {
        const packFiles = archive.findTable('public', 'pack_files')
        const torrents = archive.findTable('public', 'torrents')
        if (!packFiles || !torrents) throw new Error('missing tables')
        const results = await archive.read([
          { table: torrents, onRow: () => {} },
          { table: packFiles, onRow: () => {} },
        ])
        // Results come in archive (TOC) order, whatever the request order.
        expect(results.map((result) => [result.table.name, result.rows])).toEqual([
          ['pack_files', 80],
          ['torrents', 410],
        ])
        const blocks = manifest.archives.find((archiveInfo) => archiveInfo.file === file)?.data_blocks ?? []
        const stored = blocks
          .filter((block) => block.table === 'pack_files' || block.table === 'torrents')
          .reduce((sum, block) => sum + block.stored_bytes, 0)
        expect(archive.decodedBytes).toBe(stored)
      } finally {
        archive.close()
      }
    }
  })

  test('a later read goes back to a block already passed, with or without offsets in the TOC', async () => {
    for (const file of ['icvdb-sample-1.14-gzip.dump', 'icvdb-sample-1.14-pipe.dump'] as const) {
      const archive = await openArchive(fixturePath(file))
      try {
        const payloadMd5 = async (name: TableName) => {
          const hash = createHash('md5')
          const table = archive.findTable('public', name)
          if (!table) throw new Error(`missing ${name}`)
          await archive.read([{ table, onPayload: (piece) => void hash.update(piece) }])
          return hash.digest('hex')
        }
        // torrents (last), then files (first, passed on the way), then torrents again.
        const order: TableName[] = ['torrents', 'files', 'pack_files', 'torrents']
        const sums: string[] = []
        for (const name of order) sums.push(await payloadMd5(name))
        expect(sums).toEqual(order.map((name) => TABLE_CHECKSUMS[name].archive_payload_md5))
      } finally {
        archive.close()
      }
    }
  })

  test('a stream cannot go back: asking for a passed block says so', async () => {
    const archive = await openArchive(streamOf(fixtureBytes('icvdb-sample-1.14-pipe.dump'), 4096))
    try {
      const [files, torrents] = (['files', 'torrents'] as const).map((name) => archive.findTable('public', name))
      if (!files || !torrents) throw new Error('missing tables')
      await archive.read([{ table: torrents, onRow: () => {} }])
      await expect(archive.read([{ table: files, onRow: () => {} }])).rejects.toThrow(
        `table data of entry ${files.entry.dumpId} was already passed`,
      )
    } finally {
      archive.close()
    }
  })

  test('rows come out with fields in copyStmt column order, NULL as null and escapes decoded', async () => {
    const archive = await openArchive(fixturePath('icvdb-sample-1.16-gzip.dump'))
    try {
      const torrents = archive.findTable('public', 'torrents')
      if (!torrents?.columns) throw new Error('no torrents table')
      const rows: (string | null)[][] = []
      await archive.read([{ table: torrents, onRow: (row) => void rows.push(row) }])
      const column = (name: string) => (torrents.columns as string[]).indexOf(name)
      const byHash = new Map(rows.map((row) => [row[column('info_hash')], row]))
      expect(byHash.get('274f825ec9dfde347f3633212b0a375a404b664b')?.[column('title')]).toBe('Il Divo\t(2008) ITA 720p BDRip')
      expect(byHash.get('9b9c09e976706e8ce561a7962cb3a95d060fcab8')?.[column('title')]).toBe('Il.Sorpasso.1962.ITA\u000b.DVDRip')
      expect(byHash.get('cd4a8e64888e52427900bb5008057b37a49df031')?.[column('title')]).toBe(
        'Perfetti.Sconosciuti.2016.ITA\u0001.720p.BluRay.x264',
      )
      expect(byHash.get('46447D6F4B260E5FA1A367927F206CCE53BD7FD8')?.[column('title')]).toBe(
        'La.Grande.Bellezza.2013.ITA.1080p.BluRay.x264',
      )
      expect(rows.filter((row) => row[column('size')] === null).length).toBe(manifest.data.torrents_stats.size_null)
      expect(rows.filter((row) => row[column('seeders')] === null).length).toBe(manifest.data.torrents_stats.seeders_null)
    } finally {
      archive.close()
    }
  })

  test('the line that is exactly \\. inside a value does not end the table', async () => {
    const archive = await openArchive(fixturePath('icvdb-sample-1.14-none.dump'))
    try {
      const pending = archive.findTable('public', 'pending_actions')
      if (!pending?.columns) throw new Error('no pending_actions table')
      const rows: (string | null)[][] = []
      await archive.read([{ table: pending, onRow: (row) => void rows.push(row) }])
      expect(rows.length).toBe(5)
      const reason = rows.find((row) => row[0] === '3')?.[pending.columns.indexOf('rejection_reason')]
      expect(reason).toContain('\n\\.\n')
      expect(rows.find((row) => row[0] === '4')?.[pending.columns.indexOf('rejection_reason')]).toBe('')
    } finally {
      archive.close()
    }
  })
})

describe('openArchive refuses data it cannot decode', () => {
  test('an archive in another client encoding is refused by name', async () => {
    const bytes = buildArchive({ encoding: 'LATIN1', tables: [{ name: 't', columns: ['a'], payload: '\\.\n\n\n' }] })
    await expectRefusal(bytes, 'archive uses the LATIN1 encoding, which is not supported (only UTF8)')
  })

  test('table data written as INSERT statements (pg_dump --inserts) is refused by name', async () => {
    const bytes = buildArchive({ tables: [{ name: 'torrents', columns: null, payload: "INSERT INTO public.torrents VALUES ('x');\n" }] })
    await expectRefusal(bytes, 'table torrents was dumped as INSERT statements (pg_dump --inserts), which is not supported')
  })
})
