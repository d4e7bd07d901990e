/** The table of contents (pg-archive.md §2.4): one entry per dumped object, in restore order. */
import { ArchiveError } from './archive-error.ts'
import type { ArchiveInput } from './input.ts'

/** Where an entry's data block is: pg_dump leaves "unset" when it wrote to a pipe. */
type DataState = 'unset' | 'set' | 'none'

export interface TocEntry {
  dumpId: number
  hadDumper: boolean
  tableOid: string | null
  oid: string | null
  tag: string | null
  desc: string | null
  section: number
  defn: string | null
  dropStmt: string | null
  copyStmt: string | null
  namespace: string | null
  tablespace: string | null
  /** 1.14+ ("heap" for tables, empty otherwise); null before. */
  tableam: string | null
  /** 1.16+ character code (114 = 'r'); null before. */
  relkind: number | null
  owner: string | null
  withOids: string | null
  dependencies: number[]
  dataState: DataState
  /** Absolute offset of the data block's type byte when dataState is "set". */
  dataPosition: number
}

const WHERE = 'TOC'
const DATA_STATES: Record<number, DataState> = { 1: 'unset', 2: 'set', 3: 'none' }

const readDependencies = async (input: ArchiveInput): Promise<number[]> => {
  const dependencies: number[] = []
  for (;;) {
    const id = await input.readString(WHERE)
    if (id === null) return dependencies
    dependencies.push(Number(id))
  }
}

const readEntry = async (input: ArchiveInput, versionNumber: number, index: number): Promise<TocEntry> => {
  const dumpId = await input.readInt(WHERE)
  if (dumpId <= 0) throw new ArchiveError(`archive TOC is corrupt (entry ${index + 1} has dump id ${dumpId})`)
  const hadDumper = (await input.readInt(WHERE)) !== 0
  const text = () => input.readString(WHERE)
  const entry = {
    dumpId,
    hadDumper,
    tableOid: await text(),
    oid: await text(),
    tag: await text(),
    desc: await text(),
    section: await input.readInt(WHERE),
    defn: await text(),
    dropStmt: await text(),
    copyStmt: await text(),
    namespace: await text(),
    tablespace: await text(),
    tableam: versionNumber >= 11400 ? await text() : null,
    relkind: versionNumber >= 11600 ? await input.readInt(WHERE) : null,
    owner: await text(),
    withOids: await text(),
    dependencies: await readDependencies(input),
  }
  const offset = await input.readOffset(WHERE)
  const dataState = DATA_STATES[offset.flag]
  if (!dataState) throw new ArchiveError(`archive TOC is corrupt (entry ${dumpId} has data offset flag ${offset.flag})`)
  return { ...entry, dataState, dataPosition: offset.position }
}

/** Reads every TOC entry; the input is left at the start of the data area. */
export const readToc = async (input: ArchiveInput, versionNumber: number): Promise<TocEntry[]> => {
  const count = await input.readInt(WHERE)
  if (count < 0) throw new ArchiveError(`archive TOC is corrupt (entry count ${count})`)
  const entries: TocEntry[] = []
  for (let index = 0; index < count; index++) entries.push(await readEntry(input, versionNumber, index))
  return entries
}

/** True for entries that own a data block: the blocks follow the TOC in this order. */
export const hasDataBlock = (entry: TocEntry): boolean => entry.hadDumper && entry.dataState !== 'none'
