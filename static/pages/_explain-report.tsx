/** An explain report: the sentence for an empty answer, the plan, candidates, removals, top scores, the XML. */
import { ErrorText } from '../components/error-text.tsx'
import type { ExplainReport } from '../diagnostics-api.ts'
import { Row, Rows } from '../components/section.tsx'
import { formatCount } from '../format.ts'
import type { MessageKey } from '../i18n.ts'
import { usePreferences } from '../preferences.tsx'

const SOURCES = ['title_words', 'imdb', 'tmdb', 'files', 'packs', 'crosswalk'] as const

export const ExplainReportView = ({ report }: { report: ExplainReport }) => {
  const { t, language } = usePreferences()
  const count = (n: number | null | undefined) => formatCount(n, language)
  return (
    <div class="explain-report" data-testid="explain-report">
      {report.error && (
        <p class="callout callout-error" role="status">
          {t('diagnostics.explain.torznabError', { code: report.error.code, description: report.error.description })}
        </p>
      )}
      {report.empty_reason && (
        <p class="callout callout-warning" role="status" data-testid="empty-reason">
          <ErrorText detail={report.empty_reason} />
        </p>
      )}
      <Rows>
        <Row label={t('diagnostics.explain.query')}>
          <code>/api?{report.query_string}</code>
        </Row>
        <Row label={t('diagnostics.explain.snapshot')}>{report.snapshot ?? t('common.none')}</Row>
        {report.plan && <Row label={t('diagnostics.explain.plan')}>{t(`diagnostics.explain.plans.${report.plan.id}` as MessageKey)}</Row>}
        {report.counts && (
          <Row label={t('diagnostics.explain.returned')}>
            {t('diagnostics.explain.returnedValue', { returned: count(report.counts.returned), total: count(report.counts.total) })}
          </Row>
        )}
      </Rows>
      {report.sources && (
        <>
          <h3>{t('diagnostics.explain.sources')}</h3>
          <Rows>
            {SOURCES.filter((name) => report.sources?.[name] !== null).map((name) => (
              <Row label={t(`diagnostics.source.${name}` as MessageKey)}>{count(report.sources?.[name])}</Row>
            ))}
          </Rows>
        </>
      )}
      {report.funnel && report.funnel.length > 0 && (
        <>
          <h3>{t('diagnostics.explain.funnel')}</h3>
          <div class="table-wrap">
            <table class="results-table">
              <thead>
                <tr>
                  <th scope="col">{t('diagnostics.explain.stage')}</th>
                  <th scope="col" class="number">
                    {t('diagnostics.explain.removed')}
                  </th>
                  <th scope="col" class="number">
                    {t('diagnostics.explain.remaining')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.funnel.map((stage) => (
                  <tr>
                    <td>
                      {stage.stage === 'rule'
                        ? t('diagnostics.stage.rule', { n: (stage.rule_index ?? 0) + 1 })
                        : t(`diagnostics.stage.${stage.stage}` as MessageKey)}
                    </td>
                    <td class="number">{count(stage.removed)}</td>
                    <td class="number">{count(stage.remaining)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {report.top && report.top.length > 0 && (
        <>
          <h3>{t('diagnostics.explain.top')}</h3>
          <ol class="explain-top">
            {report.top.map((item) => (
              <li>
                <span class="release-title">{item.title}</span>{' '}
                <span class="muted">
                  {t('diagnostics.explain.score', { score: item.score })}
                  {item.contributions.length > 0 &&
                    ` = ${item.contributions.map((part) => `${part.source.replace(/^rule /, `${t('diagnostics.explain.rule')} `)} +${part.points}`).join(', ')}`}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
      <details class="explain-xml">
        <summary>{t('diagnostics.explain.xml')}</summary>
        <pre>{report.xml}</pre>
      </details>
    </div>
  )
}
