/** PUT /webapi/settings (interface.md §4.2): validate, save, reconfigure the updater, clear the manager cache. */
import type { AppContext } from '../runtime/context.ts'
import { AppError } from '../runtime/errors.ts'
import { SettingsUpdateSchema, validate } from '../runtime/settings/schema.ts'
import { readJson } from './_body.ts'
import { json } from './_respond.ts'

export const putSettings = async (request: Request, ctx: AppContext): Promise<Response> => {
  const result = validate(SettingsUpdateSchema, await readJson(request))
  if (!result.ok) throw new AppError('invalid', result.message)
  const saved = ctx.settings.saveUpdate(result.value)
  ctx.updater.reconfigure()
  ctx.manager.clearSummary()
  return json(saved)
}
