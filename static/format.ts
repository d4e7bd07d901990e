/** Display formatting: bytes, counts, dates and "3 h ago", in the UI's language. */
import type { Language, Translate } from './i18n.ts'

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB']

export const formatBytes = (bytes: number | null | undefined, language: Language): string => {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—'
  let value = bytes
  let index = 0
  while (value >= 1024 && index < BYTE_UNITS.length - 1) {
    value /= 1024
    index++
  }
  const digits = index === 0 || value >= 100 ? 0 : 1
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value)} ${BYTE_UNITS[index]}`
}

export const formatCount = (value: number | null | undefined, language: Language): string =>
  value === null || value === undefined || !Number.isFinite(value) ? '—' : new Intl.NumberFormat(language).format(value)

/** A measured figure with one decimal, in the user's language (0.1 in English, 0,1 in Italian). */
export const formatDecimal = (value: number, language: Language): string =>
  new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)

export const formatDateTime = (iso: string | null, language: Language): string | null => {
  if (!iso) return null
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** "5 min ago", "in 3 h", "2 days ago": coarse on purpose, the exact time sits beside it. */
export const relativeTime = (iso: string | null, now: number, t: Translate): string | null => {
  if (!iso) return null
  const time = new Date(iso).getTime()
  if (Number.isNaN(time)) return null
  const delta = time - now
  const distance = Math.abs(delta)
  if (distance < MINUTE) return delta > 0 ? t('time.dueNow') : t('time.justNow')
  const [n, past, future] =
    distance < HOUR
      ? [Math.round(distance / MINUTE), 'time.minutesAgo', 'time.inMinutes']
      : distance < 2 * DAY // hours up to 47 h, so days are always plural ("2 days ago")
        ? [Math.round(distance / HOUR), 'time.hoursAgo', 'time.inHours']
        : [Math.round(distance / DAY), 'time.daysAgo', 'time.inDays']
  return t((delta < 0 ? past : future) as 'time.daysAgo', { n })
}

/** Whole days since a `db-YYYY-MM-DD` tag's date, or null for any other tag. */
export const snapshotAgeDays = (tag: string | null, now: number): number | null => {
  const match = /^db-(\d{4})-(\d{2})-(\d{2})$/.exec(tag ?? '')
  if (!match) return null
  const published = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return Math.max(0, Math.floor((now - published) / DAY))
}

export const describeAge = (days: number, t: Translate): string =>
  days === 0 ? t('time.ageToday') : days === 1 ? t('time.ageOneDay') : t('time.ageDays', { n: days })

// The language names the server sends (the Torznab `language` values) as ISO codes, for Intl.
const LANGUAGE_CODES: Record<string, string> = {
  Italian: 'it',
  English: 'en',
  Japanese: 'ja',
  German: 'de',
  French: 'fr',
  Spanish: 'es',
  Korean: 'ko',
}

/** A language name the server sends ("Italian") in the user's language ("Italiano"); an unknown one as sent. */
export const languageName = (name: string, language: Language): string => {
  const code = LANGUAGE_CODES[name]
  const local = code ? new Intl.DisplayNames([language], { type: 'language' }).of(code) : undefined
  return local ? local.charAt(0).toLocaleUpperCase(language) + local.slice(1) : name
}
