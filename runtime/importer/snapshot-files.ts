/** The finishing touches on a built snapshot directory: its snapshot_meta rows and a sync to disk. */
import { Database } from 'bun:sqlite'
import { closeSync, fsyncSync, openSync } from 'node:fs'
import { join } from 'node:path'
import { FILES_FILE, MAIN_FILE, META_KEYS } from '../db/schema.ts'
import { ImportError } from './import-error.ts'

export interface SnapshotMeta {
  tag: string
  archiveVersion: string
  dumpVersion: string
  counts: { torrents: number; files: number; pack_files: number }
}

/** Writes META_KEYS into snapshot_meta once both files are built and validated. */
export const writeSnapshotMeta = (directory: string, meta: SnapshotMeta): void => {
  const entries: [string, string][] = [
    [META_KEYS.tag, meta.tag],
    [META_KEYS.archiveVersion, meta.archiveVersion],
    [META_KEYS.dumpVersion, meta.dumpVersion],
    [META_KEYS.importedAt, new Date().toISOString()],
    [META_KEYS.torrents, String(meta.counts.torrents)],
    [META_KEYS.files, String(meta.counts.files)],
    [META_KEYS.packFiles, String(meta.counts.pack_files)],
  ]
  const db = new Database(join(directory, MAIN_FILE))
  try {
    db.run('PRAGMA journal_mode = OFF')
    const insert = db.prepare('INSERT INTO snapshot_meta (key, value) VALUES (?, ?)')
    db.transaction(() => {
      for (const [key, value] of entries) insert.run(key, value)
    })()
    insert.finalize()
    const [[rows]] = db.query('SELECT count(*) FROM snapshot_meta').values() as [number][]
    if (rows !== entries.length) throw new ImportError(`${MAIN_FILE} holds ${rows} snapshot_meta rows, expected ${entries.length}`)
  } finally {
    db.close()
  }
}

/**
 * The files were written without a journal or syncs (a failed import is thrown away); flush them
 * and the directory entry before the snapshot may be installed, so a power cut cannot tear it.
 */
export const syncSnapshot = (directory: string): void => {
  for (const path of [join(directory, MAIN_FILE), join(directory, FILES_FILE), directory]) {
    const fd = openSync(path, 'r')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  }
}
