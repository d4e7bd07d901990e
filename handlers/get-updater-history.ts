/** GET /webapi/updater/history: the last update attempts, newest first (kept across restarts). */
import type { AppContext } from '../runtime/context.ts'
import { json } from './_respond.ts'

export const getUpdaterHistory = (_request: Request, ctx: AppContext): Response => json({ attempts: ctx.diagnostics.updates.list() })
