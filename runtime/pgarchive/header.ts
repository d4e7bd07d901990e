/** The archive header (pg-archive.md §2.3): magic, version, int sizes, format, compression, versions. */
import { ArchiveError } from './archive-error.ts'
import type { ArchiveInput } from './input.ts'

type Compression = 'none' | 'gzip'

export interface ArchiveHeader {
  /** e.g. "1.14.0" */
  version: string
  /** major * 10000 + minor * 100 + revision, for comparisons (1.14.0 → 11400). */
  versionNumber: number
  intSize: number
  offSize: number
  compression: Compression
  /** The dumping machine's local time, as written (no zone): "2026-11-22 10:52:58". */
  createdAt: string
  databaseName: string | null
  serverVersion: string | null
  dumpVersion: string | null
}

const OLDEST_VERSION = 11200
const NEWEST_MINOR = 16
const SUPPORTED = '1.12–1.16'
const WHERE = 'header'

// Format codes from pg_backup.h (archUnknown, archCustom, archFiles, archTar, archNull, archDirectory).
const FORMAT_NAMES: Record<number, string> = { 2: 'files', 3: 'tar', 4: 'plain', 5: 'directory' }
// 1.15+ algorithm byte (pg_compress_algorithm).
const ALGORITHM_NAMES: Record<number, string> = { 2: 'lz4', 3: 'zstd' }

const refuseCompression = (name: string): ArchiveError =>
  new ArchiveError(`archive is compressed with ${name}, which is not supported (only none and gzip)`)

const checkMagic = (bytes: Uint8Array): void => {
  if (String.fromCharCode(...bytes) === 'PGDMP') return
  const hint =
    bytes[0] === 0x2d && bytes[1] === 0x2d
      ? '; it looks like a plain SQL dump'
      : bytes[0] === 0x1f && bytes[1] === 0x8b
        ? '; it looks like a gzip file'
        : ''
  throw new ArchiveError(`not a pg_dump custom-format archive (bad magic${hint})`)
}

const checkVersion = (major: number, minor: number): void => {
  const number = major * 10000 + minor * 100
  if (number < OLDEST_VERSION) {
    throw new ArchiveError(`unsupported archive version ${major}.${minor} (written by an older pg_dump; this build reads ${SUPPORTED})`)
  }
  if (major > 1 || minor > NEWEST_MINOR) {
    throw new ArchiveError(`unsupported archive version ${major}.${minor} (written by a newer pg_dump; this build reads ${SUPPORTED})`)
  }
}

const checkSize = (size: number, what: string): void => {
  if (size < 1 || size > 8) throw new ArchiveError(`archive header is corrupt (${what} size ${size}; at most 8 is supported)`)
}

const readCompression = async (input: ArchiveInput, versionNumber: number): Promise<Compression> => {
  if (versionNumber >= 11500) {
    const algorithm = await input.readByte(WHERE)
    if (algorithm === 0) return 'none'
    if (algorithm === 1) return 'gzip'
    throw refuseCompression(ALGORITHM_NAMES[algorithm] ?? `an unknown method (${algorithm})`)
  }
  // Before 1.15 an int zlib level: 0 none, -1 default, 1–9 explicit.
  const level = await input.readInt(WHERE)
  if (level === 0) return 'none'
  if (level >= -1 && level <= 9) return 'gzip'
  throw refuseCompression(`an unknown method (level ${level})`)
}

const readCreatedAt = async (input: ArchiveInput): Promise<string> => {
  const parts: number[] = []
  for (let index = 0; index < 7; index++) parts.push(await input.readInt(WHERE))
  const [seconds, minutes, hours, day, month, year] = parts
  const pad = (value: number): string => String(value).padStart(2, '0')
  return `${year + 1900}-${pad(month + 1)}-${pad(day)} ${pad(hours)}:${pad(minutes)}:${pad(seconds)}`
}

/** Reads and checks the header; refuses anything this build cannot read, naming what it found. */
export const readHeader = async (input: ArchiveInput): Promise<ArchiveHeader> => {
  await input.ensure(5, WHERE)
  checkMagic(input.buffer.subarray(input.start, input.start + 5))
  input.start += 5
  await input.ensure(3, WHERE)
  const major = input.byte()
  const minor = input.byte()
  const revision = input.byte()
  checkVersion(major, minor)
  const versionNumber = major * 10000 + minor * 100 + revision
  input.intSize = await input.readByte(WHERE)
  checkSize(input.intSize, 'integer')
  input.offSize = await input.readByte(WHERE)
  checkSize(input.offSize, 'offset')
  const format = await input.readByte(WHERE)
  if (format !== 1) {
    const name = FORMAT_NAMES[format]
    throw new ArchiveError(
      name
        ? `archive is in the ${name} format, which is not supported (only the custom format of pg_dump -Fc)`
        : `archive header is corrupt (unknown format code ${format})`,
    )
  }
  const compression = await readCompression(input, versionNumber)
  const createdAt = await readCreatedAt(input)
  return {
    version: `${major}.${minor}.${revision}`,
    versionNumber,
    intSize: input.intSize,
    offSize: input.offSize,
    compression,
    createdAt,
    databaseName: await input.readString(WHERE),
    serverVersion: await input.readString(WHERE),
    dumpVersion: await input.readString(WHERE),
  }
}
