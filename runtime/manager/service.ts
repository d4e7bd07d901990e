/** Placeholder manager service; the Prowlarr integration replaces test/status/install. */
import { AppError } from '../errors.ts'
import type { SettingsStore } from '../settings/store.ts'
import { ManagerSummaryCache } from './summary.ts'
import type { ManagerService } from './types.ts'

export interface ManagerDeps {
  settings: SettingsStore
}

export const createManagerService = (deps: ManagerDeps): ManagerService => {
  const cache = new ManagerSummaryCache()
  const configured = () => {
    const { url, api_key } = deps.settings.effective().manager
    return url !== '' && api_key !== ''
  }
  return {
    summary: () => cache.get(),
    clearSummary: () => cache.clear(),
    status: async () => ({ configured: configured(), connected: null, indexer_installed: null, error: null }),
    test: async () => {
      throw new AppError('manager-not-configured', 'Manager URL and API key are required')
    },
    install: async () => {
      throw new AppError('manager-not-configured', 'Manager URL, API key and indexer URL are required')
    },
  }
}
