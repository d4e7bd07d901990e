import { afterAll, describe, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs, UsageError } from '../../runtime/main.ts'
import { tempDataDir } from '../helpers/server.ts'

const MAIN = join(import.meta.dir, '../../runtime/main.ts')
const dataDir = tempDataDir()
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const run = (args: string[], env: Record<string, string> = {}) => {
  const child = Bun.spawnSync([process.execPath, MAIN, ...args], { env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env } })
  return { code: child.exitCode, stdout: child.stdout.toString(), stderr: child.stderr.toString() }
}

describe('parseArgs', () => {
  test('defaults to serve and reads flags in both spellings', () => {
    expect(parseArgs([])).toEqual({ command: 'serve', flags: {} })
    expect(parseArgs(['serve', '--port', '9000', '--data-dir=/srv/icvdb'])).toEqual({
      command: 'serve',
      flags: { port: '9000', dataDir: '/srv/icvdb' },
    })
    expect(parseArgs(['import', 'x.dump'])).toEqual({ command: 'import', target: 'x.dump', flags: {} })
  })

  test('refuses unknown commands, unknown options and missing values', () => {
    expect(() => parseArgs(['frobnicate'])).toThrow(UsageError)
    expect(() => parseArgs(['--verbose'])).toThrow('unknown option --verbose')
    expect(() => parseArgs(['--port'])).toThrow('--port needs a value')
    expect(() => parseArgs(['import'])).toThrow('import needs a dump file or URL')
  })
})

describe('the command line', () => {
  test('--version prints the version and --help the usage', () => {
    expect(run(['--version'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) })
    const help = run(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('icvdb-indexer import <file|url>')
  })

  test('an invalid environment override stops start-up with one line and exit status 2', () => {
    const result = run(['serve', '--port', '0'], { DB_UPDATE_INTERVAL: '5' })
    expect(result.code).toBe(2)
    expect(result.stderr.trim().split('\n')).toEqual([
      'icvdb-indexer: DB_UPDATE_INTERVAL must be an integer number of seconds from 60 to 604800',
    ])
  })

  test('an unknown RELEASE_TITLES stops start-up the same way, naming what it accepts', () => {
    const result = run(['serve', '--port', '0'], { RELEASE_TITLES: 'pretty' })
    expect(result.code).toBe(2)
    expect(result.stderr.trim().split('\n')).toEqual(['icvdb-indexer: RELEASE_TITLES must be one of normalised, original'])
  })

  test('a usage error exits with status 2 and points at --help', () => {
    const result = run(['serve', '--colour'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('unknown option --colour')
  })
})

// One service per data directory (a lock, not a pid number): test/http/degraded-start.test.ts.
