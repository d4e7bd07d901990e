/**
 * Light/dark theme: "system" follows prefers-color-scheme through CSS; "light" and "dark" pin it via
 * data-theme on <html>. The choice is stored in localStorage.
 */
import { readPreference, writePreference, type PreferenceStorage } from './storage.ts'

export const THEMES = ['system', 'light', 'dark'] as const
export type Theme = (typeof THEMES)[number]

const STORAGE_KEY = 'icvdb.theme'

export const initialTheme = (storage: PreferenceStorage | null): Theme => {
  const stored = readPreference(storage, STORAGE_KEY)
  return (THEMES as readonly string[]).includes(stored ?? '') ? (stored as Theme) : 'system'
}

export const storeTheme = (storage: PreferenceStorage | null, theme: Theme): void => writePreference(storage, STORAGE_KEY, theme)

/** Pins the theme on <html>; "system" removes the pin so the prefers-color-scheme rules apply. */
export const applyTheme = (root: HTMLElement, theme: Theme): void => {
  if (theme === 'system') root.removeAttribute('data-theme')
  else root.setAttribute('data-theme', theme)
}
