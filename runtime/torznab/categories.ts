/**
 * The Newznab/Torznab categories this indexer uses: standard ids only, so Prowlarr maps them to its
 * own tree and syncs the indexer to Sonarr (5000…) and Radarr (2000…).
 */

export interface Category {
  id: number
  name: string
  subcats: Array<{ id: number; name: string }>
}

export const MOVIES = 2000
export const MOVIES_SD = 2030
export const MOVIES_HD = 2040
export const MOVIES_UHD = 2045
export const TV = 5000
export const TV_SD = 5030
export const TV_HD = 5040
export const TV_UHD = 5045
export const TV_ANIME = 5070

// Subcategory names in the "Parent/Child" style Prowlarr and Jackett emit (torznab-clients.md §I).
export const CATEGORIES: readonly Category[] = [
  {
    id: MOVIES,
    name: 'Movies',
    subcats: [
      { id: MOVIES_SD, name: 'Movies/SD' },
      { id: MOVIES_HD, name: 'Movies/HD' },
      { id: MOVIES_UHD, name: 'Movies/UHD' },
    ],
  },
  {
    id: TV,
    name: 'TV',
    subcats: [
      { id: TV_SD, name: 'TV/SD' },
      { id: TV_HD, name: 'TV/HD' },
      { id: TV_UHD, name: 'TV/UHD' },
      { id: TV_ANIME, name: 'TV/Anime' },
    ],
  },
]

/** Every declared id (parents and subcategories). */
export const CATEGORY_IDS: ReadonlySet<number> = new Set(
  CATEGORIES.flatMap((category) => [category.id, ...category.subcats.map((sub) => sub.id)]),
)
