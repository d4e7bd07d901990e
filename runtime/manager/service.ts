/**
 * The manager service behind /webapi/manager/*: reads the effective settings, runs one Prowlarr
 * flow, leaves its result in the summary cache and turns failures into the fixed 502 detail.
 */
import { AppError, describeError } from '../errors.ts'
import type { Log } from '../log.ts'
import type { SettingsStore } from '../settings/store.ts'
import { createManagerClient, type ManagerClient, type ManagerTimeouts } from './client.ts'
import { isManagerError } from './manager-error.ts'
import { checkInstalled, installIndexer, testConnection } from './prowlarr.ts'
import { isUnsafe, MANAGER_REQUEST_FAILED, sanitizeManagerError } from './sanitize.ts'
import { ManagerSummaryCache } from './summary.ts'
import type { IndexerResult, ManagerService, ManagerStatus, ManagerSummary, TestResult } from './types.ts'

export interface ManagerDeps {
  settings: SettingsStore
  log: Log
  timeouts?: ManagerTimeouts
}

// Failures where Prowlarr answered properly but could not take our indexer: it is still "connected".
const REACHED = new Set(['no-template', 'no-app-profile', 'rejected'])

export const createManagerService = (deps: ManagerDeps): ManagerService => {
  const cache = new ManagerSummaryCache()
  const manager = () => deps.settings.effective().manager
  const isConfigured = () => manager().url !== '' && manager().api_key !== ''
  const client = (): ManagerClient => createManagerClient({ url: manager().url, apiKey: manager().api_key, timeouts: deps.timeouts })

  /** The user-facing sentence; the log gets it plus our own developer text when that is safe too. */
  const report = (operation: string, error: unknown): string => {
    const secrets = deps.settings.secrets()
    const sentence = sanitizeManagerError(error, secrets)
    const cause = isManagerError(error) && error.cause ? `${error.message}: ${describeError(error.cause)}` : describeError(error)
    deps.log.warn(`manager ${operation} failed: ${sentence}${isUnsafe(cause, secrets) ? '' : ` (${cause})`}`)
    return sentence
  }
  const failed = (sentence: string) => new AppError('manager-failed', MANAGER_REQUEST_FAILED, { cause: new Error(sentence) })

  const status = async (): Promise<ManagerStatus> => {
    const ticket = cache.ticket()
    if (!isConfigured()) {
      cache.update({ connected: null, indexer_installed: null, error: null }, ticket)
      return { configured: false, connected: null, indexer_installed: null, error: deps.settings.keyNotice() }
    }
    const indexerUrl = manager().indexer_url
    let live: ManagerSummary
    try {
      live = { connected: true, indexer_installed: await checkInstalled(client(), indexerUrl), error: null }
    } catch (error) {
      // interface.md §2.5: null only when the check cannot be set up (no indexer URL to match).
      live = { connected: false, indexer_installed: indexerUrl === '' ? null : false, error: report('status', error) }
    }
    cache.update(live, ticket)
    return { configured: true, ...live }
  }

  const test = async (): Promise<TestResult> => {
    if (!isConfigured()) throw new AppError('manager-not-configured', 'Manager URL and API key are required')
    const ticket = cache.ticket()
    try {
      await testConnection(client())
    } catch (error) {
      const sentence = report('test', error)
      cache.update({ connected: false, error: sentence }, ticket)
      throw failed(sentence)
    }
    cache.update({ connected: true, error: null }, ticket)
    return { connected: true, error: null }
  }

  const install = async (): Promise<IndexerResult> => {
    const ticket = cache.ticket()
    try {
      const result = await installIndexer(client(), manager().indexer_url)
      cache.update({ connected: true, indexer_installed: true, error: null }, ticket)
      deps.log.info(`manager indexer ${result.created ? 'created' : 'already installed'} (id ${result.indexer_id ?? 'unknown'})`)
      return result
    } catch (error) {
      const sentence = report('install', error)
      const stage = isManagerError(error) ? error.stage : undefined
      // Past the indexer list we know it is not installed; earlier, the last known value stands.
      const known = stage === 'test' || stage === 'create' ? { indexer_installed: false } : {}
      cache.update({ connected: isManagerError(error) && REACHED.has(error.failure), error: sentence, ...known }, ticket)
      throw failed(sentence)
    }
  }

  // Installs run one at a time, so a double click finds the first indexer instead of adding "ICVDB (2)".
  let installs: Promise<unknown> = Promise.resolve()
  const installOneAtATime = (): Promise<IndexerResult> => {
    if (!isConfigured() || manager().indexer_url === '') {
      return Promise.reject(new AppError('manager-not-configured', 'Manager URL, API key and indexer URL are required'))
    }
    const next = installs.then(install, install)
    installs = next.catch(() => {})
    return next
  }

  return { summary: () => cache.get(), clearSummary: () => cache.clear(), status, test, install: installOneAtATime }
}
