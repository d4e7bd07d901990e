/** GET /webapi/result-processing: the effective preset and rules. */
import type { AppContext } from '../runtime/context.ts'
import { json } from './_respond.ts'

export const getResultProcessing = (_request: Request, ctx: AppContext): Response => json(ctx.settings.effective().result_processing)
