/**
 * The results table (cards on a phone) with paging: an honest count ("1,000+" when the search stopped
 * counting), a Score column only when the preset ranks, and per release a details row (provider,
 * date, IMDb id, info hash, the title the *arr apps see), a magnet link and a copy button.
 */
import { useState } from 'preact/hooks'
import type { SearchItem, SearchPage } from '../api.ts'
import { CopyIcon } from '../components/icons.tsx'
import { useToast } from '../components/toasts.tsx'
import { copyText } from '../clipboard.ts'
import { formatBytes, formatCount, languageName } from '../format.ts'
import type { MessageKey } from '../i18n.ts'
import { usePreferences } from '../preferences.tsx'
import { CATEGORIES } from './_search-form.tsx'
import { ResultDetails } from './_result-details.tsx'

export const SearchResults = (props: {
  page: SearchPage
  busy: boolean
  scored: boolean
  /** What to say when nothing matched (search.tsx picks it from the status). */
  emptyHint: MessageKey
  goTo(offset: number): void
}) => {
  const { t, language } = usePreferences()
  const { total, offset, limit, items } = props.page
  if (items.length === 0)
    return (
      <p class="callout callout-info" data-testid="no-results">
        {t(props.emptyHint)}
      </p>
    )
  // Older servers lack total_exact: treat the total as exact then.
  const exact = props.page.total_exact !== false
  const totalText = exact ? formatCount(total, language) : t('firstrun.search.atLeast', { n: formatCount(total, language) })
  return (
    <section class="results" aria-label={t('search.title')}>
      <p class="muted" data-testid="results-count">
        {t('search.results', {
          from: formatCount(offset + 1, language),
          to: formatCount(offset + items.length, language),
          total: totalText,
        })}
      </p>
      <div class="table-wrap">
        <table class="results-table">
          <thead>
            <tr>
              <th scope="col">{t('search.colTitle')}</th>
              <th scope="col" class="number">
                {t('search.colSize')}
              </th>
              <th scope="col" class="number">
                {t('search.colSeeders')}
              </th>
              <th scope="col">{t('search.colCategory')}</th>
              <th scope="col">{t('search.colLanguage')}</th>
              <th scope="col" class="number">
                {t('search.colAge')}
              </th>
              {props.scored && (
                <th scope="col" class="number">
                  {t('search.colScore')}
                </th>
              )}
              <th scope="col">{t('search.colMagnet')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <ResultRow key={item.info_hash} item={item} scored={props.scored} />
            ))}
          </tbody>
        </table>
      </div>
      <div class="actions pager">
        <button
          type="button"
          class="button button-secondary"
          disabled={props.busy || offset === 0}
          onClick={() => props.goTo(Math.max(0, offset - limit))}
        >
          {t('search.previous')}
        </button>
        <button
          type="button"
          class="button button-secondary"
          disabled={props.busy || (exact && offset + items.length >= total) || items.length < limit}
          onClick={() => props.goTo(offset + limit)}
        >
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

const ResultRow = ({ item, scored }: { item: SearchItem; scored: boolean }) => {
  const { t, language } = usePreferences()
  const toast = useToast()
  const [open, setOpen] = useState(false)
  const copy = async () => {
    if (await copyText(item.magnet)) toast('success', t('search.copied'), 'copy')
    else toast('warning', t('search.copyFailed'), 'copy')
  }
  const names = (list: string[]) => list.map((name) => languageName(name, language)).join(', ')
  const languages = [names(item.language), item.subs.length > 0 ? t('search.subs', { subs: names(item.subs) }) : '']
    .filter(Boolean)
    .join(' · ')
  const detailsId = `details-${item.info_hash}`
  return (
    <>
      <tr data-testid="result">
        <td class="title" data-label={t('search.colTitle')}>
          <button
            type="button"
            class="release-title"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen(!open)}
            data-testid="result-title"
          >
            {item.title}
          </button>
          {item.served_title !== item.title && (
            <div class="served-title" data-testid="served-title">
              {t('titles.servedAs', { title: item.served_title })}
            </div>
          )}
        </td>
        <td class="number" data-label={t('search.colSize')}>
          {formatBytes(item.size, language)}
        </td>
        <td class="number" data-label={t('search.colSeeders')}>
          {formatCount(item.seeders, language)}
        </td>
        <td data-label={t('search.colCategory')}>{categoryName(item.category, t)}</td>
        <td data-label={t('search.colLanguage')}>{languages || '—'}</td>
        <td class="number" data-label={t('search.colAge')}>
          {item.age_days === null ? '—' : t('search.days', { n: item.age_days })}
        </td>
        {scored && (
          <td class="number" data-label={t('search.colScore')} data-testid="score">
            {formatCount(item.score, language)}
          </td>
        )}
        <td class="copy" data-label={t('search.colMagnet')}>
          <a href={item.magnet} class="magnet-link">
            {t('firstrun.search.openMagnet')}
            <span class="visually-hidden"> {item.title}</span>
          </a>
          <button type="button" class="button button-secondary button-small" onClick={() => void copy()}>
            <CopyIcon />
            <span>{t('search.copyMagnet')}</span>
            <span class="visually-hidden"> {item.title}</span>
          </button>
        </td>
      </tr>
      {open && (
        <tr class="details-row" id={detailsId} data-testid="result-details">
          <td colSpan={scored ? 8 : 7}>
            <ResultDetails item={item} />
          </td>
        </tr>
      )}
    </>
  )
}
