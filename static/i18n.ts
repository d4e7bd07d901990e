/**
 * Translations: Italian when the browser prefers it, else English, unless the user picked one
 * (stored in localStorage). Keys are the dotted paths of en.json, checked by the compiler.
 */
import en from './i18n/en.json'
import it from './i18n/it.json'
import { readPreference, writePreference, type PreferenceStorage } from './storage.ts'

export const LANGUAGES = ['it', 'en'] as const
export type Language = (typeof LANGUAGES)[number]

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>
}[keyof T & string]

export type MessageKey = Leaves<typeof en>
export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string

const CATALOGS: Record<Language, unknown> = { en, it }
const STORAGE_KEY = 'icvdb.language'

const lookup = (catalog: unknown, key: string): string | undefined => {
  let node = catalog
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string' ? node : undefined
}

/** `{name}` placeholders are replaced; a key missing in Italian falls back to English. */
export const translator =
  (language: Language): Translate =>
  (key, vars = {}) => {
    const text = lookup(CATALOGS[language], key) ?? lookup(en, key) ?? key
    return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match))
  }

const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value)

/** The stored choice, else Italian if any preferred browser language is Italian, else English. */
export const initialLanguage = (storage: PreferenceStorage | null, preferred: readonly string[]): Language => {
  const stored = readPreference(storage, STORAGE_KEY)
  if (isLanguage(stored)) return stored
  return preferred.some((tag) => tag.toLowerCase().split('-')[0] === 'it') ? 'it' : 'en'
}

export const storeLanguage = (storage: PreferenceStorage | null, language: Language): void =>
  writePreference(storage, STORAGE_KEY, language)
