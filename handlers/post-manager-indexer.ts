/** POST /webapi/manager/indexer: installs this service into the manager, idempotently. */
import type { AppContext } from '../runtime/context.ts'
import { json } from './_respond.ts'

export const postManagerIndexer = async (_request: Request, ctx: AppContext): Promise<Response> => json(await ctx.manager.install())
