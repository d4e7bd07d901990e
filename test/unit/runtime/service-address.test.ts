import { afterAll, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dataPaths } from '../../../runtime/data-dir.ts'
import { localBaseUrl, publishAddress, readAddress } from '../../../runtime/service-address.ts'

const root = mkdtempSync(join(tmpdir(), 'icvdb-address-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('the running service address', () => {
  test('a wildcard bind is reached on loopback; a named address as it is; IPv6 in brackets', () => {
    expect(localBaseUrl('0.0.0.0', 8000)).toBe('http://127.0.0.1:8000')
    expect(localBaseUrl('::', 8000)).toBe('http://127.0.0.1:8000')
    expect(localBaseUrl('192.168.1.5', 8080)).toBe('http://192.168.1.5:8080')
    expect(localBaseUrl('::1', 8000)).toBe('http://[::1]:8000')
  })

  test('published while serving, read by the CLI, withdrawn at stop', () => {
    const paths = dataPaths(root)
    mkdirSync(paths.state, { recursive: true })
    expect(readAddress(paths)).toBeNull()
    const withdraw = publishAddress(paths, '0.0.0.0', 8123)
    expect(readAddress(paths)).toBe('http://127.0.0.1:8123')
    withdraw()
    expect(readdirSync(paths.state)).toEqual([])
    expect(readAddress(paths)).toBeNull()
  })
})
