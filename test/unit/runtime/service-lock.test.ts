import { afterAll, expect, test } from 'bun:test'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { dataPaths } from '../../../runtime/data-dir.ts'
import { holdDataDirLock, lockHolder, LockHeldError } from '../../../runtime/service-lock.ts'
import { tempDataDir } from '../../helpers/server.ts'

const root = tempDataDir('icvdb-lock-')
afterAll(() => rmSync(root, { recursive: true, force: true }))

const pathsAt = (dir: string) => {
  const paths = dataPaths(dir)
  mkdirSync(paths.state, { recursive: true })
  return paths
}

for (const [name, dir] of [
  ['a short path (socket file)', join(root, 'short')],
  ['a path too long for a socket file (abstract socket)', join(root, 'x'.repeat(120))],
] as const) {
  test(`${name}: the holder answers who it is, a second taker is refused, a release frees it`, async () => {
    const paths = pathsAt(dir)
    const release = await holdDataDirLock(paths, 'import')
    expect(await lockHolder(paths)).toEqual({ pid: process.pid, command: 'import' })
    const refused = await holdDataDirLock(paths, 'serve').catch((error) => error)
    expect(refused).toBeInstanceOf(LockHeldError)
    release()
    expect(await lockHolder(paths)).toBeNull()
    const again = await holdDataDirLock(paths, 'serve')
    again()
  })
}
