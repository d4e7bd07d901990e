/** POST /webapi/updater/check: starts a check now (202); progress is read from GET /webapi/updater. */
import type { AppContext } from '../runtime/context.ts'
import { json } from './_respond.ts'

export const postUpdaterCheck = (_request: Request, ctx: AppContext): Response => {
  void ctx.updater.check()
  return json({ ...ctx.updater.status(), progress: ctx.updater.progress() }, { status: 202 })
}
