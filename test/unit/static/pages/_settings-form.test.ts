/** The settings form → PUT body (locked fields, write-only key) and message → field placement. */
import { describe, expect, test } from 'bun:test'
import { SettingsUpdateSchema, validate } from '../../../../runtime/settings/schema.ts'
import type { UiConfig } from '../../../../static/api.ts'
import { buildUpdate, fieldOf, type SettingsForm } from '../../../../static/pages/_settings-form.ts'

const form: SettingsForm = {
  enabled: false,
  intervalAmount: '6',
  intervalUnit: 'hours',
  url: ' http://prowlarr:9696 ',
  apiKey: '',
  indexerUrl: 'http://nas:8000/api',
}

const config = (locked: Partial<UiConfig['locked']> = {}): UiConfig => ({
  locked: { enabled: null, interval_seconds: null, preset: null, url: null, indexer_url: null, api_key: null, ...locked },
  persisted: {
    schema_version: 1,
    database_update: { enabled: true, interval_seconds: 86400 },
    result_processing: {
      preset: 'custom',
      custom_rules: [{ enabled: true, field: 'title', operator: 'contains', value: 'ITA', action: 'exclude' }],
    },
    manager: { url: 'http://persisted:9696', indexer_url: 'http://persisted-indexer/api', api_key_configured: true },
  },
})

describe('buildUpdate', () => {
  test('sends the form values, in seconds, with the persisted result processing', () => {
    const update = buildUpdate(form, config())
    expect(update).toEqual({
      schema_version: 1,
      database_update: { enabled: false, interval_seconds: 21600 },
      result_processing: config().persisted.result_processing,
      manager: { url: 'http://prowlarr:9696', indexer_url: 'http://nas:8000/api' },
    })
    expect(validate(SettingsUpdateSchema, update).ok).toBe(true)
  })

  test('an empty key field leaves api_key out (keep); a typed key replaces; Clear sends ""', () => {
    expect('api_key' in buildUpdate(form, config()).manager).toBe(false)
    expect(buildUpdate({ ...form, apiKey: 'new-key' }, config()).manager.api_key).toBe('new-key')
    expect(buildUpdate({ ...form, apiKey: 'typed' }, config(), '').manager.api_key).toBe('')
  })

  test('fields locked by the environment are sent with their persisted values, never the effective ones', () => {
    const update = buildUpdate(
      { ...form, apiKey: 'typed' },
      config({
        enabled: 'DB_AUTO_UPDATE',
        interval_seconds: 'DB_UPDATE_INTERVAL',
        url: 'MANAGER_URL',
        indexer_url: 'MANAGER_INDEXER_URL',
        api_key: 'MANAGER_API_KEY',
      }),
    )
    expect(update.database_update).toEqual({ enabled: true, interval_seconds: 86400 })
    expect(update.manager).toEqual({ url: 'http://persisted:9696', indexer_url: 'http://persisted-indexer/api' })
  })

  test('an empty or fractional interval reaches the server, which names the problem', () => {
    for (const amount of ['', '0.5']) {
      const result = validate(
        SettingsUpdateSchema,
        JSON.parse(JSON.stringify(buildUpdate({ ...form, intervalAmount: amount, intervalUnit: 'minutes' }, config()))),
      )
      expect(result).toEqual({ ok: false, message: 'database_update.interval_seconds must be between 60 and 604800' })
    }
  })
})

test('fieldOf places each server message next to its field', () => {
  expect(fieldOf('database_update.interval_seconds must be between 60 and 604800')).toBe('interval')
  expect(fieldOf('manager.url must be an absolute HTTP URL without credentials')).toBe('url')
  expect(fieldOf('manager.indexer_url must be an absolute HTTP URL without credentials')).toBe('indexerUrl')
  expect(fieldOf('manager.api_key must be a bounded string')).toBe('apiKey')
  expect(fieldOf('request body must be valid JSON')).toBe('general')
})
