/** Starts installing a hand-given dump and answers like POST /webapi/updater/check (202 + progress). */
import type { AppContext } from '../runtime/context.ts'
import { AppError } from '../runtime/errors.ts'
import { UPDATE_RUNNING, type ManualSource } from '../runtime/updater/types.ts'
import { json } from './_respond.ts'

export const startInstall = (ctx: AppContext, source: ManualSource): Response => {
  const started = ctx.updater.install(source)
  if (started === null) throw new AppError('conflict', UPDATE_RUNNING)
  void started
  return json({ ...ctx.updater.status(), progress: ctx.updater.progress() }, { status: 202 })
}
