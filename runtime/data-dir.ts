/** The layout of $DATA_DIR. Everything the service writes lives here (never in /tmp). */
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { AppError, StartupError } from './errors.ts'

export interface DataPaths {
  root: string
  state: string
  settings: string
  /** The manager key's bound origin (runtime/settings/key-binding.ts), mode 0600. */
  keyOrigin: string
  /** Atomic record of the installed snapshot: { tag, directory, installed_at }. */
  installed: string
  snapshots: string
  /** Downloads and imports in progress; wiped at start-up, so a crash leaves nothing behind. */
  work: string
}

export const dataPaths = (root: string): DataPaths => ({
  root,
  state: join(root, 'state'),
  settings: join(root, 'state', 'settings.json'),
  keyOrigin: join(root, 'state', 'manager-key.json'),
  installed: join(root, 'state', 'snapshot.json'),
  snapshots: join(root, 'snapshots'),
  work: join(root, 'work'),
})

export const NO_SPACE = 'no space left on the data directory: free some space on its disk and try again'
export const READ_ONLY =
  'the data directory is read-only: the installed snapshot is served, but settings and updates cannot be saved until DATA_DIR is writable'

const READ_ONLY_CODES = new Set(['EROFS', 'EACCES', 'EPERM'])

/** A failed write to the data directory as the error the user sees (507 or the read-only sentence), or null. */
export const storageError = (error: unknown): AppError | null => {
  const code = (error as NodeJS.ErrnoException | null)?.code
  if (code === 'ENOSPC' || code === 'EDQUOT') return new AppError('no-space', NO_SPACE, { cause: error })
  if (code !== undefined && READ_ONLY_CODES.has(code)) return new AppError('read-only', READ_ONLY, { cause: error })
  return null
}

const reasonOf = (error: unknown): string => {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EROFS' ? 'read-only file system' : (code ?? String(error))
}

/** Creates a missing data directory; a path that cannot be one stops start-up with one line. */
const ensureRoot = (root: string): void => {
  try {
    if (!statSync(root).isDirectory())
      throw new StartupError(`the data directory ${root} is a file, not a directory: set DATA_DIR (or --data-dir) to a directory`)
    return
  } catch (error) {
    if (error instanceof StartupError) throw error
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new StartupError(
        `the data directory ${root} cannot be used (${reasonOf(error)}): set DATA_DIR to a directory this user can write`,
      )
  }
  try {
    mkdirSync(root, { recursive: true, mode: 0o700 })
  } catch (error) {
    throw new StartupError(
      `the data directory ${root} cannot be created (${reasonOf(error)}): create it, or set DATA_DIR to a directory this user can write`,
    )
  }
}

/** Creates a directory of the data directory; a file standing in its place stops start-up with one line. */
export const ensureDirectory = (path: string): void => {
  try {
    mkdirSync(path, { recursive: true, mode: 0o700 })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST' || code === 'ENOTDIR')
      throw new StartupError(`${path} is a file, not a directory: move it out of the data directory and start again`)
    throw error
  }
}

/**
 * Makes sure $DATA_DIR and state/ exist and answers whether they can be written: a read-only data
 * directory still serves its installed snapshot (issue 15). A probe file is written and removed,
 * because a directory's mode bits do not say what a read-only mount or root-squashing NFS allows.
 */
export const prepareDataDir = (paths: DataPaths): { writable: boolean } => {
  ensureRoot(paths.root)
  try {
    ensureDirectory(paths.state)
    const probe = join(paths.state, `.write-probe-${process.pid}`)
    writeFileSync(probe, '')
    rmSync(probe, { force: true })
    return { writable: true }
  } catch (error) {
    if (error instanceof StartupError) throw error
    const kind = storageError(error)?.kind
    if (kind === 'read-only') return { writable: false }
    // A full disk still serves; each write answers 507 until space is freed.
    if (kind === 'no-space') return { writable: true }
    throw new StartupError(
      `the data directory ${paths.root} cannot be written (${reasonOf(error)}): free some space or fix its permissions`,
    )
  }
}
