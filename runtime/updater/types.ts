/** The updater's public shape: what /webapi/status, /webapi/updater and the UI read. */

export interface UpdaterStatus {
  installed_version: string | null
  latest_version: string | null
  enabled: boolean
  updating: boolean
  maintenance: boolean
  last_check: string | null
  next_check: string | null
  last_error: string | null
}

export type UpdatePhase =
  | 'idle'
  | 'checking'
  | 'downloading'
  | 'importing'
  | 'indexing'
  | 'validating'
  | 'switching'
  | 'done'
  | 'failed'

export interface UpdaterProgress {
  phase: UpdatePhase
  tag: string | null
  bytes_done: number
  bytes_total: number | null
  rows_done: number
  rows_total: number | null
  started_at: string | null
  finished_at: string | null
  message: string | null
}

export interface Updater {
  status(): UpdaterStatus
  progress(): UpdaterProgress
  /** Starts a check now unless one is running; resolves when it ends (never rejects). */
  check(): Promise<void>
  /** Re-reads the effective schedule settings (after PUT /webapi/settings). */
  reconfigure(): void
  start(): void
  stop(): Promise<void>
}
