/**
 * Activity: what the *arr apps asked (/webapi/requests), newest first, with filters; empty answers
 * and errors stand out; "Explain" on a search runs the same query through the explain report.
 */
import { useRef, useState } from 'preact/hooks'
import { PageTitle } from '../components/page-title.tsx'
import { Badge, Section } from '../components/section.tsx'
import { useToast } from '../components/toasts.tsx'
import {
  diagnosticsApi,
  explainInputOf,
  isExplainable,
  isSearchRecord,
  type ExplainReport,
  type RequestFilter,
  type RequestRecord,
} from '../diagnostics-api.ts'
import { formatCount, formatDateTime, formatDecimal } from '../format.ts'
import { useInterval, useLoad } from '../hooks.ts'
import { usePreferences } from '../preferences.tsx'
import { ExplainReportView } from './_explain-report.tsx'
import { FilterSelect } from './_filter-select.tsx'

const CLIENTS = ['Sonarr', 'Radarr', 'Prowlarr', 'Lidarr', 'Readarr', 'cross-seed', 'other']
const FUNCTIONS = ['search', 'tvsearch', 'movie', 'caps', 'get']
const REFRESH_MS = 5000

const querySummary = (record: RequestRecord): string =>
  Object.entries(record.params)
    .filter(([name]) => name !== 'limit' && name !== 'offset')
    .map(([name, value]) => `${name}=${value}`)
    .join(' ')

export const Activity = () => {
  const { t, language } = usePreferences()
  const toast = useToast()
  const [filter, setFilter] = useState<RequestFilter>({})
  // The filter of the latest choice, and a ticket per fetch: a slower answer to an older filter
  // (or a refresh started before the change) never replaces a newer one.
  const current = useRef<RequestFilter>({})
  const ticket = useRef(0)
  const list = useLoad(() => diagnosticsApi.requests(current.current))
  const refresh = async () => {
    const mine = ++ticket.current
    const data = await diagnosticsApi.requests(current.current)
    if (mine === ticket.current) list.setData(data)
  }
  const [explained, setExplained] = useState<{ record: RequestRecord; report: ExplainReport } | null>(null)
  useInterval(() => void refresh().catch(() => {}), REFRESH_MS)

  const all = ['', t('diagnostics.activity.all')] as const
  const change = (name: keyof RequestFilter) => (value: string) => {
    const next = { ...filter, [name]: value || undefined }
    current.current = next
    setFilter(next)
    refresh().catch((failure: Error) => toast('error', failure.message))
  }
  const explain = async (record: RequestRecord) => {
    try {
      setExplained({ record, report: await diagnosticsApi.explain(explainInputOf(record)) })
    } catch (failure) {
      toast('error', (failure as Error).message)
    }
  }
  const clear = async () => {
    list.setData(await diagnosticsApi.clearRequests())
    setExplained(null)
  }

  return (
    <div class="page">
      <PageTitle title={t('diagnostics.activity.title')} description={t('diagnostics.activity.description')} />
      <Section
        title={t('diagnostics.activity.requests')}
        description={t('diagnostics.activity.requestsHint', { n: formatCount(list.data?.capacity ?? 1000, language) })}
      >
        <div class="filters">
          <FilterSelect
            label={t('diagnostics.activity.client')}
            value={filter.client ?? ''}
            options={[all, ...CLIENTS.map((name) => [name, name === 'other' ? t('diagnostics.activity.otherClient') : name] as const)]}
            change={change('client')}
          />
          <FilterSelect
            label={t('diagnostics.activity.function')}
            value={filter.t ?? ''}
            options={[all, ...FUNCTIONS.map((name) => [name, name] as const)]}
            change={change('t')}
          />
          <FilterSelect
            label={t('diagnostics.activity.show')}
            value={filter.only ?? ''}
            options={[
              all,
              ['empty', t('diagnostics.activity.onlyEmpty')],
              ['errored', t('diagnostics.activity.onlyErrored')],
              ['problems', t('diagnostics.activity.onlyProblems')],
            ]}
            change={change('only')}
          />
          <button type="button" class="button button-secondary" onClick={() => void clear()}>
            {t('diagnostics.activity.clear')}
          </button>
        </div>
        {list.error && <p class="callout callout-error">{t('common.loadFailed', { detail: list.error })}</p>}
        {list.data && list.data.requests.length === 0 && (
          <p class="callout callout-info" data-testid="no-requests">
            {t('diagnostics.activity.none')}
          </p>
        )}
        {list.data && list.data.requests.length > 0 && (
          <RequestTable records={list.data.requests} explain={(record) => void explain(record)} />
        )}
      </Section>
      {explained && (
        <Section title={t('diagnostics.explain.title')} description={t('diagnostics.explain.description')} id="explain">
          <ExplainReportView report={explained.report} />
        </Section>
      )}
    </div>
  )
}

const RequestTable = (props: { records: RequestRecord[]; explain(record: RequestRecord): void }) => {
  const { t, language } = usePreferences()
  return (
    <div class="table-wrap">
      <table class="results-table activity-table">
        <thead>
          <tr>
            <th scope="col">{t('diagnostics.activity.time')}</th>
            <th scope="col">{t('diagnostics.activity.client')}</th>
            <th scope="col">{t('diagnostics.activity.function')}</th>
            <th scope="col">{t('diagnostics.activity.query')}</th>
            <th scope="col" class="number">
              {t('diagnostics.activity.results')}
            </th>
            <th scope="col" class="number">
              {t('diagnostics.activity.duration')}
            </th>
            <th scope="col">
              <span class="visually-hidden">{t('diagnostics.activity.explain')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.records.map((record) => {
            const empty = record.count === 0 && record.error_code === null
            return (
              <tr key={record.id} class={empty ? 'row-empty' : record.error_code !== null ? 'row-error' : undefined} data-testid="request">
                <td>{formatDateTime(record.time, language)}</td>
                <td>
                  {record.client === 'other'
                    ? t('diagnostics.activity.otherClient')
                    : `${record.client}${record.client_version ? ` ${record.client_version}` : ''}`}
                </td>
                <td>{record.t}</td>
                <td class="title">
                  {querySummary(record) || (isSearchRecord(record) ? <span class="muted">{t('diagnostics.activity.rss')}</span> : '—')}
                </td>
                <td class="number">
                  {record.error_code !== null ? (
                    <Badge tone="error">{t('diagnostics.activity.errorCode', { code: record.error_code })}</Badge>
                  ) : empty ? (
                    <Badge tone="warning">{t('diagnostics.activity.empty')}</Badge>
                  ) : (
                    formatCount(record.count, language)
                  )}
                  {record.cache_hit && <span class="muted"> · {t('diagnostics.activity.cached')}</span>}
                </td>
                <td class="number">{formatDecimal(record.duration_ms, language)} ms</td>
                <td>
                  {isExplainable(record) && (
                    <button type="button" class="button button-small button-secondary" onClick={() => props.explain(record)}>
                      {t('diagnostics.activity.explain')}
                    </button>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
