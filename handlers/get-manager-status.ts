/** GET /webapi/manager/status: always 200; remote failures are data (interface.md §4.4). */
import type { AppContext } from '../runtime/context.ts'
import { json } from './_respond.ts'

export const getManagerStatus = async (_request: Request, ctx: AppContext): Promise<Response> => json(await ctx.manager.status())
