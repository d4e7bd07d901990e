/** The layout of $DATA_DIR. Everything the service writes lives here (never in /tmp). */
import { join } from 'node:path'

export interface DataPaths {
  root: string
  state: string
  settings: string
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
  installed: join(root, 'state', 'snapshot.json'),
  snapshots: join(root, 'snapshots'),
  work: join(root, 'work'),
})
