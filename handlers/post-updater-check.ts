/**
 * POST /webapi/updater/check: starts a check now, or joins the one running (202); progress is read
 * from GET /webapi/updater. 409 while an install runs or an upload arrives.
 */
import type { AppContext } from '../runtime/context.ts'
import { AppError } from '../runtime/errors.ts'
import { json } from './_respond.ts'

export const postUpdaterCheck = (_request: Request, ctx: AppContext): Response => {
  const refusal = ctx.updater.checkRefusal()
  if (refusal !== null) throw new AppError('conflict', refusal)
  void ctx.updater.check()
  return json({ ...ctx.updater.status(), progress: ctx.updater.progress() }, { status: 202 })
}
