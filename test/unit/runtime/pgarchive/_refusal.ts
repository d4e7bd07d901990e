/** Shared by the refusal tests: read a whole archive from bytes, via a file and via a stream. */
import { expect } from 'bun:test'
import { ArchiveError, openArchive, type ArchiveSource } from '../../../../runtime/pgarchive/reader.ts'
import { streamOf, tempDirectory, writeArchive } from '../../../fixtures/snapshots/snapshot-fixtures.ts'

/** Opens and reads every table; resolves with the error thrown, or null. */
export const readFully = async (source: ArchiveSource): Promise<unknown> => {
  try {
    const archive = await openArchive(source)
    try {
      await archive.read(archive.tables.map((table) => ({ table, onRow: () => {} })))
    } finally {
      archive.close()
    }
    return null
  } catch (error) {
    return error
  }
}

/** Asserts that reading `bytes` fails with an ArchiveError, from a file and from a pipe alike. */
export const expectRefusal = async (bytes: Uint8Array, message: string | RegExp): Promise<void> => {
  const directory = tempDirectory('pgarchive-refusal-')
  try {
    for (const source of [writeArchive(directory.path, 'broken.dump', bytes), streamOf(bytes, 4000)]) {
      const error = await readFully(source)
      expect(error).toBeInstanceOf(ArchiveError)
      if (typeof message === 'string') expect((error as Error).message).toBe(message)
      else expect((error as Error).message).toMatch(message)
    }
  } finally {
    directory.remove()
  }
}
