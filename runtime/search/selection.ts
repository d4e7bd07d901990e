/**
 * What a query selects by, decided in one place: search.ts picks its plan from these, sql.ts its
 * conditions. "No id" means neither an IMDb nor a TMDB id.
 */
import type { SearchQuery } from './query.ts'

const hasNoId = (query: SearchQuery): boolean => query.imdb === null && query.tmdb === null

/** No words, no id and no season: the newest releases (Prowlarr's test, Sonarr/Radarr RSS sync). */
export const isRecentQuery = (query: SearchQuery): boolean => query.words.length === 0 && hasNoId(query) && query.season === null

/** Words, and nothing else that picks rows by id or season (scope, categories and filters may apply). */
export const isTitleSearch = (query: SearchQuery): boolean => query.words.length > 0 && hasNoId(query) && query.season === null

/** Neither words nor an id: a season (or nothing) over the whole catalogue, see plans/windowed.ts. */
export const isBareSearch = (query: SearchQuery): boolean => query.words.length === 0 && hasNoId(query)

/** Whether idCandidates() (sql.ts) has candidates for `query`: t=movie by IMDb or TMDB id, else an IMDb id. */
export const isIdSearch = (query: SearchQuery): boolean => query.imdb !== null || (query.scope === 'movies' && query.tmdb !== null)
