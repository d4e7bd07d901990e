/** The one error the archive reader throws: its message is a complete sentence naming what was found. */

export class ArchiveError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ArchiveError'
  }
}

export const truncated = (where: string): ArchiveError => new ArchiveError(`archive is truncated in the ${where}`)
