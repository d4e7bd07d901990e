/** A stand-in importer for updater unit tests: builds a tiny snapshot instead of reading the dump. */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ImportSnapshot } from '../../runtime/updater/types.ts'
import { makeSnapshotDirectory } from './fake-snapshot.ts'

export interface FakeImporterOptions {
  /** Throw this message after leaving a partial directory behind. */
  fail?: string
  /** Titles of the snapshot it builds, per tag. */
  titles?: (tag: string) => string[]
}

export const fakeImporter = (options: FakeImporterOptions = {}) => {
  const calls: Array<{ source: string; tag: string; sourceSize?: number }> = []
  const importSnapshot: ImportSnapshot = async (request) => {
    calls.push({ source: String(request.source), tag: request.tag, sourceSize: request.sourceSize })
    if (existsSync(request.directory)) throw new Error('the import directory already exists')
    request.onProgress?.({ phase: 'importing', bytes_done: 0, bytes_total: request.sourceSize ?? null, rows_done: 0, rows_total: null })
    if (options.fail) {
      mkdirSync(request.directory)
      writeFileSync(join(request.directory, 'torrents.db'), 'partial')
      throw new Error(options.fail)
    }
    makeSnapshotDirectory(request.directory, request.tag, { titles: options.titles?.(request.tag) })
    request.onProgress?.({
      phase: 'validating',
      bytes_done: request.sourceSize ?? 0,
      bytes_total: request.sourceSize ?? null,
      rows_done: 3,
      rows_total: 3,
    })
    return {
      directory: request.directory,
      counts: { torrents: 2, files: 1, pack_files: 0 },
      archiveVersion: '1.14.0',
      dumpVersion: '15.18',
      seconds: 0.01,
    }
  }
  return { importSnapshot, calls }
}
