/** The details row of a search result: what the table has no room for, and what the rule editor filters on. */
import type { SearchItem } from '../api.ts'
import { formatDateTime } from '../format.ts'
import { usePreferences } from '../preferences.tsx'

// The title Sonarr and Radarr receive (served_title) stands under the stored title in the row itself.
export const ResultDetails = ({ item }: { item: SearchItem }) => {
  const { t, language } = usePreferences()
  const episode =
    item.season !== null
      ? `S${String(item.season).padStart(2, '0')}${item.episode !== null ? `E${String(item.episode).padStart(2, '0')}` : ''}`
      : null
  return (
    <dl class="result-details">
      <div>
        <dt>{t('firstrun.search.provider')}</dt>
        <dd data-testid="detail-provider">{item.provider || '—'}</dd>
      </div>
      <div>
        <dt>{t('firstrun.search.uploaded')}</dt>
        <dd>{formatDateTime(item.uploaded, language) ?? '—'}</dd>
      </div>
      {item.imdbid && (
        <div>
          <dt>{t('search.imdbid')}</dt>
          <dd>
            <a href={`https://www.imdb.com/title/${item.imdbid}/`} target="_blank" rel="noopener noreferrer">
              {item.imdbid}
            </a>
          </dd>
        </div>
      )}
      {episode && (
        <div>
          <dt>{t('firstrun.search.episode')}</dt>
          <dd>{episode}</dd>
        </div>
      )}
      <div>
        <dt>{t('firstrun.search.infoHash')}</dt>
        <dd>
          <code data-testid="detail-hash">{item.info_hash}</code>
        </dd>
      </div>
      <div>
        <dt>{t('firstrun.search.download')}</dt>
        <dd>
          <a href={item.download_url}>{t('firstrun.search.downloadLink')}</a>
        </dd>
      </div>
    </dl>
  )
}
