/** GET /webapi/updater: status plus live progress (phase, bytes and rows) for the UI's progress bar. */
import type { AppContext } from '../runtime/context.ts'
import { json } from './_respond.ts'

export const getUpdater = (_request: Request, ctx: AppContext): Response =>
  json({ ...ctx.updater.status(), progress: ctx.updater.progress() })
