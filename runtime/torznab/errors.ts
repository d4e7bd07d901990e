/**
 * Torznab errors are values served as XML with HTTP 200, so Sonarr/Radarr read the code.
 * Newznab codes: 100 Incorrect user credentials, 200 Missing parameter, 201 Incorrect parameter,
 * 202 No such function, 203 Function not available, 300 No such item, 900 Unknown error.
 */
import { escapeXml } from './xml.ts'

export class TorznabError extends Error {
  readonly code: number

  constructor(code: number, description: string) {
    super(description)
    this.code = code
    this.name = 'TorznabError'
  }

  toXml(): string {
    return `<?xml version="1.0" encoding="UTF-8"?>\n<error code="${this.code}" description="${escapeXml(this.message)}"/>\n`
  }
}
