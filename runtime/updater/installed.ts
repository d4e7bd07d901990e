/**
 * The installed-snapshot record ($DATA_DIR/state/snapshot.json), written atomically. It is the
 * single source of truth after a crash: start-up opens what it names and removes everything else.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { ensureDirectory, type DataPaths } from '../data-dir.ts'
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

/**
 * The status sentence (last_error) and log line when the installed snapshot cannot be opened at
 * start-up (damaged or truncated files, or an older build's layout): nothing is served until a new one
 * is installed, which an automatic check does at once; with updates off, only the user can.
 */
export const unopenedSnapshot = (tag: string, reason: string): string =>
  `The installed snapshot ${tag} cannot be opened (${reason}), so nothing is served: install a snapshot again with Check now ` +
  'or Install a snapshot by hand on the Dashboard, or run icvdb-indexer import <file>'

export const writeInstalled = (paths: DataPaths, record: InstalledSnapshot): void =>
  writeFileAtomic(paths.installed, `${JSON.stringify(record, null, 2)}\n`)

/** What an update leaves in work/ and snapshots/ when the process stops in its middle. */
const entriesOf = (directory: string): string[] => {
  try {
    return readdirSync(directory)
  } catch {
    return []
  }
}

/**
 * Start-up cleanup: empty work/, drop snapshot directories the record does not name. Answers what
 * was removed: anything at all means an update was cut short (a kill, a crash, a power cut).
 */
export const removeLeftovers = (paths: DataPaths, keep: string | null): string[] => {
  const removed: string[] = entriesOf(paths.work).map((name) => `work/${name}`)
  rmSync(paths.work, { recursive: true, force: true })
  ensureDirectory(paths.work)
  ensureDirectory(paths.snapshots)
  for (const name of readdirSync(paths.snapshots)) {
    if (name === keep) continue
    rmSync(join(paths.snapshots, name), { recursive: true, force: true })
    removed.push(`snapshots/${name}`)
  }
  for (const name of readdirSync(paths.state)) {
    if (name.endsWith('.tmp')) rmSync(join(paths.state, name), { force: true })
  }
  return removed
}
