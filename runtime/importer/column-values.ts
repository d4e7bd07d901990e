/** Conversions of upstream COPY text values into the numbers the snapshot stores (runtime/db/schema.ts). */

/** IMDb ids compare by number: "tt0111161", "tt111161" and "111161" all give 111161; anything else null. */
export const imdbNumber = (value: string | null): number | null => {
  if (value === null) return null
  const first = value.charCodeAt(0) | 0x20
  const start = first === 0x74 && (value.charCodeAt(1) | 0x20) === 0x74 ? 2 : 0
  const length = value.length - start
  if (length < 1 || length > 10) return null
  let number = 0
  for (let index = start; index < value.length; index++) {
    const digit = value.charCodeAt(index) - 48
    if (digit < 0 || digit > 9) return null
    number = number * 10 + digit
  }
  return number > 0 ? number : null
}

/** An integer column's text (bigint included: sizes stay far below 2^53), or null. */
export const integerOrNull = (value: string | null): number | null => (value === null ? null : +value)

const digits = (text: string, start: number, count: number): number => {
  let number = 0
  for (let index = start; index < start + count; index++) {
    const digit = text.charCodeAt(index) - 48
    if (digit < 0 || digit > 9) return Number.NaN
    number = number * 10 + digit
  }
  return number
}

const validClock = (month: number, day: number, hours: number, minutes: number, seconds: number): boolean =>
  month >= 1 && month <= 12 && day >= 1 && day <= 31 && hours < 24 && minutes < 60 && seconds < 60

const TIMESTAMP = /^(\d{4,})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\.\d+)?(?:([+-])(\d\d)(?::?(\d\d))?(?::\d\d)?)?( BC)?$/

/** The general form: more than 4 year digits, a zone offset (timestamptz), or BC. */
const slowTimestampSeconds = (value: string): number | null => {
  const match = TIMESTAMP.exec(value)
  if (!match) return null
  const [, year, month, day, hours, minutes, seconds, sign, zoneHours, zoneMinutes, bc] = match
  if (!validClock(Number(month), Number(day), Number(hours), Number(minutes), Number(seconds))) return null
  const date = new Date(0)
  date.setUTCFullYear(bc ? 1 - Number(year) : Number(year), Number(month) - 1, Number(day))
  date.setUTCHours(Number(hours), Number(minutes), Number(seconds), 0)
  const zone = sign ? (sign === '-' ? -1 : 1) * (Number(zoneHours) * 3600 + Number(zoneMinutes ?? 0) * 60) : 0
  const milliseconds = date.getTime()
  return Number.isNaN(milliseconds) ? null : Math.floor(milliseconds / 1000) - zone
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil): no Date object per row.
const daysFromCivil = (year: number, month: number, day: number): number => {
  const shifted = month <= 2 ? year - 1 : year
  const era = Math.floor(shifted / 400)
  const yearOfEra = shifted - era * 400
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1
  return era * 146097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719468
}

/**
 * `timestamp without time zone` text as Unix seconds, read as UTC. Fractions are dropped, so
 * 23:59:59.999999 stays in its second. Returns null for text that is not a timestamp ("infinity").
 */
export const timestampSeconds = (value: string): number | null => {
  const length = value.length
  if (length >= 19 && length <= 26 && value.charCodeAt(4) === 45 && value.charCodeAt(10) === 32) {
    const year = digits(value, 0, 4)
    const month = digits(value, 5, 2)
    const day = digits(value, 8, 2)
    const hours = digits(value, 11, 2)
    const minutes = digits(value, 14, 2)
    const seconds = digits(value, 17, 2)
    const fraction = length === 19 || (value.charCodeAt(19) === 46 && length > 20 && digits(value, 20, length - 20) >= 0)
    // NaN fails every comparison, so a stray character falls through to the general form.
    if (fraction && year >= 1 && validClock(month, day, hours, minutes, seconds)) {
      return daysFromCivil(year, month, day) * 86400 + hours * 3600 + minutes * 60 + seconds
    }
  }
  return slowTimestampSeconds(value)
}
