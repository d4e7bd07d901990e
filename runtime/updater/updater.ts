/**
 * The snapshot updater: state for /webapi/status and /webapi/updater, the automatic schedule
 * (start delay, interval, backoff after failures), and one check at a time:
 * discover → compare tags → download → import → switch.
 */
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { isoTime, type Clock } from '../clock.ts'
import { storageError, type DataPaths } from '../data-dir.ts'
import type { SnapshotDatabase } from '../db/database.ts'
import { describeError } from '../errors.ts'
import type { Log } from '../log.ts'
import { formatCount } from '../progress-bar.ts'
import type { SettingsStore } from '../settings/store.ts'
import { downloadDump } from './download.ts'
import { installDump } from './install.ts'
import { installManual } from './manual-install.ts'
import { discoverRelease, isUpdate } from './release.ts'
import { dueAt } from './schedule.ts'
import { phaseDurations, type UpdateAttempt } from '../diagnostics/update-history.ts'
import {
  UPDATE_RUNNING,
  UpdateFailure,
  type CheckOutcome,
  type ImportSnapshot,
  type ManualSource,
  type Updater,
  type UpdaterProgress,
  type UpdaterStatus,
} from './types.ts'

export interface UpdaterDeps {
  settings: SettingsStore
  database: SnapshotDatabase
  maintenance: { active: boolean }
  paths: DataPaths
  clock: Clock
  log: Log
  importSnapshot: ImportSnapshot
  releaseUrl: string
  userAgent: string
  /** DB_UPDATE_START_DELAY; null = 60 s, or 0 while no snapshot is installed. */
  startDelaySeconds: number | null
  /** Shorter network deadlines for tests (defaults: release 30 s, connect 30 s, idle 60 s). */
  timeouts?: { releaseMs?: number; connectMs?: number; idleMs?: number }
  /** Test hook ICVDB_TEST_PAUSE_SWITCH_MS (see switch.ts). */
  switchPauseMs?: number
  /** Told of every finished attempt (the update history of runtime/diagnostics). */
  onAttempt?: (attempt: UpdateAttempt) => void
  /** Why start-up serves nothing though a snapshot is installed (installed.ts unopenedSnapshot): the first last_error. */
  startupError?: string | null
}

