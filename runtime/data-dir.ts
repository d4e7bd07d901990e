/** The layout of $DATA_DIR. Everything the service writes lives here (never in /tmp). */
import { join } from 'node:path'
import { AppError } from './errors.ts'

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
