/**
 * The last UPDATE_HISTORY_SIZE update attempts (time, tag, outcome, sizes, rows, durations, the error
 * sentence), newest first, kept across restarts in state/update-history.json (atomic writes). A file
 * that cannot be read or written never stops an update: the history is a diagnostic, not state.
 */
import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { writeFileAtomic } from '../atomic-file.ts'
import { describeError } from '../errors.ts'
import type { Log } from '../log.ts'

const UPDATE_HISTORY_SIZE = 50

const AttemptSchema = v.object({
  started_at: v.string(),
  finished_at: v.string(),
  tag: v.nullable(v.string()),
  outcome: v.picklist(['installed', 'up-to-date', 'failed']),
  /** Bytes of the downloaded dump (null when nothing was downloaded). */
  download_bytes: v.nullable(v.number()),
  /** Torrents imported (null unless installed). */
  rows: v.nullable(v.number()),
  duration_seconds: v.number(),
  /** Seconds spent in each phase the attempt went through, in order. */
  phases: v.array(v.object({ phase: v.string(), seconds: v.number() })),
  /** The user-facing sentence of a failure. */
  error: v.nullable(v.string()),
})
export type UpdateAttempt = v.InferOutput<typeof AttemptSchema>
const FileSchema = v.object({ version: v.literal(1), attempts: v.array(AttemptSchema) })

export interface UpdateHistory {
  add(attempt: UpdateAttempt): void
  /** Newest first. */
  list(): UpdateAttempt[]
}

const load = (path: string, log: Log): UpdateAttempt[] => {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    return []
  }
  try {
    const parsed = v.safeParse(FileSchema, JSON.parse(text))
    if (parsed.success) return parsed.output.attempts.slice(0, UPDATE_HISTORY_SIZE)
  } catch {}
  log.warn(`update history ${path} is unreadable; starting a new one`)
  return []
}

export const createUpdateHistory = (path: string, log: Log): UpdateHistory => {
  let attempts = load(path, log)
  return {
    add(attempt) {
      attempts = [attempt, ...attempts].slice(0, UPDATE_HISTORY_SIZE)
      try {
        writeFileAtomic(path, `${JSON.stringify({ version: 1, attempts }, null, 1)}\n`)
      } catch (error) {
        log.warn(`update history could not be saved (${describeError(error)}); it is kept in memory until the next restart`)
      }
    },
    list: () => attempts.slice(),
  }
}

/** Seconds in each phase, from the times (ms) each phase was entered and the end. */
export const phaseDurations = (entered: ReadonlyArray<readonly [string, number]>, endMs: number): UpdateAttempt['phases'] =>
  entered.map(([phase, at], i) => ({ phase, seconds: Math.round(((entered[i + 1]?.[1] ?? endMs) - at) / 10) / 100 }))
