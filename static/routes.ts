/** The UI's client-side routes: the nav reads them, and handlers/get-static.ts serves index.html only for them. */

const CLIENT_ROUTES = ['/', '/settings', '/result-processing', '/search', '/activity', '/logs'] as const
export type ClientRoute = (typeof CLIENT_ROUTES)[number]

export const isClientRoute = (path: string): path is ClientRoute => (CLIENT_ROUTES as readonly string[]).includes(path)
