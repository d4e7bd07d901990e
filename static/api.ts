/**
 * The UI's only fetch wrapper, grouped by resource. A non-2xx answer becomes an ApiError carrying
 * the server's `detail` sentence, so every caller can show exactly what the server said.
 */
import type { ManagerStatus, IndexerResult, TestResult } from '../runtime/manager/types.ts'
import type { PublicSettings } from '../runtime/settings/effective.ts'
import type { OverriddenField } from '../runtime/settings/overrides.ts'
import type { ResultProcessing, SettingsUpdate } from '../runtime/settings/schema.ts'
import type { WebSearchItem, WebSearchPage } from '../runtime/serving/web-search.ts'
import type { UpdaterProgress, UpdaterStatus } from '../runtime/updater/types.ts'
import { BASE_PATH, withBase } from './base-path.ts'

export type { IndexerResult, ManagerStatus, PublicSettings, ResultProcessing, TestResult, UpdaterProgress, UpdaterStatus }

/** GET /webapi/status (interface.md §2.4). */
export interface AggregateStatus {
  api_version: number
  application_version: string
  database: { connected: boolean }
  updater: UpdaterStatus
  result_processing: { preset: string; custom_rule_count: number }
  manager: { configured: boolean; connected: boolean | null; indexer_installed: boolean | null; error: string | null }
}

export type UpdaterView = UpdaterStatus & { progress: UpdaterProgress }

/** GET /webapi/ui-config: which fields an environment variable controls, and the persisted values. */
export interface UiConfig {
  locked: Record<OverriddenField, string | null>
  persisted: PublicSettings
}

/** GET /webapi/search: the same search as /api, as JSON (runtime/serving/web-search.ts). */
export type SearchItem = WebSearchItem
export type SearchPage = WebSearchPage

export type SearchParams = Partial<Record<'t' | 'q' | 'imdbid' | 'season' | 'ep' | 'cat' | 'limit' | 'offset', string>>

export class ApiError extends Error {
  readonly status: number
  constructor(status: number, detail: string) {
    super(detail)
    this.name = 'ApiError'
    this.status = status
  }
}

const detailOf = async (response: Response): Promise<string> => {
  try {
    const body = (await response.json()) as { detail?: unknown }
    if (typeof body.detail === 'string') return body.detail
  } catch {}
  return `HTTP ${response.status}`
}

/** The browser's own sentence when the service does not answer at all (the backend stopped). */
const NO_ANSWER = 'Failed to fetch'

export const request = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(withBase(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  } catch {
    connection.set(false)
    throw new ApiError(0, NO_ANSWER)
  }
  connection.set(true)
  if (!response.ok) throw new ApiError(response.status, await detailOf(response))
  return (await response.json()) as T
}

/** Whether the service answered the last request: the shell shows a "connection lost" banner when not. */
export const connection = (() => {
  let online = true
  const listeners = new Set<(online: boolean) => void>()
  return {
    get online() {
      return online
    },
    set(next: boolean) {
      if (next === online) return
      online = next
      for (const listener of listeners) listener(online)
    },
    subscribe(listener: (online: boolean) => void): () => void {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
})()

/** The installed snapshot's rows, size, install time and origin (GET /webapi/snapshot). */
export type { SnapshotInfo } from '../runtime/updater/snapshot-info.ts'

/**
 * Uploads a dump with XMLHttpRequest (fetch reports no upload progress); resolves with the
 * updater view of the install it started, rejects with the server's detail.
 */
const uploadDump = (file: File, onProgress: (sent: number, total: number) => void): Promise<UpdaterView> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${BASE_PATH}/webapi/updater/upload?name=${encodeURIComponent(file.name)}`)
    xhr.setRequestHeader('content-type', 'application/octet-stream')
    xhr.responseType = 'json'
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.total || file.size)
    xhr.onload = () => {
      connection.set(true)
      const body = xhr.response as { detail?: unknown } | null
      if (xhr.status === 202) resolve(body as unknown as UpdaterView)
      else reject(new ApiError(xhr.status, typeof body?.detail === 'string' ? body.detail : `HTTP ${xhr.status}`))
    }
    xhr.onerror = () => reject(new ApiError(0, NO_ANSWER))
    xhr.send(file)
  })

const query = (params: SearchParams): string => {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(name, value)
  const text = search.toString()
  return text === '' ? '' : `?${text}`
}

export const api = {
  status: () => request<AggregateStatus>('GET', '/webapi/status'),
  uiConfig: () => request<UiConfig>('GET', '/webapi/ui-config'),
  settings: {
    get: () => request<PublicSettings>('GET', '/webapi/settings'),
    put: (update: SettingsUpdate) => request<PublicSettings>('PUT', '/webapi/settings', update),
  },
  resultProcessing: {
    get: () => request<ResultProcessing>('GET', '/webapi/result-processing'),
    put: (value: ResultProcessing) => request<ResultProcessing>('PUT', '/webapi/result-processing', value),
  },
  manager: {
    status: () => request<ManagerStatus>('GET', '/webapi/manager/status'),
    test: () => request<TestResult>('POST', '/webapi/manager/test'),
    install: () => request<IndexerResult>('POST', '/webapi/manager/indexer'),
  },
  updater: {
    get: () => request<UpdaterView>('GET', '/webapi/updater'),
    check: () => request<UpdaterView>('POST', '/webapi/updater/check'),
    install: (source: { url: string } | { path: string }) => request<UpdaterView>('POST', '/webapi/updater/install', source),
    upload: uploadDump,
  },
  snapshot: () => request<import('../runtime/updater/snapshot-info.ts').SnapshotInfo>('GET', '/webapi/snapshot'),
  search: (params: SearchParams) => request<SearchPage>('GET', `/webapi/search${query(params)}`),
}
