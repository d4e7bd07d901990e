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

type UpdatePhase = 'idle' | 'checking' | 'downloading' | 'importing' | 'indexing' | 'validating' | 'switching' | 'done' | 'failed'

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

/** What one check did, for the CLI and the log. */
export interface CheckOutcome {
  result: 'installed' | 'up-to-date' | 'failed'
  /** The release tag the check found (null when discovery failed). */
  tag: string | null
  /** One sentence: what happened (the `last_error` sentence on failure). */
  message: string
}

/** A dump the user names instead of the release (runtime/updater/manual-install.ts). */
export type ManualSource =
  /** A file on the server: uploaded into work/ (removed after) or a path the user gave (kept). */
  { kind: 'upload' | 'file'; path: string; name: string } | { kind: 'url'; url: string }

export interface Updater {
  status(): UpdaterStatus
  progress(): UpdaterProgress
  /** Starts a check now, or joins the one running; resolves when it ends (never rejects). */
  check(): Promise<CheckOutcome>
  /** Why a check asked for by hand cannot start now (an install runs, an upload arrives), or null. */
  checkRefusal(): string | null
  /** Installs a hand-given dump through the same import, switch and progress; null while busy. */
  install(source: ManualSource): Promise<CheckOutcome> | null
  /** Keeps automatic checks from starting (an upload is arriving); returns the release function. */
  hold(): () => void
  /** An upload is arriving (a hold is taken): a second one must wait for it. */
  held(): boolean
  /** Re-reads the effective schedule settings (after PUT /webapi/settings). */
  reconfigure(): void
  start(): void
  stop(): Promise<void>
}

/** The 409 of a job asked for while another runs. */
export const UPDATE_RUNNING = 'An update is already running; try again when it has finished'

/**
 * A failure whose message is already the user-facing `last_error` sentence (what failed and why,
 * no secrets). Anything else thrown during an update is wrapped by the updater.
 */
export class UpdateFailure extends Error {
  /** When the server said to come back (a rate limit's reset, Retry-After), as epoch ms. */
  readonly retryAt: number | null

  constructor(message: string, options?: { cause?: unknown; retryAt?: number | null }) {
    super(message, options)
    this.name = 'UpdateFailure'
    this.retryAt = options?.retryAt ?? null
  }
}

export type { ImportProgress, ImportResult } from '../importer/import.ts'

/**
 * The importer's signature, injected by the composition root so the updater never constructs its
 * collaborators (and tests can substitute a fake). `directory` must not exist and lies under work/.
 */
export type ImportSnapshot = typeof import('../importer/import.ts').importSnapshot
