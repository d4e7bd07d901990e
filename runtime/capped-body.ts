/**
 * Reads a request or response body of at most `maxBytes`: a larger Content-Length is refused unread
 * (RFC 9112: not trusted when Transfer-Encoding is present), a longer stream is cut and cancelled.
 * Answers null when the body is over the cap; a broken stream rejects as the stream did.
 */
export const readCapped = async (message: Request | Response, maxBytes: number): Promise<Uint8Array | null> => {
  const declared = message.headers.get('content-length')
  if (declared !== null && !message.headers.has('transfer-encoding') && Number(declared) > maxBytes) {
    await message.body?.cancel().catch(() => {})
    return null
  }
  if (!message.body) return new Uint8Array()
  const reader = message.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return Buffer.concat(chunks)
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
}
