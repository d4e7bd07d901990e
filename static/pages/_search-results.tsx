/** The results table (cards on a phone) with paging and a copy-magnet button per release. */
import type { SearchItem, SearchPage } from '../api.ts'
import { CopyIcon } from '../components/icons.tsx'
import { useToast } from '../components/toasts.tsx'
import { copyText } from '../clipboard.ts'
import { formatBytes, formatCount } from '../format.ts'
import type { MessageKey } from '../i18n.ts'
import { usePreferences } from '../preferences.tsx'
import { CATEGORIES } from './_search-form.tsx'

export const SearchResults = (props: { page: SearchPage; busy: boolean; goTo(offset: number): void }) => {
  const { t } = usePreferences()
  const { total, offset, limit, items } = props.page
  if (items.length === 0) return <p class="callout callout-info" data-testid="no-results">{t('search.noResults')}</p>
  return (
    <section class="results" aria-label={t('search.title')}>
      <p class="muted" data-testid="results-count">
        {t('search.results', { from: offset + 1, to: offset + items.length, total })}
      </p>
      <div class="table-wrap">
        <table class="results-table">
          <thead>
            <tr>
              <th scope="col">{t('search.colTitle')}</th>
              <th scope="col" class="number">{t('search.colSize')}</th>
              <th scope="col" class="number">{t('search.colSeeders')}</th>
              <th scope="col">{t('search.colCategory')}</th>
              <th scope="col">{t('search.colLanguage')}</th>
              <th scope="col" class="number">{t('search.colAge')}</th>
              <th scope="col" class="number">{t('search.colScore')}</th>
              <th scope="col">
                <span class="visually-hidden">{t('search.colMagnet')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <ResultRow key={item.info_hash} item={item} />
            ))}
          </tbody>
        </table>
      </div>
      <div class="actions pager">
        <button type="button" class="button button-secondary" disabled={props.busy || offset === 0} onClick={() => props.goTo(Math.max(0, offset - limit))}>
          {t('search.previous')}
        </button>
        <button type="button" class="button button-secondary" disabled={props.busy || offset + items.length >= total} onClick={() => props.goTo(offset + limit)}>
          {t('search.next')}
        </button>
      </div>
    </section>
  )
}

const categoryName = (category: number | null, t: ReturnType<typeof usePreferences>['t']): string => {
  if (category === null) return '—'
  const key = String(category)
  return (CATEGORIES as readonly string[]).includes(key) ? t(`categories.${key}` as MessageKey) : key
}

const ResultRow = ({ item }: { item: SearchItem }) => {
  const { t, language } = usePreferences()
  const toast = useToast()
  const copy = async () => {
    if (await copyText(item.magnet)) toast('success', t('search.copied'))
    else toast('warning', t('search.copyFailed'))
  }
  const languages = [item.language.join(', '), item.subs.length > 0 ? t('search.subs', { subs: item.subs.join(', ') }) : ''].filter(Boolean).join(' · ')
  return (
    <tr data-testid="result">
      <td class="title" data-label={t('search.colTitle')}>
        {item.magnet.startsWith('magnet:') ? (
          <a href={item.magnet} class="release-title">
            {item.title}
          </a>
        ) : (
          <span class="release-title">{item.title}</span>
        )}
        {item.served_title !== item.title && (
          <div class="served-title" data-testid="served-title">
            {t('titles.servedAs', { title: item.served_title })}
          </div>
        )}
      </td>
      <td class="number" data-label={t('search.colSize')}>{formatBytes(item.size, language)}</td>
      <td class="number" data-label={t('search.colSeeders')}>{formatCount(item.seeders, language)}</td>
      <td data-label={t('search.colCategory')}>{categoryName(item.category, t)}</td>
      <td data-label={t('search.colLanguage')}>{languages || '—'}</td>
      <td class="number" data-label={t('search.colAge')}>{item.age_days === null ? '—' : t('search.days', { n: item.age_days })}</td>
      <td class="number" data-label={t('search.colScore')} data-testid="score">{formatCount(item.score, language)}</td>
      <td class="copy">
        <button type="button" class="button button-secondary button-small" aria-label={t('search.copyMagnetFor', { title: item.title })} onClick={() => void copy()}>
          <CopyIcon />
          <span>{t('search.copyMagnet')}</span>
        </button>
      </td>
    </tr>
  )
}
