/**
 * Environment and command-line flags → typed configuration. An invalid settings override stops
 * start-up with one line naming the variable and what it accepts (EnvError → exit status 2).
 */
import { DEFAULT_HISTORY_SIZE } from './diagnostics/request-history.ts'
import { LOG_LEVELS, type LogLevel } from './log.ts'
import { integerIn, OVERRIDDEN_FIELDS, OVERRIDES, type SettingsOverrides } from './settings/overrides.ts'
import { TITLE_MODES, type TitleMode } from './torznab/served-title.ts'

/**
 * ICVDB_IMPORT_TIMINGS=1 prints each import phase's seconds to stderr (benchmarks only; off by
 * default). Read once at load: the import pipeline also runs in a worker, which has no context.
 */
export const IMPORT_TIMINGS = process.env.ICVDB_IMPORT_TIMINGS === '1'

const DEFAULT_RELEASE_URL = 'https://api.github.com/repos/xbit18/icvdb-snapshots/releases/latest'

export interface RuntimeEnv {
  dataDir: string
  port: number
  host: string
  releaseUrl: string
  /** Seconds before the first automatic check; null = the default (60, or 0 with no snapshot). */
  startDelaySeconds: number | null
  magnetTrackers: string[]
  /** RELEASE_TITLES: how Torznab item titles are served (runtime/torznab/served-title.ts). */
  releaseTitles: TitleMode
  overrides: SettingsOverrides
  /** ALLOWED_HOSTS: extra names the web UI and /webapi answer to (runtime/host-names.ts). */
  allowedHosts: string[]
  /** TRUSTED_PROXIES: peer addresses whose X-Forwarded-Host names the host the browser connected to. */
  trustedProxies: string[]
  /** LOG_LEVEL: the least severe level written (default info). */
  logLevel: LogLevel
  /** UPLOAD_MAX_BYTES: the largest dump accepted by POST /webapi/updater/upload. */
  uploadMaxBytes: number
  /** REQUEST_HISTORY_SIZE: /api requests kept for the Activity page (0 records nothing). */
  requestHistorySize: number
  /** SEARCH_WORKERS: threads of the search pool (0 = in-process). */
  searchWorkers: number
  /** SEARCH_CACHE_MB in bytes: rendered feeds kept per snapshot (0 = none). */
  searchCacheBytes: number
  /** ICVDB_TEST_PAUSE_SWITCH_MS: how long the switch holds its maintenance window open (tests only; 0). */
  switchPauseMs: number
}

// Upstream dumps are ~340 MB; 16 GiB leaves room for growth and still stops a runaway upload.
const DEFAULT_UPLOAD_MAX_BYTES = 16 * 1024 ** 3

export class EnvError extends Error {}

type Env = Record<string, string | undefined>

// An empty variable counts as unset: `MANAGER_API_KEY=` in a compose file means "no override".
const read = (env: Env, name: string): string | undefined => {
  const value = env[name]
  return value === undefined || value.trim() === '' ? undefined : value
}

const parseOptionalInteger = (env: Env, name: string, fallback: number, min: number, max: number, what: string): number => {
  const raw = read(env, name)
  return raw === undefined ? fallback : parseInteger(name, raw, min, max, what)
}

const parseInteger = (name: string, raw: string, min: number, max: number, what: string): number => {
  const value = integerIn(raw, min, max)
  if (value === undefined) throw new EnvError(`${name} must be ${what}`)
  return value
}

/** The settings overrides (settings/overrides.ts), checked in the table's order. */
export const parseOverrides = (env: Env): SettingsOverrides => {
  const overrides: Record<string, unknown> = {}
  for (const field of OVERRIDDEN_FIELDS) {
    const { variable, read: readText, accepts } = OVERRIDES[field]
    const raw = read(env, variable)
    if (raw === undefined) continue
    const value = readText(raw)
    if (value === undefined) throw new EnvError(`${variable} must be ${accepts}`)
    overrides[field] = value
  }
  return overrides as SettingsOverrides
}

export interface Flags {
  port?: string
  host?: string
  dataDir?: string
}

