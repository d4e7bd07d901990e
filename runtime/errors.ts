/** The one error type the runtime throws; handlers/_errors.ts maps its kind to an HTTP status. */

export type AppErrorKind =
  | 'invalid' // 422
  | 'bad-request' // 400
  | 'too-large' // 413
  | 'cross-origin' // 403
  | 'maintenance' // 503
  | 'manager-not-configured' // 400
  | 'manager-failed' // 502
  | 'not-found' // 404
  | 'method-not-allowed' // 405
  | 'conflict' // 409
  | 'read-only' // 409: the data directory cannot be written
  | 'no-space' // 507: the data directory's disk is full

export class AppError extends Error {
  readonly kind: AppErrorKind
  /** For a 405: the methods the path answers (RFC 9110 §15.5.6: the response's Allow header). */
  readonly allow?: readonly string[]

  /** `message` is the exact user-facing sentence; `cause` is for the log only. */
  constructor(kind: AppErrorKind, message: string, options?: { cause?: unknown; allow?: readonly string[] }) {
    super(message, options)
    this.kind = kind
    this.name = 'AppError'
    if (options?.allow) this.allow = options.allow
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError

/** A short, secret-free description of an unknown thrown value, for logs and status sentences. */
export const describeError = (error: unknown): string => {
  if (error instanceof Error) return error.message || error.name
  return String(error)
}

/**
 * A start-up failure: one line naming the cause and the fix. Exit status 2 for configuration (a
 * variable or flag), 1 for the environment (the port, the data directory, another instance).
 */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message)
    this.name = 'StartupError'
  }
}
