/**
 * Host names the web UI and /webapi answer to (issue 15, DNS rebinding): a page on a hostile name
 * that resolves to this service must not reach the JSON API, while the names a home LAN really uses
 * (IP addresses, `localhost`, `nas`, `nas.local`, `nas.lan`, …) work without configuration.
 */
import { isIP } from 'node:net'

export interface HostAndPort {
  /** Lower case, without IPv6 brackets or a trailing dot. */
  name: string
  port: number | null
}

// RFC 3986 reg-name in the form DNS uses (letters, digits, hyphen, underscore, dots), or a bracketed IPv6 literal.
const HOST_HEADER = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?))(?::(\d{1,5}))?$/i

/** Parses a Host (or X-Forwarded-Host) value; null when it is empty or malformed. */
export const parseHost = (value: string | null): HostAndPort | null => {
  if (value === null || value.length > 300) return null
  const match = HOST_HEADER.exec(value.trim())
  if (!match) return null
  const [, ipv6, name, portText] = match
  if (ipv6 !== undefined && isIP(ipv6) !== 6) return null
  const port = portText === undefined ? null : Number(portText)
  if (port !== null && (port < 1 || port > 65535)) return null
  return { name: (ipv6 ?? name).toLowerCase().replace(/\.$/, ''), port }
}

const HOME_SUFFIXES = ['.local', '.lan', '.home.arpa', '.internal', '.localhost']

const matchesEntry = (name: string, entry: string): boolean =>
  entry === '*' || entry === name || (entry.startsWith('.') && (name.endsWith(entry) || name === entry.slice(1)))

/** The names a browser may use for the UI: `allowed` is ALLOWED_HOSTS, `indexerUrl` the configured indexer URL. */
export const isAllowedHost = (name: string, allowed: readonly string[], indexerUrl: string): boolean => {
  if (isIP(name) !== 0 || name === 'localhost' || !name.includes('.')) return true
  if (HOME_SUFFIXES.some((suffix) => name.endsWith(suffix))) return true
  if (allowed.some((entry) => matchesEntry(name, entry))) return true
  return indexerUrl !== '' && URL.canParse(indexerUrl) && new URL(indexerUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase() === name
}
