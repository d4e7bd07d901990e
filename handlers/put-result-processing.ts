/** PUT /webapi/result-processing: persists the object as sent; answers the effective one. */
import type { AppContext } from '../runtime/context.ts'
import { AppError } from '../runtime/errors.ts'
import { ResultProcessingSchema, validate } from '../runtime/settings/schema.ts'
import { readJson } from './_body.ts'
import { json } from './_respond.ts'

export const putResultProcessing = async (request: Request, ctx: AppContext): Promise<Response> => {
  const result = validate(ResultProcessingSchema, await readJson(request))
  if (!result.ok) throw new AppError('invalid', result.message)
  return json(ctx.settings.saveResultProcessing(result.value))
}
