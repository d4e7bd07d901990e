/**
 * Dashboard → Add manually: what to type into Prowlarr, Sonarr or Radarr by hand (Generic Torznab),
 * with copy buttons. The URL is this page's own address, which is what a client on another machine
 * or container must use; a loopback address gets a warning, containers a hint.
 */
import { useToast } from '../components/toasts.tsx'
import { Section } from '../components/section.tsx'
import { copyText } from '../clipboard.ts'
import { isLoopbackHost } from '../loopback.ts'
import { usePreferences } from '../preferences.tsx'
import type { MessageKey } from '../i18n.ts'
import { BASE_PATH, pagePort } from '../base-path.ts'

const CATEGORIES = ['2000', '2030', '2040', '2045', '5000', '5030', '5040', '5045', '5070'] as const

const CopyRow = (props: { label: string; value: string; testId: string }) => {
  const { t } = usePreferences()
  const toast = useToast()
  const copy = async () => {
    if (await copyText(props.value)) toast('success', t('firstrun.manual.copied', { what: props.label }), 'copy')
    else toast('warning', t('search.copyFailed'), 'copy')
  }
  return (
    <div class="row copy-row">
      <dt>{props.label}</dt>
      <dd>
        <code data-testid={props.testId}>{props.value}</code>
        <button type="button" class="button button-secondary button-small" onClick={() => void copy()} data-testid={`copy-${props.testId}`}>
          {t('firstrun.manual.copy')}
          <span class="visually-hidden"> {props.label}</span>
        </button>
      </dd>
    </div>
  )
}

export const AddManually = () => {
  const { t } = usePreferences()
  const origin = location.origin + BASE_PATH
  const torznabUrl = `${origin}/api`
  const loopback = isLoopbackHost(location.hostname)
  return (
    <Section title={t('firstrun.manual.title')} description={t('firstrun.manual.description')} id="add-manually">
      <dl class="rows">
        <CopyRow label={t('firstrun.manual.url')} value={torznabUrl} testId="torznab-url" />
        <CopyRow label={t('firstrun.manual.apiPath')} value="/api" testId="api-path" />
        <div class="row">
          <dt>{t('firstrun.manual.apiKey')}</dt>
          <dd data-testid="any-key">{t('firstrun.manual.anyKey')}</dd>
        </div>
        <div class="row">
          <dt>{t('firstrun.manual.categories')}</dt>
          <dd>
            <ul class="category-list" data-testid="categories">
              {CATEGORIES.map((id) => (
                <li>
                  <code>{id}</code> {t(`categories.${id}` as MessageKey)}
                </li>
              ))}
            </ul>
            <p class="help" data-testid="categories-hint">
              {t('firstrun.manual.categoriesHint')}
            </p>
          </dd>
        </div>
        <div class="row">
          <dt>{t('firstrun.manual.caps')}</dt>
          <dd>
            <a href={`${BASE_PATH}/api?t=caps`} target="_blank" rel="noopener" data-testid="caps-link">
              {`${origin}/api?t=caps`}
            </a>
          </dd>
        </div>
      </dl>
      {loopback && (
        <p class="callout callout-warning" role="note" data-testid="loopback-warning">
          {t('firstrun.manual.loopback', { host: location.host, port: pagePort() })}
        </p>
      )}
      <p class="help" data-testid="container-hint">
        {t('firstrun.manual.containerHint', { port: pagePort() })}
      </p>
    </Section>
  )
}
