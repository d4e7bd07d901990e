/** The importer's own failures (missing tables or columns, bad values, failed validation), as one sentence. */

export class ImportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ImportError'
  }
}
