/** Request bodies: a 1 MiB cap checked on Content-Length and again while streaming, then JSON. */
import { readCapped } from '../runtime/capped-body.ts'
import { AppError } from '../runtime/errors.ts'

const MAX_BODY_BYTES = 1024 * 1024

const tooLarge = () => new AppError('too-large', 'request body is too large')

const readBody = async (request: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array> => {
  let bytes: Uint8Array | null
  try {
    bytes = await readCapped(request, limit)
  } catch (error) {
    // A client that stalls or drops its upload: one line with the reason, never an empty "unexpected error".
    throw new AppError('bad-request', 'the request body was interrupted before it was complete', { cause: error })
  }
  if (bytes === null) throw tooLarge()
  return bytes
}

export const readJson = async (request: Request): Promise<unknown> => {
  const bytes = await readBody(request)
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    throw new AppError('invalid', 'request body must be valid JSON')
  }
}
