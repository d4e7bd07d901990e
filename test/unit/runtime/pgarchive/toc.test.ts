import { describe, expect, test } from 'bun:test'
import { openArchive } from '../../../../runtime/pgarchive/reader.ts'
import { hasDataBlock } from '../../../../runtime/pgarchive/toc.ts'
import { fixtureBytes, fixturePath, manifest, patchBytes } from '../../../fixtures/snapshots/snapshot-fixtures.ts'
import { expectRefusal } from './_refusal.ts'
import { blockPositions, indexOfBytes, offsetField } from './_positions.ts'

const gzip = fixtureBytes('icvdb-sample-1.14-gzip.dump')

describe('readToc', () => {
  test('reads tableam from 1.14 and relkind from 1.16', async () => {
    const v114 = await openArchive(fixturePath('icvdb-sample-1.14-gzip.dump'))
    const v116 = await openArchive(fixturePath('icvdb-sample-1.16-gzip.dump'))
    try {
      const table = (archive: typeof v114) => archive.toc.find((entry) => entry.desc === 'TABLE' && entry.tag === 'torrents')
      expect(table(v114)?.tableam).toBe('heap')
      expect(table(v114)?.relkind).toBeNull()
      expect(table(v116)?.tableam).toBe('heap')
      expect(table(v116)?.relkind).toBe(114)
      expect(v116.toc.filter((entry) => entry.desc !== 'TABLE').every((entry) => entry.relkind === 0)).toBe(true)
    } finally {
      v114.close()
      v116.close()
    }
  })

  test('data offsets are set in file dumps and unset in pipe dumps', async () => {
    for (const info of manifest.archives) {
      const archive = await openArchive(fixturePath(info.file as never))
      try {
        const states = new Set(archive.toc.filter(hasDataBlock).map((entry) => entry.dataState))
        expect([info.file, [...states]]).toEqual([info.file, [info.data_offsets.startsWith('set') ? 'set' : 'unset']])
        expect(
          archive.toc.filter((entry) => !entry.hadDumper).every((entry) => entry.dataState === 'none' || entry.dataState === 'unset'),
        ).toBe(true)
      } finally {
        archive.close()
      }
    }
  })

  test('a truncated TOC is refused', async () => {
    const [first] = await blockPositions()
    await expectRefusal(gzip.slice(0, Math.floor(first.position / 2)), 'archive is truncated in the TOC')
  })

  test('an unknown data offset flag is refused', async () => {
    const [first] = await blockPositions()
    const at = indexOfBytes(gzip, offsetField(first.position))
    expect(at).toBeGreaterThan(0)
    await expectRefusal(patchBytes(gzip, [[at, 7]]), `archive TOC is corrupt (entry ${first.dumpId} has data offset flag 7)`)
  })
})
