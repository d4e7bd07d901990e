/**
 * What went wrong talking to the manager, as a kind. The message is for developers; users only
 * ever see the fixed sentence sanitize.ts derives from the kind.
 */

export type ManagerFailure =
  | 'unreachable' // refused, DNS, TLS, timeout, connection reset
  | 'http' // a non-2xx status
  | 'too-large'
  | 'invalid-json'
  | 'invalid-schema' // the indexer schema is not a list of objects, or Generic Torznab lacks its URL fields
  | 'invalid-response' // another answer has the wrong shape (app profiles, indexer list)
  | 'no-template' // no Generic Torznab entry in the schema
  | 'no-app-profile'
  | 'rejected' // the indexer test or create answered Prowlarr's validation-failure array
  | 'request-failed' // anything else

export type ManagerStage = 'schema' | 'app-profile' | 'list' | 'test' | 'create'

export interface ManagerErrorOptions {
  status?: number
  /** The parsed error body (a validation array on 400), never shown as is. */
  body?: unknown
  stage?: ManagerStage
  cause?: unknown
}

export class ManagerError extends Error {
  readonly failure: ManagerFailure
  readonly status?: number
  readonly body?: unknown
  stage?: ManagerStage

  constructor(failure: ManagerFailure, message: string, options: ManagerErrorOptions = {}) {
    super(message, { cause: options.cause })
    this.name = 'ManagerError'
    this.failure = failure
    this.status = options.status
    this.body = options.body
    this.stage = options.stage
  }
}

export const isManagerError = (error: unknown): error is ManagerError => error instanceof ManagerError
