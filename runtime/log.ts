/** One-line logger that redacts secrets and credentials before anything leaves the process. */
import { holdsSecret } from './secret-forms.ts'
import { endProgressLine } from './progress-bar.ts'

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]
export type LogSink = (line: string, level: LogLevel) => void

export interface Log {
  debug(message: string): void
  info(message: string): void
  warn(message: string): void
  error(message: string): void
  /** Redacts a text the same way log lines are redacted (also used for status sentences). */
  redact(text: string): string
}

const REDACTED = '[redacted]'
const WITHHELD = '[text withheld: it held part of the manager API key]'

// Credentials that can appear in URLs or headers even when they are not our configured key.
const CREDENTIAL_PATTERNS: RegExp[] = [
  /(api[_-]?key|apikey|passkey|token|password)(["']?\s*[=:]\s*["']?)[^\s&"',;]+/gi,
  /(x-api-key:\s*)\S+/gi,
  /(\/\/)[^/\s:@]+:[^/\s@]+@/g,
]

const redactText = (text: string, secrets: readonly string[]): string => {
  let result = text
  for (const secret of secrets) {
    if (secret.length > 0) result = result.split(secret).join(REDACTED)
  }
  result = result.replace(CREDENTIAL_PATTERNS[0], `$1$2${REDACTED}`)
  result = result.replace(CREDENTIAL_PATTERNS[1], `$1${REDACTED}`)
  result = result.replace(CREDENTIAL_PATTERNS[2], `$1${REDACTED}@`)
  // An encoded, split or cut copy of a key cannot be cut out reliably: the whole text is withheld.
  return holdsSecret(result, secrets) ? WITHHELD : result
}

export const consoleSink: LogSink = (line, level) => {
  endProgressLine()
  if (level === 'error' || level === 'warn') console.error(line)
  else console.log(line)
}

export interface LogOptions {
  /** Current secrets (the persisted and environment manager keys); read at every line. */
  secrets?: () => readonly string[]
  sink?: LogSink
  quiet?: boolean
  /** The least severe level written (LOG_LEVEL; default: everything). */
  level?: LogLevel
}

// What a terminal or log viewer would act on rather than show: C0 controls (ESC, BEL, backspace…) but
// tab, DEL, C1 controls and the bidirectional overrides. A request's name or query may carry them.
const UNPRINTABLE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g
const visible = (character: string): string => {
  const code = character.charCodeAt(0)
  return code > 0xff ? `\\u${code.toString(16)}` : `\\x${code.toString(16).padStart(2, '0')}`
}

/** One log line's text: line breaks become spaces (no forged lines), other controls visible escapes. */
const printableLine = (message: string): string => message.replace(/[\r\n]+/g, ' ').replace(UNPRINTABLE, visible)

export const createLog = (options: LogOptions = {}): Log => {
  const secrets = options.secrets ?? (() => [])
  const sink = options.sink ?? consoleSink
  const redact = (text: string) => redactText(text, secrets())
  const write = (level: LogLevel) => (message: string) => {
    if (options.quiet && level === 'debug') return
    if (LOG_LEVELS.indexOf(level) < LOG_LEVELS.indexOf(options.level ?? 'debug')) return
    sink(`${new Date().toISOString()} ${level.padEnd(5)} ${printableLine(redact(message))}`, level)
  }
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error'), redact }
}
