/** `--name value` options of the bench scripts, over their defaults; exits with the usage line on anything else. */
import { QUERY_KINDS, type QueryKind } from './queries.ts'

export const benchOptions = (defaults: Record<string, string>, usage: string): Record<string, string> => {
  const values = { ...defaults }
  const argv = process.argv.slice(2)
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '')
    if (!(key in values) || argv[i + 1] === undefined) console.error(usage), process.exit(2)
    values[key] = argv[i + 1]
  }
  return values
}

/** The comma-separated query kinds of `--kinds`; exits naming the known ones on an unknown kind. */
export const benchKindList = (list: string): QueryKind[] => {
  const kinds = list.split(',') as QueryKind[]
  const unknown = kinds.filter((kind) => !QUERY_KINDS.includes(kind))
  if (unknown.length > 0) console.error(`unknown kinds: ${unknown.join(', ')} (known: ${QUERY_KINDS.join(', ')})`), process.exit(2)
  return kinds
}
