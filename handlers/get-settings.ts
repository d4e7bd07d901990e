/** GET /webapi/settings: the effective public settings; the key only as api_key_configured. */
import type { AppContext } from '../runtime/context.ts'
import { json } from './_respond.ts'

export const getSettings = (_request: Request, ctx: AppContext): Response => json(ctx.settings.public())
