/** The updater's live progress on the dashboard: phase, download bytes or import rows, and failures. */
import type { UpdaterView } from '../api.ts'
import { humanError } from '../human-errors.ts'
import { ErrorText } from '../components/error-text.tsx'
import { ProgressBar } from '../components/progress-bar.tsx'
import { formatBytes, formatCount } from '../format.ts'
import { usePreferences } from '../preferences.tsx'

const ACTIVE_PHASES = new Set(['checking', 'downloading', 'importing', 'indexing', 'validating', 'switching'])

export const isUpdateActive = (view: UpdaterView): boolean => view.updating || ACTIVE_PHASES.has(view.progress.phase)

export const UpdateProgress = ({ view, switching }: { view: UpdaterView | null; switching: boolean }) => {
  const { t, language } = usePreferences()
  if (switching) {
    return (
      <div class="update-progress" data-testid="update-progress" data-phase="switching">
        <ProgressBar label={t('phase.switching')} done={0} total={null} text={t('phase.switching')} />
      </div>
    )
  }
  if (!view) return null
  const { progress } = view
  if (progress.phase === 'failed' && progress.message) {
    return (
      <p class="callout callout-error" data-testid="update-failed">
        <strong>{t('phase.failed')}</strong> <ErrorText detail={progress.message} />
      </p>
    )
  }
  if (progress.phase === 'done') {
    return (
      <p class="callout callout-ok" data-testid="update-done" data-phase="done">
        {t('phase.done')}
        {progress.message ? `: ${humanError(progress.message, t).text}` : progress.tag ? ` · ${progress.tag}` : ''}
      </p>
    )
  }
  if (!isUpdateActive(view)) return null

  const phase = t(`phase.${progress.phase}` as 'phase.idle')
  let done = 0
  let total: number | null = null
  let detail = ''
  if (progress.phase === 'downloading') {
    done = progress.bytes_done
    total = progress.bytes_total
    const doneText = formatBytes(progress.bytes_done, language)
    detail = total
      ? t('dashboard.progressBytes', { done: doneText, total: formatBytes(total, language) })
      : t('dashboard.progressBytesUnknown', { done: doneText })
  } else if (progress.phase === 'importing') {
    // Rows have no known total while the archive streams; its bytes read then drive the bar.
    const rows = formatCount(progress.rows_done, language)
    if (progress.rows_total) {
      done = progress.rows_done
      total = progress.rows_total
      detail = t('dashboard.progressRows', { done: rows, total: formatCount(progress.rows_total, language) })
    } else {
      done = progress.bytes_done
      total = progress.bytes_total
      detail = t('dashboard.progressRowsUnknown', { done: rows })
    }
  }
  return (
    <div class="update-progress" data-testid="update-progress" data-phase={progress.phase}>
      <p class="update-phase">
        <strong>{phase}</strong>
        {progress.tag && <code> {progress.tag}</code>}
      </p>
      <ProgressBar label={phase} done={done} total={total} text={detail || phase} />
    </div>
  )
}
