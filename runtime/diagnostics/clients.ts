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

const clientOf = (userAgent: string | null): Client => {
  const match = userAgent ? PATTERN.exec(userAgent.trimStart()) : null
  if (!match) return { name: 'other', version: null }
  return { name: CANONICAL.get(match[1].toLowerCase()) as ClientName, version: match[2] ?? null }
}

// A service sees a handful of User-Agents (one per *arr instance): each is parsed once.
const CACHED_AGENTS = 64

/** clientOf() remembered per User-Agent text, at most CACHED_AGENTS of them. */
export class ClientCache {
  readonly #known = new Map<string, Client>()

  of(userAgent: string | null): Client {
    if (userAgent === null || userAgent.length > 256) return clientOf(userAgent)
    let client = this.#known.get(userAgent)
    if (client === undefined) {
      if (this.#known.size >= CACHED_AGENTS) this.#known.clear()
      this.#known.set(userAgent, (client = clientOf(userAgent)))
    }
    return client
  }
}
