/**
 * When the next automatic check is due: a pure function of the settings and what happened so far,
 * so re-planning after PUT /webapi/settings never forces a check that is not due.
 */

export interface ScheduleState {
  enabled: boolean
  intervalMs: number
  /** When the updater started (null: not started, nothing is planned). */
  startedAt: number | null
  startDelayMs: number
  /** When the last check ended (null: none yet). */
  lastCheckAt: number | null
  /** Consecutive failed checks. */
  failures: number
  /** The release server's own time to come back after the last failure (epoch ms), if it said one. */
  notBefore?: number | null
}

const FIRST_RETRY_MS = 60_000

/** 1, 2, 4, 8 … minutes after consecutive failures; never later than the regular interval. */
export const backoffMs = (failures: number, intervalMs: number): number =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.min(failures - 1, 20), intervalMs)

/** The time of the next check, or null when none is planned. It may lie in the past (= due now). */
export const dueAt = (state: ScheduleState): number | null => {
  if (!state.enabled || state.startedAt === null) return null
  if (state.lastCheckAt === null) return state.startedAt + state.startDelayMs
  if (state.failures > 0) return Math.max(state.lastCheckAt + backoffMs(state.failures, state.intervalMs), state.notBefore ?? 0)
  return state.lastCheckAt + state.intervalMs
}
