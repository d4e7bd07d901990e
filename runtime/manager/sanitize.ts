/**
 * The only sentences about manager failures that leave the process (product.md §4, interface.md
 * §4.4 and §5): fixed per kind, and `Manager request failed` for anything holding the key or a traceback.
 */
import { holdsSecret } from '../secret-forms.ts'
import { networkReason } from '../network-reason.ts'
import { isManagerError, type ManagerError } from './manager-error.ts'

export const MANAGER_REQUEST_FAILED = 'Manager request failed'

const FIXED: Record<Exclude<ManagerError['failure'], 'http' | 'rejected' | 'invalid-response'>, string> = {
  unreachable: 'Unable to connect to Manager',
  'too-large': 'Manager response is too large',
  'invalid-json': 'Manager returned invalid JSON',
  'invalid-schema': 'Manager returned an invalid indexer schema response',
  'no-template': 'Manager has no Generic Torznab indexer schema',
  'no-app-profile': 'Manager has no app profile',
  'request-failed': MANAGER_REQUEST_FAILED,
}

// Enough of Prowlarr's reason to act on ("Query successful, but no results were returned …").
const UPSTREAM_MAX_LENGTH = 300

/** Prowlarr's validation array `[{propertyName, errorMessage, severity}]` → its distinct messages. */
export const validationMessages = (body: unknown): string[] => {
  if (!Array.isArray(body)) return []
  const messages = body
    .map((failure) => (typeof failure?.errorMessage === 'string' ? failure.errorMessage : ''))
    .map((message) => message.replace(/[\x00-\x1f\x7f\s]+/g, ' ').trim())
    .filter((message) => message !== '')
  return [...new Set(messages)]
}

const rejectedSentence = (error: ManagerError, secrets: readonly string[]): string => {
  const reason = validationMessages(error.body).join('; ')
  if (reason === '') return 'Manager rejected the indexer'
  // Checked before the cut: a cut can keep only the first characters of a key.
  if (isUnsafe(reason, secrets)) return MANAGER_REQUEST_FAILED
  const cut = reason.length > UPSTREAM_MAX_LENGTH ? `${reason.slice(0, UPSTREAM_MAX_LENGTH - 1)}…` : reason
  return `Manager rejected the indexer: ${cut}`
}

const sentenceFor = (error: unknown, secrets: readonly string[]): string => {
  if (!isManagerError(error)) return MANAGER_REQUEST_FAILED
  switch (error.failure) {
    case 'http':
      // The status code only: a reason phrase or body could carry anything, including the key.
      return `Manager returned HTTP ${error.status}`
    case 'rejected':
      return rejectedSentence(error, secrets)
    case 'invalid-response':
      return error.stage === 'app-profile'
        ? 'Manager returned an invalid app profile response'
        : 'Manager returned an invalid indexer list response'
    case 'unreachable': {
      // "Unable to connect to Manager (connection refused)": the form interface.md §4.4 names, plus the cause.
      const reason = networkReason(error.cause)
      return reason === 'network error' ? FIXED.unreachable : `${FIXED.unreachable} (${reason})`
    }
    default:
      return FIXED[error.failure]
  }
}

/**
 * interface.md §5: a reason holding the configured key or traceback text is replaced as a whole;
 * the key counts in any encoding and by any piece of 8 characters (runtime/secret-forms.ts).
 */
export const isUnsafe = (text: string, secrets: readonly string[]): boolean => /traceback/i.test(text) || holdsSecret(text, secrets)

export const sanitizeManagerError = (error: unknown, secrets: readonly string[]): string => {
  const sentence = sentenceFor(error, secrets)
  return isUnsafe(sentence, secrets) ? MANAGER_REQUEST_FAILED : sentence
}
