/**
 * The UI's pages, in nav order: path and nav label. The nav (components/shell.tsx), the page switch
 * (app.tsx) and the server's SPA fallback (handlers/get-static.ts) all read this one list.
 */
import type { MessageKey } from './i18n.ts'

export const CLIENT_ROUTES = [
  ['/', 'nav.dashboard'],
  ['/settings', 'nav.settings'],
  ['/result-processing', 'nav.resultProcessing'],
  ['/search', 'nav.search'],
  ['/activity', 'diagnostics.nav.activity'],
  ['/logs', 'diagnostics.nav.logs'],
] as const satisfies ReadonlyArray<readonly [string, MessageKey]>
export type ClientRoute = (typeof CLIENT_ROUTES)[number][0]

const PATHS: ReadonlySet<string> = new Set(CLIENT_ROUTES.map(([path]) => path))

export const isClientRoute = (path: string): path is ClientRoute => PATHS.has(path)
