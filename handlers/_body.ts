/** Request bodies: a 1 MiB cap checked on Content-Length and again while streaming, then JSON. */
import { AppError } from '../runtime/errors.ts'

export const MAX_BODY_BYTES = 1024 * 1024

const tooLarge = () => new AppError('too-large', 'request body is too large')

export const readBody = async (request: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array> => {
  // RFC 9112: with Transfer-Encoding present, Content-Length is not to be trusted.
  const declared = request.headers.get('content-length')
  if (declared !== null && !request.headers.has('transfer-encoding') && Number(declared) > limit) throw tooLarge()
  if (!request.body) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let total = 0
  for await (const chunk of request.body) {
    total += chunk.byteLength
    if (total > limit) throw tooLarge()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

export const readJson = async (request: Request): Promise<unknown> => {
  const bytes = await readBody(request)
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    throw new AppError('invalid', 'request body must be valid JSON')
  }
}
