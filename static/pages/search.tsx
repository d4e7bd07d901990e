/** Search: the Torznab search as a form and a results table with details, magnet links and copy buttons. */
import type { MessageKey } from '../i18n.ts'
import { useEffect, useState } from 'preact/hooks'
import { api, type SearchPage, type SearchParams } from '../api.ts'
import { ErrorText } from '../components/error-text.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { Section } from '../components/section.tsx'
import { useToast } from '../components/toasts.tsx'
import { usePreferences } from '../preferences.tsx'
import { SearchForm, type SearchFields } from './_search-form.tsx'
import { SearchResults } from './_search-results.tsx'
import { withBase } from '../base-path.ts'

const PAGE_SIZE = 50
const FIELDS: ReadonlyArray<keyof SearchFields> = ['t', 'q', 'imdbid', 'season', 'ep', 'cat']

const fieldsFromUrl = (): SearchFields => {
  const params = new URLSearchParams(location.search)
  const fields = { t: 'search', q: '', imdbid: '', season: '', ep: '', cat: '' }
  for (const name of FIELDS) fields[name] = params.get(name) ?? fields[name]
  return fields
}

// The query lives in the address bar too, so a search can be bookmarked and Back works.
const rememberInUrl = (fields: SearchFields): void => {
  const params = new URLSearchParams()
  for (const name of FIELDS) if (fields[name] !== '' && !(name === 't' && fields[name] === 'search')) params.set(name, fields[name])
  const query = params.toString()
  history.replaceState(null, '', withBase(query ? `/search?${query}` : '/search'))
}

export const Search = () => {
  const { t } = usePreferences()
  const toast = useToast()
  const [fields, setFields] = useState<SearchFields>(fieldsFromUrl)
  const [page, setPage] = useState<SearchPage | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // Scores mean something only when the preset ranks; under "unfiltered" they are all 0.
  const [scored, setScored] = useState(false)
  // What an empty answer most likely means, said beside it (no snapshot, or a preset or rules at work).
  const [emptyHint, setEmptyHint] = useState<MessageKey>('search.noResults')
  useEffect(
    () =>
      void api.status().then(
        (status) => {
          setScored(status.result_processing.preset !== 'unfiltered')
          if (!status.database.connected) setEmptyHint('search.noResultsNoSnapshot')
          else if (status.result_processing.preset !== 'unfiltered') setEmptyHint('search.noResultsFiltered')
        },
        () => {},
      ),
    [],
  )

  const run = async (offset: number) => {
    setBusy(true)
    rememberInUrl(fields)
    const params: SearchParams = { ...fields, limit: String(PAGE_SIZE), offset: String(offset) }
    try {
      setPage(await api.search(params))
      setError(null)
    } catch (failure) {
      setError((failure as Error).message)
      toast('error', (failure as Error).message, 'search')
    } finally {
      setBusy(false)
    }
  }
  useEffect(() => void run(0), [])

  return (
    <div class="page">
      <PageTitle title={t('search.title')} description={t('search.description')} />
      <Section title={t('search.form')} description={t('search.hint')}>
        <SearchForm fields={fields} busy={busy} change={setFields} submit={() => void run(0)} />
      </Section>
      {error && (
        <p class="callout callout-error" role="alert">
          <ErrorText detail={error} />
        </p>
      )}
      {page && <SearchResults page={page} busy={busy} scored={scored} emptyHint={emptyHint} goTo={(offset) => void run(offset)} />}
    </div>
  )
}
