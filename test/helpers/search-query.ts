/** A SearchQuery with nothing asked (every scope, no words or ids, unfiltered, first page of 200), then `overrides`. */
import type { SearchQuery } from '../../runtime/search/query.ts'

export const baseQuery = (overrides: Partial<SearchQuery> = {}): SearchQuery => ({
  scope: 'everything',
  words: [],
  imdb: null,
  tmdb: null,
  season: null,
  episode: null,
  slices: null,
  processing: { preset: 'unfiltered', custom_rules: [] },
  offset: 0,
  limit: 200,
  ...overrides,
})
