/**
 * Public API of the pg_dump custom-format reader: open an archive (header + TOC), then stream the
 * COPY rows or raw payload of chosen tables. Blocks come in TOC order; offsets are only a shortcut,
 * and a seekable input may go back to a block it has passed.
 */
import { ArchiveError } from './archive-error.ts'
import { checkBlockHeader, readBlockHeader, readChunks, type RefillHook } from './blocks.ts'
import { CopyDecoder, fieldPick, type RowSink } from './copy.ts'
import { readHeader, type ArchiveHeader } from './header.ts'
import { BlockInflater, ChunkMerger, type ChunkConsumer, type PayloadSink } from './inflate.ts'
import { ArchiveInput, type ArchiveSource } from './input.ts'
import { parseCopyColumns } from './copy-statement.ts'
import { hasDataBlock, readToc, type TocEntry } from './toc.ts'

export { ArchiveError } from './archive-error.ts'

export type { ArchiveSource } from './input.ts'
export type { CopyRow } from './copy.ts'

export interface TableData {
  entry: TocEntry
  schema: string
  name: string
  /** Column names from the copyStmt; null when the data is INSERT statements (pg_dump --inserts). */
  columns: string[] | null
}

export interface TableRequest {
  table: TableData
  /** Decoded rows: fields in `table.columns` order, or only the `pick` columns in `pick` order. */
  onRow?: RowSink
  pick?: readonly string[]
  /** The decompressed payload as stored, terminator included (checksums). */
  onPayload?: PayloadSink
}

interface TableResult {
  table: TableData
  rows: number
  storedBytes: number
  payloadBytes: number
}

export interface Archive {
  header: ArchiveHeader
  toc: TocEntry[]
  tables: TableData[]
  /** Client encoding from the ENCODING entry (e.g. "UTF8"). */
  encoding: string | null
  /** Archive size in bytes when read from a file. */
  size: number | null
  /** Current read offset in the archive. */
  readonly position: number
  /** Stored bytes of the requested tables' blocks read so far: the honest progress measure. */
  readonly decodedBytes: number
  findTable(schema: string, name: string): TableData | undefined
  /**
   * Reads the requested tables' blocks in TOC order and stops after the last one. A later call may
   * ask for blocks already passed when the input is a file (they are found again by their offset).
   */
  read(requests: TableRequest[], onRefill?: RefillHook): Promise<TableResult[]>
  close(): void
}

// SQL_ASCII passes bytes through unchecked; the 1.15 PGlite build records it for UTF8 data.
const READABLE_ENCODINGS = new Set(['UTF8', 'SQL_ASCII'])

const encodingOf = (toc: TocEntry[]): string | null => {
  const defn = toc.find((entry) => entry.desc === 'ENCODING')?.defn ?? ''
  return /client_encoding\s*=\s*'([^']+)'/i.exec(defn)?.[1] ?? null
}

const tableOf = (entry: TocEntry): TableData => ({
  entry,
  schema: entry.namespace ?? '',
  name: entry.tag ?? '',
  columns: entry.copyStmt ? parseCopyColumns(entry.copyStmt) : null,
})

/** The COPY column list of a table, or a refusal when the archive holds INSERT statements instead. */
export const copyColumns = (table: TableData): string[] => {
  if (!table.columns)
    throw new ArchiveError(`table ${table.name} was dumped as INSERT statements (pg_dump --inserts), which is not supported`)
  return table.columns
}

const consumerFor = (
  archive: { header: ArchiveHeader },
  request: TableRequest,
  result: TableResult,
): { consumer: ChunkConsumer; finish(): void } => {
  const { table } = request
  const columns = request.onRow ? copyColumns(table) : []
  const pick = request.pick ? fieldPick(columns, request.pick) : null
  const decoder = request.onRow ? new CopyDecoder(table.name, columns.length, request.onRow, pick) : null
  const emit: PayloadSink = (piece) => {
    result.payloadBytes += piece.length
    request.onPayload?.(piece)
    decoder?.push(piece)
  }
  const consumer = archive.header.compression === 'gzip' ? new BlockInflater(table.name, emit) : new ChunkMerger(emit)
  return {
    consumer,
    finish() {
      consumer.finish()
      decoder?.finish()
      result.rows = decoder?.rows ?? 0
    },
  }
}

