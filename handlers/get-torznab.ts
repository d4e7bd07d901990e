/** GET /api: the Torznab endpoint (placeholder caps until the search lands). */
import type { AppContext } from '../runtime/context.ts'
import { xml } from './_respond.ts'

const CAPS = `<?xml version="1.0" encoding="UTF-8"?>
<caps><server title="ICVDB Indexer"/><limits default="100" max="200"/><searching><search available="yes" supportedParams="q"/><tv-search available="yes" supportedParams="q,season,ep,imdbid"/><movie-search available="yes" supportedParams="q,imdbid,tmdbid"/></searching><categories><category id="2000" name="Movies"/><category id="5000" name="TV"/></categories></caps>
`

export const getTorznab = (_request: Request, _ctx: AppContext): Response => xml(CAPS)
