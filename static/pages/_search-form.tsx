/** The search form: text, type, IMDb id, season, episode and category. */
import { usePreferences } from '../preferences.tsx'

export interface SearchFields {
  t: string
  q: string
  imdbid: string
  season: string
  ep: string
  cat: string
}

const TYPES = ['search', 'tvsearch', 'movie'] as const
/** The categories the caps advertise (product.md §6). */
export const CATEGORIES = ['2000', '2030', '2040', '2045', '5000', '5030', '5040', '5045', '5070'] as const

export const SearchForm = (props: { fields: SearchFields; busy: boolean; change(fields: SearchFields): void; submit(): void }) => {
  const { t } = usePreferences()
  const { fields } = props
  const set = (name: keyof SearchFields) => (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) =>
    props.change({ ...fields, [name]: event.currentTarget.value })
  return (
    <form
      class="search-form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault()
        props.submit()
      }}
    >
      <div class="field search-query">
        <label for="search-q">{t('search.query')}</label>
        <input id="search-q" type="search" value={fields.q} placeholder={t('search.queryPlaceholder')} onInput={set('q')} />
      </div>
      <div class="field">
        <label for="search-t">{t('search.type')}</label>
        <select id="search-t" value={fields.t} onChange={set('t')}>
          {TYPES.map((type) => (
            <option value={type}>{t(`search.type_${type}`)}</option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="search-imdbid">{t('search.imdbid')}</label>
        <input id="search-imdbid" type="text" value={fields.imdbid} placeholder="tt0903747" spellcheck={false} onInput={set('imdbid')} />
      </div>
      <div class="field field-narrow">
        <label for="search-season">{t('search.season')}</label>
        <input id="search-season" type="number" min="0" inputMode="numeric" value={fields.season} onInput={set('season')} />
      </div>
      <div class="field field-narrow">
        <label for="search-ep">{t('search.episode')}</label>
        <input id="search-ep" type="number" min="0" inputMode="numeric" value={fields.ep} onInput={set('ep')} />
      </div>
      <div class="field">
        <label for="search-cat">{t('search.category')}</label>
        <select id="search-cat" value={fields.cat} onChange={set('cat')}>
          <option value="">{t('search.anyCategory')}</option>
          {CATEGORIES.map((category) => (
            <option value={category}>{t(`categories.${category}`)}</option>
          ))}
        </select>
      </div>
      <div class="search-submit">
        <button type="submit" class="button button-primary" disabled={props.busy} data-testid="search-submit">
          {props.busy && <span class="spinner" aria-hidden="true" />}
          {props.busy ? t('search.searching') : t('search.submit')}
        </button>
      </div>
    </form>
  )
}
