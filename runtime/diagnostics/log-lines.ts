/**
 * The last LOG_LINES log lines, as written (already redacted by runtime/log.ts), for GET /webapi/logs.
 * A sink in front of the real one: each line is kept, then passed on.
 */
import type { LogLevel, LogSink } from '../log.ts'
import { Ring } from './ring.ts'

export const LOG_LINES = 1000
const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error']

export interface LogLine {
  level: LogLevel
  line: string
}

export interface LogLines {
  sink(next: LogSink): LogSink
  /** Newest first; `level` keeps that level and the more severe ones. */
  list(level?: LogLevel, limit?: number): LogLine[]
}

export const isLogLevel = (value: string): value is LogLevel => (LEVELS as readonly string[]).includes(value)

export const createLogLines = (capacity = LOG_LINES): LogLines => {
  const ring = new Ring<LogLine>(capacity)
  return {
    sink: (next) => (line, level) => {
      ring.push({ level, line })
      next(line, level)
    },
    list: (level = 'debug', limit) => {
      const least = LEVELS.indexOf(level)
      return ring.newestFirst((entry) => LEVELS.indexOf(entry.level) >= least, limit)
    },
  }
}