class OpenArchive implements Archive {
  readonly tables: TableData[]
  readonly encoding: string | null
  readonly #input: ArchiveInput
  readonly #blocks: TocEntry[]
  /** Index in #blocks of the block the input is positioned at when scanning sequentially. */
  #next = 0
  /** Where each block passed so far starts (its header), for going back on a file. */
  readonly #passed = new Map<TocEntry, number>()

  constructor(
    readonly header: ArchiveHeader,
    readonly toc: TocEntry[],
    input: ArchiveInput,
  ) {
    this.#input = input
    this.#blocks = toc.filter(hasDataBlock)
    this.tables = this.#blocks.filter((entry) => entry.desc === 'TABLE DATA').map(tableOf)
    this.encoding = encodingOf(toc)
  }

  get size(): number | null {
    return this.#input.size
  }

  get position(): number {
    return this.#input.position
  }

  get decodedBytes(): number {
    return this.#input.decodedBytes
  }

  findTable(schema: string, name: string): TableData | undefined {
    return this.tables.find((table) => table.schema === schema && table.name === name)
  }

  async read(requests: TableRequest[], onRefill?: RefillHook): Promise<TableResult[]> {
    const byEntry = new Map(requests.map((request) => [request.table.entry, request]))
    const wanted = this.#blocks.filter((entry) => byEntry.has(entry))
    const results: TableResult[] = []
    for (const entry of wanted) {
      const request = byEntry.get(entry) as TableRequest
      await this.#moveTo(entry)
      const result: TableResult = { table: request.table, rows: 0, storedBytes: 0, payloadBytes: 0 }
      const block = consumerFor(this, request, result)
      try {
        result.storedBytes = await readChunks(this.#input, `data block of ${request.table.name}`, block.consumer, onRefill)
        block.finish()
      } finally {
        if (block.consumer instanceof BlockInflater) block.consumer.close()
      }
      results.push(result)
    }
    return results
  }

  close(): void {
    this.#input.close()
  }

  /** Leaves the input just after the block header of `entry`, verified. */
  async #moveTo(entry: TocEntry): Promise<void> {
    const target = this.#blocks.indexOf(entry)
    if (target < this.#next) return this.#back(entry, target)
    if (target > this.#next && (await this.#jump(entry))) {
      this.#next = target + 1
      return
    }
    while (this.#next <= target) {
      const current = this.#blocks[this.#next]
      const where = `data block of ${current.tag}`
      this.#passed.set(current, this.#input.position)
      checkBlockHeader(await readBlockHeader(this.#input, where), current.dumpId)
      this.#next++
      if (current !== entry) await readChunks(this.#input, where, null)
    }
  }

  /** Returns to a block passed earlier, or jumped over (a file only: a stream cannot go back). */
  async #back(entry: TocEntry, target: number): Promise<void> {
    const start = this.#passed.get(entry)
    if (this.#input.seekable && start !== undefined) {
      this.#input.seek(start)
      checkBlockHeader(await readBlockHeader(this.#input, `data block of ${entry.tag}`), entry.dumpId)
    } else if (!(await this.#jump(entry))) {
      throw new Error(`table data of entry ${entry.dumpId} was already passed`)
    }
    this.#next = target + 1
  }

  /** Seeks straight to a block by its TOC offset; falls back (false) when the offset does not check out. */
  async #jump(entry: TocEntry): Promise<boolean> {
    if (!this.#input.seekable || entry.dataState !== 'set') return false
    const resume = this.#input.position
    try {
      this.#input.seek(entry.dataPosition)
      const header = await readBlockHeader(this.#input, `data block of ${entry.tag}`)
      if (header.type === 1 && header.dumpId === entry.dumpId) {
        this.#passed.set(entry, entry.dataPosition)
        return true
      }
    } catch (error) {
      if (!(error instanceof ArchiveError)) throw error
    }
    this.#input.seek(resume)
    return false
  }
}

/** Reads the header and TOC of an archive from a file path or a byte stream. */
export const openArchive = async (source: ArchiveSource): Promise<Archive> => {
  const input = ArchiveInput.open(source)
  try {
    const header = await readHeader(input)
    const toc = await readToc(input, header.versionNumber)
    const archive = new OpenArchive(header, toc, input)
    if (archive.encoding && !READABLE_ENCODINGS.has(archive.encoding.toUpperCase())) {
      throw new ArchiveError(`archive uses the ${archive.encoding} encoding, which is not supported (only UTF8)`)
    }
    return archive
  } catch (error) {
    input.close()
    throw error
  }
}
