/** One /api request as the request history keeps it: on the wire (RequestRecord) and in the ring (StoredRecord). */
import type { ClientName } from './clients.ts'

export interface RequestRecord {
  /** Arrival order, from 1. */
  id: number
  time: string
  client: ClientName
  client_version: string | null
  t: string
  params: Record<string, string>
  /** Items in the answer (null for caps, get and errors). */
  count: number | null
  total: number | null
  duration_ms: number
  cache_hit: boolean | null
  /** The Torznab error code answered, or null. */
  error_code: number | null
}

/** A record as the ring holds it: the time as a number, made an ISO string only when listed. */
export type StoredRecord = Omit<RequestRecord, 'time'> & { at: number }
