/** GET /*: the web UI (placeholder page until the UI lands). */
import type { AppContext } from '../runtime/context.ts'
import { AppError } from '../runtime/errors.ts'
import { html } from './_respond.ts'

export const getStatic = (request: Request, _ctx: AppContext): Response => {
  const path = new URL(request.url).pathname
  if (path !== '/' && path !== '/index.html') throw new AppError('not-found', 'Not Found')
  return html('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ICVDB Indexer</title></head><body><h1>ICVDB Indexer</h1></body></html>')
}
