/**
 * The settings fields an environment variable overrides (interface.md §2.6): one table gives each
 * field's variable, its section of the document and how the variable's text is read. The
 * SettingsOverrides type, env.ts's parsing, effective.ts's precedence and the UI's locks follow from it.
 */
import {
  isApiKey,
  isHttpUrl,
  MAX_API_KEY_LENGTH,
  MAX_INTERVAL,
  MIN_INTERVAL,
  PRESETS,
  type Preset,
  type SettingsDocument,
} from './schema.ts'

type Section = 'database_update' | 'result_processing' | 'manager'

interface Override<Value> {
  variable: string
  section: Section
  /** The value, or undefined when the text is refused: start-up stops with "<variable> must be <accepts>". */
  read: (text: string) => Value | undefined
  accepts: string
}

const TRUE_WORDS = ['true', '1', 'yes', 'on']
const FALSE_WORDS = ['false', '0', 'no', 'off']

const readBoolean = (text: string): boolean | undefined => {
  const word = text.trim().toLowerCase()
  return TRUE_WORDS.includes(word) ? true : FALSE_WORDS.includes(word) ? false : undefined
}

/** A whole number written in digits, from `min` to `max`; undefined otherwise. */
export const integerIn = (text: string, min: number, max: number): number | undefined => {
  const trimmed = text.trim()
  const value = Number(trimmed)
  return /^-?\d+$/.test(trimmed) && Number.isSafeInteger(value) && value >= min && value <= max ? value : undefined
}

const readUrl = (text: string): string | undefined => (isHttpUrl(text) ? text : undefined)
const URL_ACCEPTS = 'an absolute http(s) URL without credentials'

// Key order is the order variables are checked in (the first bad one is reported).
export const OVERRIDES = {
  enabled: {
    variable: 'DB_AUTO_UPDATE',
    section: 'database_update',
    read: readBoolean,
    accepts: 'true or false (also 1/0, yes/no, on/off)',
  },
  interval_seconds: {
    variable: 'DB_UPDATE_INTERVAL',
    section: 'database_update',
    read: (text) => integerIn(text, MIN_INTERVAL, MAX_INTERVAL),
    accepts: `an integer number of seconds from ${MIN_INTERVAL} to ${MAX_INTERVAL}`,
  },
  preset: {
    variable: 'RESULT_PRESET',
    section: 'result_processing',
    read: (text) => PRESETS.find((preset) => preset === text.trim()),
    accepts: `one of ${PRESETS.join(', ')}`,
  },
  url: { variable: 'MANAGER_URL', section: 'manager', read: readUrl, accepts: URL_ACCEPTS },
  indexer_url: { variable: 'MANAGER_INDEXER_URL', section: 'manager', read: readUrl, accepts: URL_ACCEPTS },
  api_key: {
    variable: 'MANAGER_API_KEY',
    section: 'manager',
    read: (text) => (isApiKey(text) ? text : undefined),
    accepts: `at most ${MAX_API_KEY_LENGTH} characters`,
  },
} satisfies {
  enabled: Override<boolean>
  interval_seconds: Override<number>
  preset: Override<Preset>
  url: Override<string>
  indexer_url: Override<string>
  api_key: Override<string>
}

export type OverriddenField = keyof typeof OVERRIDES

/** Settings overrides from the environment (highest precedence, never written to disk). */
export type SettingsOverrides = { [Field in OverriddenField]?: Exclude<ReturnType<(typeof OVERRIDES)[Field]['read']>, undefined> }

export const OVERRIDDEN_FIELDS = Object.keys(OVERRIDES) as OverriddenField[]

/** One section of the document with the overrides of its fields applied. */
export const overriddenSection = <Name extends Section>(
  name: Name,
  persisted: SettingsDocument,
  overrides: SettingsOverrides,
): SettingsDocument[Name] => {
  const section: Record<string, unknown> = { ...persisted[name] }
  for (const field of OVERRIDDEN_FIELDS)
    if (OVERRIDES[field].section === name && overrides[field] !== undefined) section[field] = overrides[field]
  return section as SettingsDocument[Name]
}
