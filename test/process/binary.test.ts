/** The compiled executable answers with nothing beside it but its data directory. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { tempDataDir } from '../helpers/server.ts'

const ROOT = join(import.meta.dir, '../..')
const BINARY = join(ROOT, 'dist/icvdb-indexer')
const sandbox = tempDataDir('icvdb-binary-')
let child: ReturnType<typeof Bun.spawn> | undefined
let base = ''

const freePort = () => {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port
  probe.stop(true)
  return port
}

beforeAll(async () => {
  if (!existsSync(BINARY)) {
    const build = Bun.spawnSync([process.execPath, join(ROOT, 'build.ts')], { cwd: ROOT, stdout: 'inherit', stderr: 'inherit' })
    if (build.exitCode !== 0) throw new Error('bun build.ts failed')
  }
  // Copy the executable into an empty directory: it must not rely on anything beside it.
  const lonely = join(sandbox, 'bin')
  mkdirSync(lonely)
  copyFileSync(BINARY, join(lonely, 'icvdb-indexer'))
  const port = freePort()
  base = `http://127.0.0.1:${port}`
  child = Bun.spawn(
    [join(lonely, 'icvdb-indexer'), 'serve', '--port', String(port), '--host', '127.0.0.1', '--data-dir', join(sandbox, 'data')],
    {
      cwd: lonely,
      env: { PATH: '/usr/bin:/bin', DB_AUTO_UPDATE: 'false' },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  )
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${base}/webapi/status`)).ok) return
    } catch {}
    await Bun.sleep(100)
  }
  throw new Error('the executable did not start')
}, 120_000)

afterAll(() => {
  child?.kill()
  rmSync(sandbox, { recursive: true, force: true })
})

describe('dist/icvdb-indexer', () => {
  test('answers GET /webapi/status', async () => {
    const status = await (await fetch(`${base}/webapi/status`)).json()
    expect(status.api_version).toBe(1)
    expect(status.database.connected).toBe(false)
    expect(status.updater.enabled).toBe(false)
  })

  test('answers GET /api?t=caps with a caps document', async () => {
    const response = await fetch(`${base}/api?t=caps`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('xml')
    expect(await response.text()).toContain('<caps>')
  })

  test('serves the embedded web UI', async () => {
    const response = await fetch(`${base}/`, { headers: { accept: 'text/html' } })
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('<html')
  })

  test('writes its settings under the data directory', () => {
    expect(existsSync(join(sandbox, 'data', 'state', 'settings.json'))).toBe(true)
  })
})
