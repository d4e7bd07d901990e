/**
 * Where the running service listens, written beside its pid file, so a one-shot `icvdb-indexer
 * import` on the same machine can hand its dump to the service instead of refusing.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { DataPaths } from './data-dir.ts'

const addressPath = (paths: DataPaths) => join(paths.state, 'service.url')

// A wildcard bind is reachable on loopback; a named address must be used as it is.
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', ''])

/** The base URL a local client uses to reach a service bound to `host:port`. */
export const localBaseUrl = (host: string, port: number): string => {
  const name = WILDCARDS.has(host) ? '127.0.0.1' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
  return `http://${name}:${port}`
}

/** Records the address (under an embedder's base path); returns the function that removes it again. */
export const publishAddress = (paths: DataPaths, host: string, port: number, basePath = ''): (() => void) => {
  writeFileSync(addressPath(paths), `${localBaseUrl(host, port)}${basePath}\n`, { mode: 0o600 })
  return () => rmSync(addressPath(paths), { force: true })
}

export const readAddress = (paths: DataPaths): string | null => {
  try {
    const text = readFileSync(addressPath(paths), 'utf8').trim()
    return /^http:\/\/\S+$/.test(text) ? text : null
  } catch {
    return null
  }
}
