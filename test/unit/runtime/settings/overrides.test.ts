import { describe, expect, test } from 'bun:test'
import { OVERRIDDEN_FIELDS, OVERRIDES, overriddenSection } from '../../../../runtime/settings/overrides.ts'
import { DEFAULT_SETTINGS } from '../../../../runtime/settings/schema.ts'

describe('the overrides table', () => {
  test('every overridden field is a field of the section the table names', () => {
    for (const field of OVERRIDDEN_FIELDS) expect(Object.keys(DEFAULT_SETTINGS[OVERRIDES[field].section])).toContain(field)
  })

  test('a section takes the overrides of its own fields only', () => {
    const overrides = { enabled: false, preset: 'italian_only', url: 'http://prowlarr:9696' } as const
    expect(overriddenSection('database_update', DEFAULT_SETTINGS, overrides)).toEqual({ enabled: false, interval_seconds: 86400 })
    expect(overriddenSection('result_processing', DEFAULT_SETTINGS, overrides)).toEqual({ preset: 'italian_only', custom_rules: [] })
    expect(overriddenSection('manager', DEFAULT_SETTINGS, overrides)).toEqual({ url: 'http://prowlarr:9696', indexer_url: '', api_key: '' })
  })

  test('a refused text reads as undefined, so start-up can name the variable', () => {
    expect(OVERRIDES.enabled.read('maybe')).toBeUndefined()
    expect(OVERRIDES.enabled.read(' OFF ')).toBe(false)
    expect(OVERRIDES.interval_seconds.read('59')).toBeUndefined()
    expect(OVERRIDES.preset.read(' custom ')).toBe('custom')
    expect(OVERRIDES.url.read('ftp://x')).toBeUndefined()
  })
})
