/**
 * Environment and command-line flags → typed configuration. An invalid settings override stops
 * start-up with one line naming the variable and what it accepts (EnvError → exit status 2).
 */
import { LOG_LEVELS, type LogLevel } from './log.ts'
import { isApiKey, isHttpUrl, MAX_INTERVAL, MIN_INTERVAL, PRESETS, type Preset } from './settings/schema.ts'

export const DEFAULT_RELEASE_URL = 'https://api.github.com/repos/xbit18/icvdb-snapshots/releases/latest'

/** Settings overrides from the environment (highest precedence, never written to disk). */
export interface SettingsOverrides {
  enabled?: boolean
  interval_seconds?: number
  preset?: Preset
  url?: string
  indexer_url?: string
  api_key?: string
}

export interface RuntimeEnv {
  dataDir: string
  port: number
  host: string
  releaseUrl: string
  /** Seconds before the first automatic check; null = the default (60, or 0 with no snapshot). */
  startDelaySeconds: number | null
  magnetTrackers: string[]
  overrides: SettingsOverrides
  /** LOG_LEVEL: the least severe level written (default info). */
  logLevel: LogLevel
  /** UPLOAD_MAX_BYTES: the largest dump accepted by POST /webapi/updater/upload. */
  uploadMaxBytes: number
}

// Upstream dumps are ~340 MB; 16 GiB leaves room for growth and still stops a runaway upload.
export const DEFAULT_UPLOAD_MAX_BYTES = 16 * 1024 ** 3

export class EnvError extends Error {}

/** Which environment variable overrides which settings field (shown as locked in the UI). */
export const OVERRIDE_VARIABLES = {
  enabled: 'DB_AUTO_UPDATE',
  interval_seconds: 'DB_UPDATE_INTERVAL',
  preset: 'RESULT_PRESET',
  url: 'MANAGER_URL',
  indexer_url: 'MANAGER_INDEXER_URL',
  api_key: 'MANAGER_API_KEY',
} as const satisfies Record<keyof SettingsOverrides, string>

const TRUE_WORDS = ['true', '1', 'yes', 'on']
const FALSE_WORDS = ['false', '0', 'no', 'off']

type Env = Record<string, string | undefined>

// An empty variable counts as unset: `MANAGER_API_KEY=` in a compose file means "no override".
const read = (env: Env, name: string): string | undefined => {
  const value = env[name]
  return value === undefined || value.trim() === '' ? undefined : value
}

const parseBoolean = (name: string, raw: string): boolean => {
  const word = raw.trim().toLowerCase()
  if (TRUE_WORDS.includes(word)) return true
  if (FALSE_WORDS.includes(word)) return false
  throw new EnvError(`${name} must be true or false (also 1/0, yes/no, on/off)`)
}

const parseInteger = (name: string, raw: string, min: number, max: number, what: string): number => {
  const text = raw.trim()
  const value = Number(text)
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new EnvError(`${name} must be ${what}`)
  }
  return value
}

const parseUrl = (name: string, raw: string): string => {
  if (!isHttpUrl(raw)) throw new EnvError(`${name} must be an absolute http(s) URL without credentials`)
  return raw
}

export const parseOverrides = (env: Env): SettingsOverrides => {
  const overrides: SettingsOverrides = {}
  const enabled = read(env, OVERRIDE_VARIABLES.enabled)
  if (enabled !== undefined) overrides.enabled = parseBoolean(OVERRIDE_VARIABLES.enabled, enabled)
  const interval = read(env, OVERRIDE_VARIABLES.interval_seconds)
  if (interval !== undefined) {
    const what = `an integer number of seconds from ${MIN_INTERVAL} to ${MAX_INTERVAL}`
    overrides.interval_seconds = parseInteger(OVERRIDE_VARIABLES.interval_seconds, interval, MIN_INTERVAL, MAX_INTERVAL, what)
  }
  const preset = read(env, OVERRIDE_VARIABLES.preset)
  if (preset !== undefined) {
    if (!(PRESETS as readonly string[]).includes(preset.trim())) {
      throw new EnvError(`${OVERRIDE_VARIABLES.preset} must be one of ${PRESETS.join(', ')}`)
    }
    overrides.preset = preset.trim() as Preset
  }
  const url = read(env, OVERRIDE_VARIABLES.url)
  if (url !== undefined) overrides.url = parseUrl(OVERRIDE_VARIABLES.url, url)
  const indexerUrl = read(env, OVERRIDE_VARIABLES.indexer_url)
  if (indexerUrl !== undefined) overrides.indexer_url = parseUrl(OVERRIDE_VARIABLES.indexer_url, indexerUrl)
  const apiKey = read(env, OVERRIDE_VARIABLES.api_key)
  if (apiKey !== undefined) {
    if (!isApiKey(apiKey)) throw new EnvError(`${OVERRIDE_VARIABLES.api_key} must be at most 4096 characters`)
    overrides.api_key = apiKey
  }
  return overrides
}

export interface Flags {
  port?: string
  host?: string
  dataDir?: string
}

const parseLogLevel = (raw: string | undefined): LogLevel => {
  const level = (raw ?? 'info').trim().toLowerCase()
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new EnvError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`)
  return level as LogLevel
}

export const parseRuntimeEnv = (env: Env, flags: Flags = {}): RuntimeEnv => {
  const portText = flags.port ?? read(env, 'PORT') ?? '8000'
  const port = parseInteger(flags.port ? '--port' : 'PORT', portText, 0, 65535, 'a port number from 0 to 65535')
  const delay = read(env, 'DB_UPDATE_START_DELAY')
  return {
    dataDir: flags.dataDir ?? read(env, 'DATA_DIR') ?? '/data',
    port,
    host: flags.host ?? read(env, 'HOST') ?? '0.0.0.0',
    releaseUrl: read(env, 'SNAPSHOT_RELEASE_URL') ?? DEFAULT_RELEASE_URL,
    startDelaySeconds:
      delay === undefined ? null : parseInteger('DB_UPDATE_START_DELAY', delay, 0, 86400 * 7, 'a number of seconds from 0 to 604800'),
    magnetTrackers: (read(env, 'MAGNET_TRACKERS') ?? '')
      .split(',')
      .map((tracker) => tracker.trim())
      .filter((tracker) => tracker !== ''),
    overrides: parseOverrides(env),
    logLevel: parseLogLevel(read(env, 'LOG_LEVEL')),
    uploadMaxBytes: (() => {
      const raw = read(env, 'UPLOAD_MAX_BYTES')
      return raw === undefined ? DEFAULT_UPLOAD_MAX_BYTES : parseInteger('UPLOAD_MAX_BYTES', raw, 1, 2 ** 50, 'a positive number of bytes')
    })(),
  }
}
