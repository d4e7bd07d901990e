/**
 * Which program sent a request, from its User-Agent: the *arr apps and cross-seed name themselves
 * `Name/1.2.3 (…)`. Only the name and a version of digits and dots are kept, never the header itself
 * (a proxy or a script could put anything there).
 */
export const CLIENTS = ['Sonarr', 'Radarr', 'Prowlarr', 'Lidarr', 'Readarr', 'cross-seed'] as const
export type ClientName = (typeof CLIENTS)[number] | 'other'

export interface Client {
  name: ClientName
  version: string | null
}

const PATTERN = new RegExp(`^(${CLIENTS.join('|')})(?:/(\\d+(?:\\.\\d+){0,4}))?`, 'i')
const CANONICAL = new Map(CLIENTS.map((name) => [name.toLowerCase(), name]))

export const clientOf = (userAgent: string | null): Client => {
  const match = userAgent ? PATTERN.exec(userAgent.trimStart()) : null
  if (!match) return { name: 'other', version: null }
  return { name: CANONICAL.get(match[1].toLowerCase()) as ClientName, version: match[2] ?? null }
}
