/** Precedence (interface.md §2.6): defaults < persisted file < environment; and the public view. */
import { ENV_KEY_WITHOUT_URL, KEY_FOR_OTHER_ADDRESS, originOf } from './key-binding.ts'
import { overriddenSection, type SettingsOverrides } from './overrides.ts'
import type { SettingsDocument } from './schema.ts'

/**
 * The key that may be sent to the effective manager URL (issue 15): the environment key only with
 * MANAGER_URL, the persisted key only to the origin it was saved with (`keyOrigin`); otherwise none.
 */
const effectiveKey = (persisted: SettingsDocument, overrides: SettingsOverrides, keyOrigin: string | null): string => {
  if (overrides.api_key !== undefined) return overrides.url !== undefined ? overrides.api_key : ''
  const origin = originOf(overrides.url ?? persisted.manager.url)
  // No URL yet: the key is kept (and shown as configured) but goes nowhere; a URL saved later without
  // the key does not take it (store.ts), the user enters it again with the URL.
  if (origin === null) return keyOrigin === null ? persisted.manager.api_key : ''
  return origin === keyOrigin ? persisted.manager.api_key : ''
}

/** The one sentence for a key that exists but is not sent to the configured address, or null. */
export const keyNotice = (persisted: SettingsDocument, overrides: SettingsOverrides, keyOrigin: string | null): string | null => {
  const url = overrides.url ?? persisted.manager.url
  if (url === '' || effectiveKey(persisted, overrides, keyOrigin) !== '') return null
  if (overrides.api_key !== undefined) return ENV_KEY_WITHOUT_URL
  return persisted.manager.api_key !== '' ? KEY_FOR_OTHER_ADDRESS : null
}

export const applyOverrides = (persisted: SettingsDocument, overrides: SettingsOverrides, keyOrigin: string | null): SettingsDocument => ({
  schema_version: 1,
  database_update: overriddenSection('database_update', persisted, overrides),
  result_processing: overriddenSection('result_processing', persisted, overrides),
  manager: { ...overriddenSection('manager', persisted, overrides), api_key: effectiveKey(persisted, overrides, keyOrigin) },
})

/** The document as it may be shown: the key replaced by whether one is set (interface.md §2.2). */
export type PublicSettings = Omit<SettingsDocument, 'manager'> & {
  manager: Omit<SettingsDocument['manager'], 'api_key'> & { api_key_configured: boolean }
}

/** The read representation (interface.md §2.2): the key itself never leaves the process. */
export const publicView = (effective: SettingsDocument): PublicSettings => ({
  schema_version: 1,
  database_update: { ...effective.database_update },
  result_processing: { ...effective.result_processing },
  manager: {
    url: effective.manager.url,
    indexer_url: effective.manager.indexer_url,
    api_key_configured: effective.manager.api_key !== '',
  },
})
