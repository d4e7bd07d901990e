/**
 * Atomic file replacement: temporary file in the same directory (mode 0600), fsync, rename, fsync
 * of the directory. A crash leaves either the old file or the new one, never a torn one.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

export type Rename = (from: string, to: string) => void

/** fsync the directory so the rename itself survives a power cut (best effort). */
const syncDirectory = (directory: string): void => {
  try {
    const fd = openSync(directory, 'r')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  } catch {}
}

export const writeFileAtomic = (path: string, content: string, rename: Rename = renameSync): void => {
  const directory = dirname(path)
  mkdirSync(directory, { recursive: true, mode: 0o700 })
  const temporary = join(directory, `.${basename(path)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`)
  try {
    const fd = openSync(temporary, 'wx', 0o600)
    try {
      writeSync(fd, content)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    rename(temporary, path)
  } catch (error) {
    try {
      unlinkSync(temporary)
    } catch {}
    throw error
  }
  syncDirectory(directory)
}
