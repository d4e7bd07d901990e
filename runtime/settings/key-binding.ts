/**
 * The manager key's binding (issue 15): a persisted key is only sent to the origin of the manager URL
 * it was saved with. The origin lives in its own 0600 file beside settings.json, whose four fields are
 * fixed (interface.md §2.1); a key from MANAGER_API_KEY is bound to MANAGER_URL and needs no file.
 */
import { readFileSync } from 'node:fs'
import { writeFileAtomic } from '../atomic-file.ts'

/** `http://Prowlarr:9696/x?y` → `http://prowlarr:9696`; null for an empty or unparsable URL. */
export const originOf = (url: string): string | null => {
  if (url === '') return null
  try {
    const origin = new URL(url).origin
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}

/** What the status and the UI say when a stored key is not sent to the configured address. */
export const KEY_FOR_OTHER_ADDRESS =
  'The API key was not saved with this manager address, so it is not sent there: enter it again for this address'
export const ENV_KEY_WITHOUT_URL = 'MANAGER_API_KEY is only sent to MANAGER_URL: set MANAGER_URL as well'

export type StoredBinding = { found: true; origin: string | null } | { found: false }

export const readBinding = (path: string): StoredBinding => {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    return { found: false }
  }
  try {
    const origin = (JSON.parse(text) as { origin?: unknown }).origin
    return { found: true, origin: typeof origin === 'string' ? originOf(origin) : null }
  } catch {
    // A damaged file binds the key to nothing: the user enters it again, it is never sent astray.
    return { found: true, origin: null }
  }
}

export const writeBinding = (path: string, origin: string | null): void => writeFileAtomic(path, `${JSON.stringify({ origin })}\n`)
