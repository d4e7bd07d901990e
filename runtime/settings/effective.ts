/** Precedence (interface.md §2.6): defaults < persisted file < environment; and the public view. */
import type { SettingsOverrides } from '../env.ts'
import type { Preset, ResultProcessing, SettingsDocument } from './schema.ts'

export const applyOverrides = (persisted: SettingsDocument, overrides: SettingsOverrides): SettingsDocument => ({
  schema_version: 1,
  database_update: {
    enabled: overrides.enabled ?? persisted.database_update.enabled,
    interval_seconds: overrides.interval_seconds ?? persisted.database_update.interval_seconds,
  },
  result_processing: {
    preset: overrides.preset ?? persisted.result_processing.preset,
    custom_rules: persisted.result_processing.custom_rules,
  },
  manager: {
    url: overrides.url ?? persisted.manager.url,
    indexer_url: overrides.indexer_url ?? persisted.manager.indexer_url,
    api_key: overrides.api_key ?? persisted.manager.api_key,
  },
})

export interface PublicSettings {
  schema_version: 1
  database_update: { enabled: boolean; interval_seconds: number }
  result_processing: { preset: Preset; custom_rules: ResultProcessing['custom_rules'] }
  manager: { url: string; indexer_url: string; api_key_configured: boolean }
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
