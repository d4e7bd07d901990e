/** The manager (Prowlarr) results of interface.md §2.5 and §2.7, and the service handlers call. */

export interface ManagerStatus {
  configured: boolean
  connected: boolean | null
  indexer_installed: boolean | null
  error: string | null
}

export interface ManagerSummary {
  connected: boolean | null
  indexer_installed: boolean | null
  error: string | null
}

export interface TestResult {
  connected: boolean
  error: string | null
}

export interface IndexerResult {
  created: boolean
  already_installed: boolean
  indexer_id: number | null
}

export interface ManagerService {
  /** The in-process summary for GET /webapi/status (interface.md §4.1); never calls the manager. */
  summary(): ManagerSummary
  clearSummary(): void
  status(): Promise<ManagerStatus>
  /** Throws AppError('manager-not-configured' | 'manager-failed'). */
  test(): Promise<TestResult>
  install(): Promise<IndexerResult>
}
