/**
 * createApp(ctx) → { fetch }: the embeddable application. An itty Router with the gates in front of
 * every route, one error formatter, and 404/405 for what no route answers.
 */
import { Router } from 'itty-router'
import type { AppContext } from '../runtime/context.ts'
import { AppError } from '../runtime/errors.ts'
import { underBasePath } from './_base-path.ts'
import { errorResponse, requestPath } from './_errors.ts'
import { connectedHost, hostGuard, maintenanceGate, originGuard, readOnlyGate } from './_guards.ts'
import { getHealthz, getReadyz } from './get-health.ts'
import { getLogs } from './get-logs.ts'
import { getManagerStatus } from './get-manager-status.ts'
import { getMetrics } from './get-metrics.ts'
import { deleteRequests, getRequests } from './get-requests.ts'
import { getResultProcessing } from './get-result-processing.ts'
import { getSnapshot } from './get-snapshot.ts'
import { getSearch } from './get-search.ts'
import { getSettings } from './get-settings.ts'
import { getStatic } from './get-static.ts'
import { getStatus } from './get-status.ts'
import { getTorznab } from './get-torznab.ts'
import { getUiConfig } from './get-ui-config.ts'
import { getUpdater } from './get-updater.ts'
import { getUpdaterHistory } from './get-updater-history.ts'
import { postDiagnosticsSearch } from './post-diagnostics-search.ts'
import { postManagerIndexer } from './post-manager-indexer.ts'
import { postManagerTest } from './post-manager-test.ts'
import { postUpdaterCheck } from './post-updater-check.ts'
import { postUpdaterInstall } from './post-updater-install.ts'
import { postUpdaterUpload } from './post-updater-upload.ts'
import { putResultProcessing } from './put-result-processing.ts'
import { putSettings } from './put-settings.ts'

type Handler = (request: Request, ctx: AppContext) => Response | Promise<Response>

/** Every API route: method, path, handler. GET routes also answer HEAD. */
const ROUTES: ReadonlyArray<readonly [string, string, Handler]> = [
  ['GET', '/api', getTorznab],
  ['GET', '/webapi/status', getStatus],
  ['GET', '/webapi/settings', getSettings],
  ['PUT', '/webapi/settings', putSettings],
  ['GET', '/webapi/result-processing', getResultProcessing],
  ['PUT', '/webapi/result-processing', putResultProcessing],
  ['GET', '/webapi/manager/status', getManagerStatus],
  ['POST', '/webapi/manager/test', postManagerTest],
  ['POST', '/webapi/manager/indexer', postManagerIndexer],
  ['GET', '/webapi/updater', getUpdater],
  ['POST', '/webapi/updater/check', postUpdaterCheck],
  ['POST', '/webapi/updater/upload', postUpdaterUpload],
  ['POST', '/webapi/updater/install', postUpdaterInstall],
  ['GET', '/webapi/snapshot', getSnapshot],
  ['GET', '/webapi/search', getSearch],
  ['GET', '/webapi/ui-config', getUiConfig],
  ['GET', '/webapi/requests', getRequests],
  ['DELETE', '/webapi/requests', deleteRequests],
  ['GET', '/webapi/updater/history', getUpdaterHistory],
  ['GET', '/webapi/logs', getLogs],
  ['POST', '/webapi/diagnostics/search', postDiagnosticsSearch],
  ['GET', '/metrics', getMetrics],
  ['GET', '/healthz', getHealthz],
  ['GET', '/readyz', getReadyz],
]

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/') || path === '/webapi' || path.startsWith('/webapi/')

const notRouted = (request: Request): never => {
  const path = requestPath(request)
  const allowed = ROUTES.filter(([, routePath]) => routePath === path).flatMap(([method]) =>
    method === 'GET' ? ['GET', 'HEAD'] : [method],
  )
  if (allowed.length > 0) throw new AppError('method-not-allowed', 'Method Not Allowed', { allow: allowed })
  throw new AppError('not-found', 'Not Found')
}

const withCommonHeaders = (response: Response, request: Request): Response => {
  response.headers.set('x-content-type-options', 'nosniff')
  if (isApiPath(requestPath(request)) && !response.headers.has('cache-control')) {
    response.headers.set('cache-control', 'no-store')
  }
  return response
}

/** What Bun.serve passes beside the request: the peer address, for TRUSTED_PROXIES. */
export interface Peer {
  requestIP(request: Request): { address: string } | null
}

export const createApp = (ctx: AppContext): { fetch: (request: Request, server?: Peer) => Promise<Response> } => {
  const router = Router<Request, [AppContext]>({
    before: [maintenanceGate, readOnlyGate],
    catch: (error, request) => errorResponse(error, request as unknown as Request, ctx),
  })
  for (const [method, path, handler] of ROUTES) {
    const wrapped = (request: Request) => handler(request, ctx)
    router[method.toLowerCase() as 'get'](path, wrapped)
    if (method === 'GET') router.head(path, wrapped)
  }
  const staticHandler = (request: Request) => (isApiPath(requestPath(request)) ? undefined : getStatic(request, ctx))
  router.get('*', staticHandler)
  router.head('*', staticHandler)
  router.all('*', notRouted)

  return {
    // Host and origin are checked before routing, so every route, present or future, inherits them.
    fetch: async (original: Request, server?: Peer) => {
      const request = ctx.basePath === '' ? original : underBasePath(original, ctx.basePath)
      if (request instanceof Response) return withCommonHeaders(request, original)
      let response: Response
      try {
        // Bun knows the peer of the request it received, not of a copy with the prefix taken off.
        const host = connectedHost(request, server?.requestIP(original)?.address ?? null, ctx)
        hostGuard(requestPath(request), host, ctx)
        originGuard(request, host)
        response =
          ((await router.fetch(request, ctx)) as Response | undefined) ??
          errorResponse(new AppError('not-found', 'Not Found'), request, ctx)
      } catch (error) {
        response = errorResponse(error, request, ctx)
      }
      return withCommonHeaders(response, request)
    },
  }
}
