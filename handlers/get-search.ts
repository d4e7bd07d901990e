/** GET /webapi/search: the shared search path as JSON for the UI (placeholder until search lands). */
import type { AppContext } from '../runtime/context.ts'
import { json } from './_respond.ts'

export const getSearch = (_request: Request, _ctx: AppContext): Response => json({ total: 0, items: [] })
