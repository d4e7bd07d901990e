/** GET /webapi/ui-config: which fields the environment locks, and the persisted values, never the key. */
import { afterEach, expect, test } from 'bun:test'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startTestServer, tempDataDir, type TestServer } from '../helpers/server.ts'

let server: TestServer | undefined
afterEach(async () => {
  await server?.stop()
  server = undefined
})

const NOTHING_LOCKED = { enabled: null, interval_seconds: null, preset: null, url: null, indexer_url: null, api_key: null }

test('GET /webapi/ui-config locks nothing without environment overrides', async () => {
  server = startTestServer()
  const response = await server.fetch('/webapi/ui-config')
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({
    locked: NOTHING_LOCKED,
    persisted: {
      schema_version: 1,
      database_update: { enabled: true, interval_seconds: 86400 },
      result_processing: { preset: 'unfiltered', custom_rules: [] },
      manager: { url: '', indexer_url: '', api_key_configured: false },
    },
  })
})

test('GET /webapi/ui-config names the variable behind each overridden field and keeps persisted values', async () => {
  const secret = 'env-secret-key-0123456789'
  const dataDir = tempDataDir()
  mkdirSync(join(dataDir, 'state'), { recursive: true })
  writeFileSync(
    join(dataDir, 'state/settings.json'),
    JSON.stringify({
      schema_version: 1,
      database_update: { enabled: true, interval_seconds: 3600 },
      result_processing: { preset: 'custom', custom_rules: [] },
      manager: { url: 'http://prowlarr.file:9696', indexer_url: 'http://indexer:8000/api', api_key: 'file-secret-key-987' },
    }),
  )
  server = startTestServer({
    dataDir,
    env: { DB_AUTO_UPDATE: 'off', RESULT_PRESET: 'italian_only', MANAGER_URL: 'http://prowlarr.env:9696', MANAGER_API_KEY: secret },
  })
  try {
    const response = await server.fetch('/webapi/ui-config')
    const text = await response.text()
    expect(text).not.toContain(secret)
    expect(text).not.toContain('file-secret-key-987')
    expect(JSON.parse(text)).toEqual({
      locked: { ...NOTHING_LOCKED, enabled: 'DB_AUTO_UPDATE', preset: 'RESULT_PRESET', url: 'MANAGER_URL', api_key: 'MANAGER_API_KEY' },
      persisted: {
        schema_version: 1,
        database_update: { enabled: true, interval_seconds: 3600 },
        result_processing: { preset: 'custom', custom_rules: [] },
        manager: { url: 'http://prowlarr.file:9696', indexer_url: 'http://indexer:8000/api', api_key_configured: true },
      },
    })
  } finally {
    await server.stop()
    server = undefined
    rmSync(dataDir, { recursive: true, force: true })
  }
})
