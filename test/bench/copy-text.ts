/**
 * PostgreSQL COPY text format for the generator's rows (tab-separated, `\N` for NULL, backslash
 * escapes), plus timestamp text in the server's `YYYY-MM-DD HH:MM:SS.ffffff` form.
 */

export type CopyValue = string | number | bigint | boolean | null

// COPY text needs only these escapes; everything else (accents, emoji) is sent as UTF-8.
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }
const NEEDS_ESCAPE = /[\\\t\n\r]/

export const copyField = (value: CopyValue): string => {
  if (value === null) return '\\N'
  if (typeof value === 'boolean') return value ? 't' : 'f'
  if (typeof value !== 'string') return String(value)
  return NEEDS_ESCAPE.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : value
}

export const copyLine = (values: readonly CopyValue[]): string => {
  let line = copyField(values[0])
  for (let i = 1; i < values.length; i++) line += `\t${copyField(values[i])}`
  return `${line}\n`
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0')

/** Unix microseconds → `2019-04-05 17:03:22.123456` (UTC, the dump's `timestamp without time zone`). */
export const timestampText = (micros: number): string => {
  const date = new Date(Math.floor(micros / 1000))
  const fraction = micros % 1000000
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}` +
    (fraction === 0 ? '' : `.${pad(fraction, 6)}`)
  )
}
