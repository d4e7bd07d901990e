/** Remembered UI preferences (language, theme) in localStorage. */

export type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem'>

/** The browser's localStorage, or null where it is unavailable. */
export const browserStorage = (): PreferenceStorage | null => {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

// localStorage throws in some private modes; preferences then simply are not remembered.
export const readPreference = (storage: PreferenceStorage | null, key: string): string | null => {
  try {
    return storage?.getItem(key) ?? null
  } catch {
    return null
  }
}

export const writePreference = (storage: PreferenceStorage | null, key: string, value: string): void => {
  try {
    storage?.setItem(key, value)
  } catch {}
}
