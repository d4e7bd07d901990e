import { afterEach, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { rmSync } from 'node:fs'
import { createLog } from '../../../../runtime/log.ts'
import { DEFAULT_SETTINGS } from '../../../../runtime/settings/schema.ts'
import { SettingsStore } from '../../../../runtime/settings/store.ts'
import { startTestServer, tempDataDir } from '../../../helpers/server.ts'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

const makeStore = (options: Partial<ConstructorParameters<typeof SettingsStore>[0]> = {}) => {
  const dir = tempDataDir()
  dirs.push(dir)
  const lines: string[] = []
  const store = new SettingsStore({
    path: join(dir, 'settings.json'),
    keyOriginPath: join(dir, 'manager-key.json'),
    overrides: {},
    log: createLog({ sink: (line) => lines.push(line) }),
    ...options,
  })
  return { dir, store, lines }
}

const update = (preset: 'unfiltered' | 'italian_only') => ({
  schema_version: 1 as const,
  database_update: { enabled: true, interval_seconds: 120 },
  result_processing: { preset, custom_rules: [] },
  manager: { url: '', indexer_url: '' },
})

describe('SettingsStore', () => {
  test('creates the file with defaults on first load', () => {
    const { store, dir } = makeStore()
    store.load()
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toEqual(DEFAULT_SETTINGS)
  })

  test('leaves the old file intact and no temporary file behind when the rename fails', () => {
    let failRename = false
    const { store, dir } = makeStore({
      rename: (from, to) => {
        if (failRename) throw Object.assign(new Error('EIO: simulated rename failure'), { code: 'EIO' })
        require('node:fs').renameSync(from, to)
      },
    })
    store.load()
    store.saveUpdate(update('italian_only'))
    const before = readFileSync(join(dir, 'settings.json'), 'utf8')
    failRename = true
    expect(() => store.saveUpdate(update('unfiltered'))).toThrow('simulated rename failure')
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(before)
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([])
    expect(store.persisted().result_processing.preset).toBe('italian_only')
  })

  for (const [name, content] of [
    ['not JSON', '{"schema_version": 1,'],
    ['an unknown field', JSON.stringify({ ...DEFAULT_SETTINGS, future: true })],
    ['an invalid preset', JSON.stringify({ ...DEFAULT_SETTINGS, result_processing: { preset: 'all', custom_rules: [] } })],
  ]) {
    test(`moves a file with ${name} aside as settings.json.invalid-<UTC timestamp> and runs on defaults`, () => {
      const { store, dir, lines } = makeStore({ now: () => Date.UTC(2026, 10, 22, 10, 30, 5) })
      writeFileSync(join(dir, 'settings.json'), content)
      store.load()
      expect(store.persisted()).toEqual(DEFAULT_SETTINGS)
      expect(readFileSync(join(dir, 'settings.json.invalid-20261122T103005Z'), 'utf8')).toBe(content)
      expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toEqual(DEFAULT_SETTINGS)
      expect(lines.join('\n')).toContain('settings.json.invalid-20261122T103005Z')
    })
  }
})

describe('a corrupt settings file at start-up', () => {
  test('is preserved and the service still answers', async () => {
    const dataDir = tempDataDir()
    dirs.push(dataDir)
    require('node:fs').mkdirSync(join(dataDir, 'state'), { recursive: true })
    writeFileSync(join(dataDir, 'state', 'settings.json'), 'not json at all')
    const server = startTestServer({ dataDir })
    try {
      const response = await server.fetch('/webapi/settings')
      expect(response.status).toBe(200)
      const aside = readdirSync(join(dataDir, 'state')).filter((name) => name.startsWith('settings.json.invalid-'))
      expect(aside).toHaveLength(1)
      expect(readFileSync(join(dataDir, 'state', aside[0]), 'utf8')).toBe('not json at all')
      expect(server.logs.some((line) => line.includes('moved it to'))).toBe(true)
    } finally {
      await server.stop()
    }
  })
})
