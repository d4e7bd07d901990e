/** POST /webapi/manager/test: no body; acts on the effective settings (400 / 502 from the service). */
import type { AppContext } from '../runtime/context.ts'
import { json } from './_respond.ts'

export const postManagerTest = async (_request: Request, ctx: AppContext): Promise<Response> => json(await ctx.manager.test())
