/**
 * Issue 15, defect 1: the manager key only ever reaches the manager origin it was saved with. Two
 * recording managers on loopback stand for the user's Prowlarr and a server the key must not reach.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { KEY_FOR_OTHER_ADDRESS, ENV_KEY_WITHOUT_URL } from '../../runtime/settings/key-binding.ts'
import { startRecordingManager, type RecordingManager } from '../fakes/recording-manager.ts'
import { putJson, startTestServer, tempDataDir, type TestServer } from '../helpers/server.ts'

const KEY = '0123456789abcdef0123456789abcdef'
const NOT_CONFIGURED = { detail: 'Manager URL and API key are required' }

let home: RecordingManager
let stranger: RecordingManager
let server: TestServer | undefined
let dataDir: string

beforeEach(() => {
  home = startRecordingManager()
  stranger = startRecordingManager()
  dataDir = tempDataDir()
})
afterEach(async () => {
  await server?.stop()
  server = undefined
  await home.stop()
  await stranger.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const settings = (manager: Record<string, string>) => ({
  schema_version: 1,
  database_update: { enabled: true, interval_seconds: 86400 },
  result_processing: { preset: 'unfiltered', custom_rules: [] },
  manager: { indexer_url: 'http://icvdb:8000/api', ...manager },
})
const post = async (path: string) => {
  const response = await server!.fetch(path, { method: 'POST' })
  return { status: response.status, body: await response.json() }
}
const get = async (path: string) => (await server!.fetch(path)).json()
const expectNothingReached = (manager: RecordingManager) => {
  expect(manager.received).toEqual([])
}

describe('a key saved for one manager', () => {
  beforeEach(async () => {
    server = startTestServer({ dataDir })
    expect((await putJson(server, '/webapi/settings', settings({ url: home.url, api_key: KEY }))).status).toBe(200)
  })

  test('is sent to that manager', async () => {
    expect(await post('/webapi/manager/test')).toEqual({ status: 200, body: { connected: true, error: null } })
    expect(home.received.map((request) => request.apiKey)).toEqual([KEY])
  })

  test('is kept but never sent when the URL moves to another origin without a key: 400, and one sentence in both statuses', async () => {
    const moved = await putJson(server!, '/webapi/settings', settings({ url: `${stranger.url}/prowlarr` }))
    expect((await moved.json()).manager.api_key_configured).toBe(false)
    expect(await post('/webapi/manager/test')).toEqual({ status: 400, body: NOT_CONFIGURED })
    expect(await post('/webapi/manager/indexer')).toEqual({
      status: 400,
      body: { detail: 'Manager URL, API key and indexer URL are required' },
    })
    expect(await get('/webapi/manager/status')).toEqual({
      configured: false,
      connected: null,
      indexer_installed: null,
      error: KEY_FOR_OTHER_ADDRESS,
    })
    expect((await get('/webapi/status')).manager).toEqual({
      configured: false,
      connected: null,
      indexer_installed: null,
      error: KEY_FOR_OTHER_ADDRESS,
    })
    expectNothingReached(stranger)
    // interface.md §4.2: still stored, and effective again at its own address.
    expect(JSON.parse(readFileSync(join(dataDir, 'state', 'settings.json'), 'utf8')).manager.api_key).toBe(KEY)
    await putJson(server!, '/webapi/settings', settings({ url: `${home.url}/` }))
    expect((await post('/webapi/manager/test')).status).toBe(200)
    expect(home.received.at(-1)?.apiKey).toBe(KEY)
  })

  test('a key entered together with the new URL goes there', async () => {
    await putJson(server!, '/webapi/settings', settings({ url: stranger.url, api_key: 'a-new-key-for-the-new-manager' }))
    expect((await post('/webapi/manager/test')).status).toBe(200)
    expect(stranger.received.map((request) => request.apiKey)).toEqual(['a-new-key-for-the-new-manager'])
  })

  test('the binding survives a restart, in its own 0600 file; settings.json keeps its four fields', async () => {
    await putJson(server!, '/webapi/settings', settings({ url: stranger.url }))
    await server!.stop()
    server = startTestServer({ dataDir })
    expect(await post('/webapi/manager/test')).toEqual({ status: 400, body: NOT_CONFIGURED })
    expectNothingReached(stranger)
    const persisted = JSON.parse(readFileSync(join(dataDir, 'state', 'settings.json'), 'utf8'))
    expect(Object.keys(persisted).sort()).toEqual(['database_update', 'manager', 'result_processing', 'schema_version'])
    expect(Object.keys(persisted.manager).sort()).toEqual(['api_key', 'indexer_url', 'url'])
    expect(statSync(join(dataDir, 'state', 'manager-key.json')).mode & 0o777).toBe(0o600)
    expect(readFileSync(join(dataDir, 'state', 'manager-key.json'), 'utf8')).not.toContain(KEY)
  })
})

test('a key saved by an earlier version is bound to the URL persisted with it', async () => {
  mkdirSync(join(dataDir, 'state'), { recursive: true })
  writeFileSync(join(dataDir, 'state', 'settings.json'), JSON.stringify(settings({ url: home.url, api_key: KEY })))
  server = startTestServer({ dataDir })
  expect((await post('/webapi/manager/test')).status).toBe(200)
  await putJson(server, '/webapi/settings', settings({ url: stranger.url }))
  expect((await post('/webapi/manager/test')).status).toBe(400)
  expectNothingReached(stranger)
})

test('a key saved without a URL is sent to no URL saved after it, until it is entered again with one', async () => {
  server = startTestServer({ dataDir })
  await putJson(server, '/webapi/settings', settings({ url: '', api_key: KEY }))
  // Another client on the LAN saves its own address first: the key must not follow it there.
  await putJson(server, '/webapi/settings', settings({ url: stranger.url }))
  expect(await post('/webapi/manager/test')).toEqual({ status: 400, body: NOT_CONFIGURED })
  expect((await get('/webapi/manager/status')).error).toBe(KEY_FOR_OTHER_ADDRESS)
  expectNothingReached(stranger)
  await putJson(server, '/webapi/settings', settings({ url: home.url, api_key: KEY }))
  expect((await post('/webapi/manager/test')).status).toBe(200)
  expect(home.received.map((request) => request.apiKey)).toEqual([KEY])
})

describe('MANAGER_API_KEY', () => {
  test('is only sent to MANAGER_URL', async () => {
    server = startTestServer({ dataDir, env: { MANAGER_API_KEY: KEY, MANAGER_URL: home.url } })
    await putJson(server, '/webapi/settings', settings({ url: stranger.url }))
    expect((await post('/webapi/manager/test')).status).toBe(200)
    expect(home.received.map((request) => request.apiKey)).toEqual([KEY])
    expectNothingReached(stranger)
  })

  test('without MANAGER_URL it is sent nowhere, and the status says to set both', async () => {
    server = startTestServer({ dataDir, env: { MANAGER_API_KEY: KEY } })
    await putJson(server, '/webapi/settings', settings({ url: stranger.url }))
    expect(await post('/webapi/manager/test')).toEqual({ status: 400, body: NOT_CONFIGURED })
    expect((await get('/webapi/manager/status')).error).toBe(ENV_KEY_WITHOUT_URL)
    expectNothingReached(stranger)
  })
})
