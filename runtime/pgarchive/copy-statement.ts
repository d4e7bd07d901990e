/** Column names from a TOC copyStmt: `COPY public.torrents (info_hash, "Odd, name", …) FROM stdin;`. */
import { ArchiveError } from './archive-error.ts'

/** Splits the parenthesised identifier list, honouring "quoted" names with doubled quotes. */
export const parseCopyColumns = (copyStatement: string): string[] => {
  const open = copyStatement.indexOf('(')
  const close = copyStatement.lastIndexOf(') FROM')
  // A table without columns is dumped as "COPY public.t  FROM stdin;".
  if (open < 0 && /^COPY .+ FROM stdin;\s*$/.test(copyStatement)) return []
  if (open < 0 || close < open) throw new ArchiveError(`archive TOC has an unreadable COPY statement: ${copyStatement.slice(0, 120)}`)
  const list = copyStatement.slice(open + 1, close)
  const columns: string[] = []
  let index = 0
  while (index < list.length) {
    while (list[index] === ' ' || list[index] === ',') index++
    if (index >= list.length) break
    if (list[index] === '"') {
      let name = ''
      index++
      while (index < list.length) {
        if (list[index] === '"' && list[index + 1] === '"') {
          name += '"'
          index += 2
        } else if (list[index] === '"') {
          index++
          break
        } else {
          name += list[index++]
        }
      }
      columns.push(name)
    } else {
      const stop = list.indexOf(',', index)
      columns.push(list.slice(index, stop < 0 ? list.length : stop).trim())
      index = stop < 0 ? list.length : stop
    }
  }
  return columns
}