const parseList = (env: Env, name: string): string[] =>
  (read(env, name) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')

// Names and IP addresses: letters, digits, dots, hyphens, colons (IPv6); a leading dot is a suffix, `*` any host.
const HOST_PATTERN = /^(\*|\.?[a-z0-9_.:-]+)$/i

const parseHostList = (env: Env, name: string, what: string): string[] => {
  const items = parseList(env, name)
  const bad = items.find((item) => !HOST_PATTERN.test(item))
  if (bad !== undefined) throw new EnvError(`${name} must be ${what} (got "${bad.slice(0, 80)}")`)
  return items.map((item) => item.toLowerCase().replace(/^\[|\]$/g, ''))
}

/**
 * SEARCH_WORKERS: threads of the pool; 0 runs searches on the main thread. Default 2 on a machine
 * with two cores or more: measured at 1M torrents with 8 clients on a quiet 2-core machine, two
 * workers nearly doubled title and deep-paging throughput and halved their p99, for ~0.4 ms more on
 * light queries (the page crosses a thread).
 */
export const searchWorkersFromEnv = (env: Record<string, string | undefined>): number => {
  const value = Number(env.SEARCH_WORKERS)
  if (env.SEARCH_WORKERS !== undefined && env.SEARCH_WORKERS.trim() !== '' && Number.isInteger(value) && value >= 0)
    return Math.min(value, 16)
  return navigator.hardwareConcurrency >= 2 ? 2 : 0
}

/** SEARCH_CACHE_MB: the cache's size in MiB (default 16); 0 turns it off. */
export const answerCacheBytesFromEnv = (env: Record<string, string | undefined>): number => {
  const text = env.SEARCH_CACHE_MB?.trim()
  const value = Number(text)
  return text && Number.isFinite(value) && value >= 0 ? Math.min(value, 1024) * 1024 * 1024 : 16 * 1024 * 1024
}

/**
 * ICVDB_TEST_PAUSE_SWITCH_MS: the only test hook in the switch. It holds the maintenance window
 * open so a kill test can land inside it; unset (production) it is 0 and the window is synchronous.
 */
const switchPauseFromEnv = (env: Record<string, string | undefined>): number => {
  const value = Number(env.ICVDB_TEST_PAUSE_SWITCH_MS ?? '0')
  return Number.isFinite(value) && value > 0 ? Math.min(value, 60_000) : 0
}

/** SEARCH_WORKERS and SEARCH_CACHE_MB: a typo stops start-up (the readers above fall back silently). */
const checkSearchVariables = (env: Env): void => {
  const workers = read(env, 'SEARCH_WORKERS')
  if (workers !== undefined) parseInteger('SEARCH_WORKERS', workers, 0, 16, 'an integer number of search threads from 0 to 16')
  const cache = read(env, 'SEARCH_CACHE_MB')?.trim()
  if (cache !== undefined && !(/^\d+(\.\d+)?$/.test(cache) && Number(cache) <= 1024)) {
    throw new EnvError('SEARCH_CACHE_MB must be a number of MiB from 0 to 1024 (0 turns the cache off)')
  }
}

/** A URL of one of `schemes`, or null. */
const urlWithScheme = (text: string, schemes: readonly string[]): URL | null => {
  try {
    const url = new URL(text)
    return schemes.includes(url.protocol) && url.host !== '' ? url : null
  } catch {
    return null
  }
}

/** SNAPSHOT_RELEASE_URL: an http(s) address; anything else would only fail each check as a network error. */
const parseReleaseUrl = (raw: string | undefined): string => {
  if (raw === undefined) return DEFAULT_RELEASE_URL
  if (!urlWithScheme(raw.trim(), ['http:', 'https:']))
    throw new EnvError('SNAPSHOT_RELEASE_URL must be an http(s) URL of the release metadata (e.g. a GitHub releases/latest API URL)')
  return raw.trim()
}

/** MAGNET_TRACKERS: tracker announce URLs (udp, http(s), ws(s)), comma-separated; each goes into every magnet. */
const parseTrackers = (raw: string | undefined): string[] => {
  const trackers = (raw ?? '')
    .split(',')
    .map((tracker) => tracker.trim())
    .filter((tracker) => tracker !== '')
  const bad = trackers.find((tracker) => !urlWithScheme(tracker, ['udp:', 'http:', 'https:', 'ws:', 'wss:']))
  if (bad !== undefined)
    throw new EnvError(`MAGNET_TRACKERS must be comma-separated tracker URLs (udp://, http(s)://, ws(s)://) (got "${bad.slice(0, 80)}")`)
  return trackers
}

const parseTitleMode = (raw: string | undefined): TitleMode => {
  if (raw === undefined) return 'normalised'
  const mode = TITLE_MODES.find((candidate) => candidate === raw.trim().toLowerCase())
  if (!mode) throw new EnvError(`RELEASE_TITLES must be one of ${TITLE_MODES.join(', ')}`)
  return mode
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
  checkSearchVariables(env)
  return {
    dataDir: flags.dataDir ?? read(env, 'DATA_DIR') ?? '/data',
    port,
    host: flags.host ?? read(env, 'HOST') ?? '0.0.0.0',
    releaseUrl: parseReleaseUrl(read(env, 'SNAPSHOT_RELEASE_URL')),
    startDelaySeconds:
      delay === undefined ? null : parseInteger('DB_UPDATE_START_DELAY', delay, 0, 86400 * 7, 'a number of seconds from 0 to 604800'),
    magnetTrackers: parseTrackers(read(env, 'MAGNET_TRACKERS')),
    releaseTitles: parseTitleMode(read(env, 'RELEASE_TITLES')),
    overrides: parseOverrides(env),
    allowedHosts: parseHostList(env, 'ALLOWED_HOSTS', 'a comma-separated list of host names, .suffixes or IP addresses'),
    trustedProxies: parseHostList(env, 'TRUSTED_PROXIES', 'a comma-separated list of proxy IP addresses'),
    logLevel: parseLogLevel(read(env, 'LOG_LEVEL')),
    requestHistorySize: parseOptionalInteger(
      env,
      'REQUEST_HISTORY_SIZE',
      DEFAULT_HISTORY_SIZE,
      0,
      100_000,
      'a number of requests from 0 to 100000 (0 records nothing)',
    ),
    uploadMaxBytes: (() => {
      const raw = read(env, 'UPLOAD_MAX_BYTES')
      return raw === undefined ? DEFAULT_UPLOAD_MAX_BYTES : parseInteger('UPLOAD_MAX_BYTES', raw, 1, 2 ** 50, 'a positive number of bytes')
    })(),
    searchWorkers: searchWorkersFromEnv(env),
    searchCacheBytes: answerCacheBytesFromEnv(env),
    switchPauseMs: switchPauseFromEnv(env),
  }
}
