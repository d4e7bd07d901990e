/** Placeholder updater with the initial state; the scheduling updater replaces it. */
import type { SettingsStore } from '../settings/store.ts'
import type { SnapshotDatabase } from '../db/database.ts'
import type { Updater, UpdaterProgress, UpdaterStatus } from './types.ts'

export interface UpdaterDeps {
  settings: SettingsStore
  database: SnapshotDatabase
  maintenance: { active: boolean }
}

export const idleProgress = (): UpdaterProgress => ({
  phase: 'idle',
  tag: null,
  bytes_done: 0,
  bytes_total: null,
  rows_done: 0,
  rows_total: null,
  started_at: null,
  finished_at: null,
  message: null,
})

export const createUpdater = (deps: UpdaterDeps): Updater => ({
  status: (): UpdaterStatus => ({
    installed_version: deps.database.tag,
    latest_version: null,
    enabled: deps.settings.effective().database_update.enabled,
    updating: false,
    maintenance: deps.maintenance.active,
    last_check: null,
    next_check: null,
    last_error: null,
  }),
  progress: idleProgress,
  check: async () => {},
  reconfigure: () => {},
  start: () => {},
  stop: async () => {},
})