const idleProgress = (): UpdaterProgress => ({
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

/** How often a held automatic check looks again. */
const HOLD_RETRY_MS = 5000

export const createUpdater = (deps: UpdaterDeps): Updater => {
  const { clock, log, settings, database } = deps
  let latest: string | null = null
  let lastError: string | null = deps.startupError ?? null
  let lastCheckAt: number | null = null
  let failures = 0
  let startedAt: number | null = null
  let startDelayMs = 0
  let stopped = false
  let nextAt: number | null = null
  let timer: unknown = null
  let running: Promise<CheckOutcome> | null = null
  // When the release server said to come back (a rate limit), for the next automatic check.
  let notBefore: number | null = null
  // The running job is an install by hand, which a check asked for by hand must not join.
  let installing = false
  let controller: AbortController | null = null
  let progress = idleProgress()
  let holds = 0
  // When each phase of the running attempt began (ms), for the update history.
  let phases: Array<[string, number]> = []
  // Torrents of the snapshot the running attempt installed, for the update history.
  let rows: number | null = null
  const setProgress = (next: UpdaterProgress): void => {
    if (next.phase !== progress.phase || phases.length === 0) phases.push([next.phase, clock.now()])
    progress = next
  }

  const plan = () => {
    if (timer !== null) clock.clearTimeout(timer)
    timer = null
    const { enabled, interval_seconds } = settings.effective().database_update
    nextAt = stopped
      ? null
      : dueAt({ enabled, intervalMs: interval_seconds * 1000, startedAt, startDelayMs, lastCheckAt, failures, notBefore })
    if (nextAt === null || running) return
    timer = clock.setTimeout(
      () => {
        timer = null
        // An upload is arriving: the automatic check waits, so it cannot make the upload's install a 409.
        if (holds > 0) return void (timer = clock.setTimeout(plan, HOLD_RETRY_MS))
        void check()
      },
      Math.max(0, nextAt - clock.now()),
    )
  }

  const installDeps = () => ({ ...deps, now: clock.now })

  /** One update; throws UpdateFailure sentences. */
  const update = async (signal: AbortSignal): Promise<CheckOutcome> => {
    const timeouts = deps.timeouts ?? {}
    const release = await discoverRelease({ url: deps.releaseUrl, userAgent: deps.userAgent, timeoutMs: timeouts.releaseMs, signal })
    latest = release.tag
    setProgress({ ...progress, tag: release.tag })
    const installed = database.tag
    if (!isUpdate(release.tag, installed)) {
      const message =
        installed === release.tag
          ? `Already up to date (${installed})`
          : `Installed ${installed} is newer than ${release.tag}; no downgrade`
      return { result: 'up-to-date', tag: release.tag, message }
    }
    log.info(`snapshot ${release.tag} is available (installed: ${installed ?? 'none'}); downloading ${release.asset.name}`)
    setProgress({ ...progress, phase: 'downloading', bytes_total: release.asset.size })
    const dumpPath = join(deps.paths.work, `${release.tag}-${randomUUID().slice(0, 8)}.dump`)
    await downloadDump({
      url: release.asset.url,
      path: dumpPath,
      name: release.asset.name,
      expectedSha256: release.sha256,
      expectedSize: release.asset.size,
      userAgent: deps.userAgent,
      connectTimeoutMs: timeouts.connectMs,
      idleTimeoutMs: timeouts.idleMs,
      signal,
      onProgress: (done, total) => setProgress({ ...progress, bytes_done: done, bytes_total: total }),
    })
    const result = await installDump(installDeps(), {
      dumpPath,
      tag: release.tag,
      name: release.asset.name,
      origin: { kind: 'release', name: release.asset.name },
      removeDump: true,
      signal,
      onProgress: (report) => setProgress({ ...progress, ...report }),
      onSwitch: () => setProgress({ ...progress, phase: 'switching' }),
    })
    rows = result.counts.torrents
    return { result: 'installed', tag: release.tag, message: `Installed ${release.tag} (${formatCount(result.counts.torrents)} torrents)` }
  }

  /** After a failed automatic check: when the next try is and the ways that need no internet. */
  const retryHint = () => {
    plan()
    // A one-shot `icvdb-indexer check` never starts the schedule: its own run does not retry.
    const when =
      startedAt === null
        ? 'this command does not retry'
        : nextAt === null
          ? 'no automatic retry (updates are off)'
          : `next try at ${isoTime(nextAt)}`
    return `${when}; or install a snapshot by hand: upload a dump in the web UI (Dashboard), or run icvdb-indexer import <file|url>`
  }

  /** Runs one job (a check, or a hand-given dump) with the shared progress; `isCheck` drives the schedule. */
  const run = async (job: (signal: AbortSignal) => Promise<CheckOutcome>, isCheck: boolean): Promise<CheckOutcome> => {
    controller = new AbortController()
    phases = []
    rows = null
    setProgress({ ...idleProgress(), phase: 'checking', started_at: isoTime(clock.now()) })
    let outcome: CheckOutcome
    try {
      outcome = await job(controller.signal)
      if (isCheck || outcome.result === 'installed') lastError = null
      if (isCheck) (failures = 0), (notBefore = null)
      if (isCheck) lastCheckAt = clock.now()
      setProgress({ ...progress, phase: 'done', message: outcome.message })
      log.info(`${isCheck ? 'update check' : 'install'}: ${outcome.message}`)
    } catch (error) {
      // Sentences are built to be specific and secret-free; redact anyway (a URL could carry a token).
      // A data directory that went read-only or full mid-update gets the sentences the API answers with.
      const reason = storageError(error)?.message ?? describeError(error)
      const sentence = error instanceof UpdateFailure ? error.message : `Update failed: ${reason}`
      lastError = log.redact(sentence)
      if (isCheck) (failures += 1), (notBefore = error instanceof UpdateFailure ? error.retryAt : null)
      outcome = { result: 'failed', tag: progress.tag, message: lastError }
      setProgress({ ...progress, phase: 'failed', message: lastError })
      if (isCheck) lastCheckAt = clock.now()
      log.warn(isCheck ? `update check failed: ${lastError}; ${retryHint()}` : `install failed: ${lastError}`)
    }
    const finishedAt = clock.now()
    setProgress({ ...progress, finished_at: isoTime(finishedAt) })
    deps.onAttempt?.(attemptOf(outcome, progress, phases, rows, finishedAt))
    return outcome
  }

  const exclusive = (job: (signal: AbortSignal) => Promise<CheckOutcome>, isCheck: boolean): Promise<CheckOutcome> => {
    if (timer !== null) clock.clearTimeout(timer)
    timer = null
    installing = !isCheck
    running = run(job, isCheck).finally(() => {
      running = null
      installing = false
      controller = null
      plan()
    })
    return running
  }

  const check = (): Promise<CheckOutcome> => running ?? exclusive(update, true)

  const install = (source: ManualSource): Promise<CheckOutcome> | null => {
    if (running) return null
    return exclusive((signal) => installManual(installDeps(), source, signal, (patch) => setProgress({ ...progress, ...patch })), false)
  }

  // A check asked for by hand joins a running check, but would only join an install (and find no
  // release) or turn an arriving upload's install into a 409 (the upload thrown away).
  const checkRefusal = (): string | null => {
    if (holds > 0) return 'A dump is being uploaded; check for updates once it is installed'
    return installing ? UPDATE_RUNNING : null
  }

  const status = (): UpdaterStatus => {
    const enabled = settings.effective().database_update.enabled
    return {
      installed_version: database.tag,
      latest_version: latest,
      enabled,
      updating: running !== null,
      maintenance: deps.maintenance.active,
      last_check: isoTime(lastCheckAt),
      next_check: enabled && !running ? isoTime(nextAt) : null,
      last_error: lastError,
    }
  }

  return {
    status,
    progress: () => ({ ...progress }),
    check,
    checkRefusal,
    install,
    hold: () => {
      holds += 1
      let released = false
      return () => void (released || ((released = true), (holds -= 1)))
    },
    held: () => holds > 0,
    reconfigure: plan,
    start: () => {
      if (startedAt !== null) return
      startedAt = clock.now()
      // product.md §3: with nothing installed the first check runs at once unless told otherwise.
      startDelayMs = (deps.startDelaySeconds ?? (database.tag === null ? 0 : 60)) * 1000
      plan()
      const { enabled, interval_seconds } = settings.effective().database_update
      log.info(enabled ? `automatic updates enabled (every ${formatCount(interval_seconds)} s)` : 'automatic updates disabled')
    },
    stop: async () => {
      stopped = true
      plan()
      controller?.abort()
      await running
    },
  }
}

/** A finished attempt as the update history keeps it (phases up to the final done or failed). */
const attemptOf = (
  outcome: CheckOutcome,
  progress: UpdaterProgress,
  phases: Array<[string, number]>,
  rows: number | null,
  endMs: number,
): UpdateAttempt => {
  const startMs = phases[0]?.[1] ?? endMs
  const downloaded = phases.some(([phase]) => phase === 'downloading')
  return {
    started_at: new Date(startMs).toISOString(),
    finished_at: new Date(endMs).toISOString(),
    tag: outcome.tag,
    outcome: outcome.result,
    download_bytes: downloaded ? (progress.bytes_total ?? progress.bytes_done) : null,
    rows,
    duration_seconds: Math.round((endMs - startMs) / 10) / 100,
    phases: phaseDurations(phases.slice(0, -1), phases.at(-1)?.[1] ?? endMs),
    error: outcome.result === 'failed' ? outcome.message : null,
  }
}
