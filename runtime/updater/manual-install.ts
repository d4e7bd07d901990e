/**
 * Installing a dump the user names instead of the release: an uploaded or local file, or a URL
 * downloaded into $DATA_DIR/work first. Shared by the running service (the UI and a handed-over
 * `icvdb-indexer import`) and the one-shot CLI; the import and switch are the updater's own.
 */
import { randomUUID } from 'node:crypto'
import { closeSync, openSync, readSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { formatCount } from '../progress-bar.ts'
import { downloadDump } from './download.ts'
import { installDump, type InstallDeps } from './install.ts'
import type { SnapshotOrigin } from './installed.ts'
import { tagForDumpName } from './release.ts'
import { UpdateFailure, type CheckOutcome, type ManualSource, type UpdaterProgress } from './types.ts'

export interface ManualDeps extends InstallDeps {
  userAgent: string
}

/** Every pg_dump custom archive starts with these five bytes. */
const ARCHIVE_MAGIC = 'PGDMP'
export const notAnArchive = 'it is not a pg_dump custom-format archive (made with pg_dump -Fc)'

/** Null when `path` is a readable file that starts like a pg_dump custom archive, else the reason. */
export const dumpFileProblem = (path: string): string | null => {
  let fd: number
  try {
    if (!statSync(path).isFile()) return 'it is not a regular file'
    fd = openSync(path, 'r')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return code === 'ENOENT' ? 'the file does not exist' : code === 'EACCES' ? 'the service may not read it' : 'it cannot be read'
  }
  try {
    const head = Buffer.alloc(ARCHIVE_MAGIC.length)
    const read = readSync(fd, head, 0, head.length, 0)
    return startsLikeArchive(head.subarray(0, read)) ? null : notAnArchive
  } finally {
    closeSync(fd)
  }
}

export const startsLikeArchive = (head: Uint8Array): boolean =>
  head.length >= ARCHIVE_MAGIC.length && Buffer.from(head.subarray(0, ARCHIVE_MAGIC.length)).toString('latin1') === ARCHIVE_MAGIC

const nameOfUrl = (url: string) => basename(new URL(url).pathname) || 'snapshot.dump'

/** Downloads a hand-given URL into work/ (no published checksum to compare). */
export const fetchDumpUrl = async (
  deps: ManualDeps,
  url: string,
  signal: AbortSignal | undefined,
  onProgress: (done: number, total: number | null) => void,
) => {
  const name = nameOfUrl(url)
  const tag = tagForDumpName(name)
  const path = join(deps.paths.work, `${tag}-${randomUUID().slice(0, 8)}.dump`)
  const result = await downloadDump({
    url,
    path,
    name,
    expectedSha256: null,
    expectedSize: null,
    userAgent: deps.userAgent,
    signal,
    onProgress,
  })
  return { path, name, tag, bytes: result.bytes, sha256: result.sha256 }
}

export const installManual = async (
  deps: ManualDeps,
  source: ManualSource,
  signal: AbortSignal,
  onProgress: (patch: Partial<UpdaterProgress>) => void,
): Promise<CheckOutcome> => {
  let dump: { path: string; name: string }
  if (source.kind === 'url') {
    onProgress({ phase: 'downloading', tag: tagForDumpName(nameOfUrl(source.url)) })
    dump = await fetchDumpUrl(deps, source.url, signal, (done, total) => onProgress({ bytes_done: done, bytes_total: total }))
  } else {
    const problem = dumpFileProblem(source.path)
    if (problem) throw new UpdateFailure(`Import of ${source.name} failed: ${problem}`)
    dump = source
  }
  const tag = tagForDumpName(dump.name)
  onProgress({ phase: 'importing', tag })
  const origin: SnapshotOrigin = { kind: source.kind, name: dump.name }
  const result = await installDump(deps, {
    dumpPath: dump.path,
    tag,
    name: dump.name,
    origin,
    removeDump: source.kind !== 'file',
    signal,
    onProgress: (report) => onProgress(report),
    onSwitch: () => onProgress({ phase: 'switching' }),
  })
  return { result: 'installed', tag, message: `Installed ${tag} (${formatCount(result.counts.torrents)} torrents) from ${dump.name}` }
}
