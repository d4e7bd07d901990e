/**
 * GET /webapi/ui-config: what the web UI needs beyond the settings. Which fields an environment
 * variable controls (shown locked), and the persisted values the UI saves in their place (§2.6).
 */
import type { AppContext } from '../runtime/context.ts'
import { publicView } from '../runtime/settings/effective.ts'
import { OVERRIDDEN_FIELDS, OVERRIDES } from '../runtime/settings/overrides.ts'
import { json } from './_respond.ts'

export const getUiConfig = (_request: Request, ctx: AppContext): Response => {
  const overrides = ctx.settings.overrides
  const locked = Object.fromEntries(
    OVERRIDDEN_FIELDS.map((field) => [field, overrides[field] === undefined ? null : OVERRIDES[field].variable]),
  )
  // publicView drops the key itself: only api_key_configured leaves the process.
  return json({ locked, persisted: publicView(ctx.settings.persisted()) })
}
