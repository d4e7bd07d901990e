/** GET /webapi/status: the aggregate status (interface.md §2.4); probes the database, never the manager. */
import type { AppContext } from '../runtime/context.ts'
import { READ_ONLY } from '../runtime/data-dir.ts'
import { json } from './_respond.ts'

const API_VERSION = 1

export const getStatus = (_request: Request, ctx: AppContext): Response => {
  const effective = ctx.settings.effective()
  const { url, api_key } = effective.manager
  const configured = url !== '' && api_key !== ''
  const summary = ctx.manager.summary()
  return json({
    api_version: API_VERSION,
    application_version: ctx.version,
    database: { connected: ctx.database.probe() },
    // A read-only data directory is said where the UI shows update problems.
    updater: ctx.writable ? ctx.updater.status() : { ...ctx.updater.status(), last_error: READ_ONLY },
    result_processing: {
      preset: effective.result_processing.preset,
      custom_rule_count: effective.result_processing.custom_rules.length,
    },
    manager: {
      configured,
      connected: configured ? summary.connected : null,
      indexer_installed: configured ? summary.indexer_installed : null,
      // A key saved for another address: the one sentence saying it must be entered again (issue 15).
      error: configured ? summary.error : ctx.settings.keyNotice(),
    },
  })
}
