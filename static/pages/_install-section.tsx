/**
 * Dashboard → Install a snapshot by hand (no internet needed on the server): upload a dump from this
 * browser, or give its URL or its path on the server. The install then runs through the updater,
 * so the progress shows in the Updates section like any update.
 */
import { useState } from 'preact/hooks'
import { api, type UpdaterView } from '../api.ts'
import { ErrorText } from '../components/error-text.tsx'
import { ProgressBar } from '../components/progress-bar.tsx'
import { Section } from '../components/section.tsx'
import { formatBytes } from '../format.ts'
import { usePreferences } from '../preferences.tsx'
import { useUnsavedGuard } from '../unsaved-guard.ts'

type Upload = { sent: number; total: number } | null

export const InstallSection = (props: { busy: boolean; started(view: UpdaterView): void }) => {
  const { t, language } = usePreferences()
  const [file, setFile] = useState<File | null>(null)
  const [upload, setUpload] = useState<Upload>(null)
  const [url, setUrl] = useState('')
  const [path, setPath] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const disabled = props.busy || sending
  // Leaving the page would abort the upload half way.
  useUnsavedGuard(upload !== null, t('firstrun.install.leaveQuestion'))

  const run = async (start: () => Promise<UpdaterView>) => {
    setError(null)
    setSending(true)
    try {
      props.started(await start())
    } catch (failure) {
      setError((failure as Error).message)
    } finally {
      setSending(false)
      setUpload(null)
    }
  }
  const onUpload = (event: Event) => {
    event.preventDefault()
    if (!file) return setError(null)
    void run(() => api.updater.upload(file, (sent, total) => setUpload({ sent, total })))
  }
  const onUrl = (event: Event) => {
    event.preventDefault()
    void run(() => api.updater.install({ url: url.trim() }))
  }
  const onPath = (event: Event) => {
    event.preventDefault()
    void run(() => api.updater.install({ path: path.trim() }))
  }

  return (
    <Section title={t('firstrun.install.title')} description={t('firstrun.install.description')} id="install-snapshot">
      <form class="install-way" onSubmit={onUpload} data-testid="upload-form">
        <label for="dump-file">{t('firstrun.install.file')}</label>
        <div class="input-group">
          <input
            id="dump-file"
            type="file"
            accept=".dump,application/octet-stream"
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          />
          <button type="submit" class="button button-primary" disabled={disabled || !file} data-testid="upload-dump">
            {t('firstrun.install.upload')}
          </button>
        </div>
        <p class="help">{t('firstrun.install.fileHelp')}</p>
      </form>
      {upload && (
        <div data-testid="upload-progress">
          <ProgressBar
            label={t('firstrun.install.uploading')}
            done={upload.sent}
            total={upload.total}
            text={t('firstrun.install.uploadingBytes', {
              done: formatBytes(upload.sent, language),
              total: formatBytes(upload.total, language),
            })}
          />
        </div>
      )}
      <form class="install-way" onSubmit={onUrl}>
        <label for="dump-url">{t('firstrun.install.url')}</label>
        <div class="input-group">
          <input
            id="dump-url"
            type="url"
            inputMode="url"
            spellcheck={false}
            placeholder="http://nas.local/icvdb-2026-11-20.dump"
            value={url}
            onInput={(event) => setUrl(event.currentTarget.value)}
          />
          <button type="submit" class="button button-secondary" disabled={disabled || url.trim() === ''} data-testid="install-url">
            {t('firstrun.install.installButton')}
          </button>
        </div>
      </form>
      <form class="install-way" onSubmit={onPath}>
        <label for="dump-path">{t('firstrun.install.path')}</label>
        <div class="input-group">
          <input
            id="dump-path"
            type="text"
            spellcheck={false}
            placeholder="/data/icvdb-2026-11-20.dump"
            value={path}
            onInput={(event) => setPath(event.currentTarget.value)}
          />
          <button type="submit" class="button button-secondary" disabled={disabled || path.trim() === ''} data-testid="install-path">
            {t('firstrun.install.installButton')}
          </button>
        </div>
        <p class="help">{t('firstrun.install.cliHelp')}</p>
      </form>
      {error && (
        <p class="callout callout-error" role="alert" data-testid="install-error">
          <ErrorText detail={error} />
        </p>
      )}
    </Section>
  )
}
