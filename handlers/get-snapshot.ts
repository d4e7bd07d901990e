/** GET /webapi/snapshot: the installed snapshot's rows, size on disk, install time and origin. */
import type { AppContext } from '../runtime/context.ts'
import { snapshotInfo } from '../runtime/updater/snapshot-info.ts'
import { json } from './_respond.ts'

export const getSnapshot = (_request: Request, ctx: AppContext): Response => json(snapshotInfo(ctx.paths, ctx.database))
