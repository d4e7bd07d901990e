/** The settings form's values → the PUT body, and a server message → the field it is about. */
import type { UiConfig } from '../api.ts'
import type { SettingsUpdate } from '../../runtime/settings/schema.ts'
import { INTERVAL_UNITS, joinAmount, type IntervalUnit } from '../units.ts'

export interface SettingsForm {
  enabled: boolean
  intervalAmount: string
  intervalUnit: IntervalUnit
  url: string
  /** Empty means "keep the saved key" (interface.md §4.2), so it is left out of the request. */
  apiKey: string
  indexerUrl: string
}

export type FieldName = 'enabled' | 'interval' | 'url' | 'apiKey' | 'indexerUrl' | 'general'

// An empty amount is sent as NaN → null so the server answers with its own interval message.
const seconds = (form: SettingsForm): number => {
  const amount = form.intervalAmount.trim() === '' ? Number.NaN : Number(form.intervalAmount)
  return joinAmount(amount, form.intervalUnit, INTERVAL_UNITS)
}

/**
 * Fields an environment variable controls are sent with their persisted value, so the override is
 * never copied into settings.json (interface.md §2.6). `apiKey` overrides the field ("" clears).
 */
export const buildUpdate = (form: SettingsForm, config: UiConfig, apiKey?: string): SettingsUpdate => {
  const { locked, persisted } = config
  const key = apiKey ?? (form.apiKey === '' || locked.api_key ? undefined : form.apiKey)
  return {
    schema_version: 1,
    database_update: {
      enabled: locked.enabled ? persisted.database_update.enabled : form.enabled,
      interval_seconds: locked.interval_seconds ? persisted.database_update.interval_seconds : seconds(form),
    },
    result_processing: persisted.result_processing,
    manager: {
      url: locked.url ? persisted.manager.url : form.url.trim(),
      indexer_url: locked.indexer_url ? persisted.manager.indexer_url : form.indexerUrl.trim(),
      ...(key === undefined ? {} : { api_key: key }),
    },
  }
}

const PREFIXES: ReadonlyArray<readonly [string, FieldName]> = [
  ['database_update.interval_seconds', 'interval'],
  ['database_update.enabled', 'enabled'],
  ['manager.url', 'url'],
  ['manager.indexer_url', 'indexerUrl'],
  ['manager.api_key', 'apiKey'],
]

export const fieldOf = (message: string): FieldName => PREFIXES.find(([prefix]) => message.startsWith(prefix))?.[1] ?? 'general'
