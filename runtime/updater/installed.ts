/**
 * The installed-snapshot record ($DATA_DIR/state/snapshot.json), written atomically. It is the
 * single source of truth after a crash: start-up opens what it names and removes everything else.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { DataPaths } from '../data-dir.ts'
import { writeFileAtomic } from '../atomic-file.ts'

/** Where an installed snapshot came from: the release, an upload, a file on the server or a URL. */
export interface SnapshotOrigin {
  kind: 'release' | 'upload' | 'file' | 'url'
  /** The dump's file name (never a full URL: it could carry a token). */
  name: string
}

export interface InstalledSnapshot {
  tag: string
  /** Directory name under $DATA_DIR/snapshots. */
  directory: string
  installed_at: string
  /** Absent in records written before it existed. */
  origin?: SnapshotOrigin
}

export const readInstalled = (paths: DataPaths): InstalledSnapshot | null => {
  try {
    const record = JSON.parse(readFileSync(paths.installed, 'utf8')) as InstalledSnapshot
    if (typeof record.tag !== 'string' || typeof record.directory !== 'string') return null
    if (!existsSync(join(paths.snapshots, record.directory))) return null
    return record
  } catch {
    return null
  }
}

export const writeInstalled = (paths: DataPaths, record: InstalledSnapshot): void =>
  writeFileAtomic(paths.installed, `${JSON.stringify(record, null, 2)}\n`)

/** Start-up cleanup: empty work/, drop snapshot directories the record does not name. */
export const removeLeftovers = (paths: DataPaths, keep: string | null): string[] => {
  const removed: string[] = []
  rmSync(paths.work, { recursive: true, force: true })
  mkdirSync(paths.work, { recursive: true, mode: 0o700 })
  mkdirSync(paths.snapshots, { recursive: true, mode: 0o700 })
  for (const name of readdirSync(paths.snapshots)) {
    if (name === keep) continue
    rmSync(join(paths.snapshots, name), { recursive: true, force: true })
    removed.push(name)
  }
  for (const name of readdirSync(paths.state)) {
    if (name.endsWith('.tmp')) rmSync(join(paths.state, name), { force: true })
  }
  return removed
}
