/** Response factories: every body this service sends is built here. */

const make =
  (contentType: string) =>
  (body: string | Uint8Array<ArrayBuffer> | null, init: ResponseInit = {}): Response => {
    const headers = new Headers(init.headers)
    if (!headers.has('content-type')) headers.set('content-type', contentType)
    return new Response(body, { ...init, headers })
  }

const jsonText = make('application/json; charset=utf-8')
export const xml = make('application/xml; charset=utf-8')
export const html = make('text/html; charset=utf-8')

export const json = (data: unknown, init: ResponseInit = {}): Response => jsonText(JSON.stringify(data), init)

export const detail = (status: number, message: string, headers?: HeadersInit): Response => json({ detail: message }, { status, headers })

export const redirect = (location: string, status = 302): Response =>
  new Response(null, { status, headers: { location, 'cache-control': 'no-store' } })
