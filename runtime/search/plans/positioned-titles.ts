/** Title words under italian_preferred, when the rarest word lists few enough titles. */
import type { Database } from 'bun:sqlite'
import type { SearchQuery, SearchResult } from '../query.ts'
import type { Fragment, RankedIndex } from '../rank.ts'
import { rankOrder } from '../rank-positions.ts'
import { postingsOf, RankIntersection } from '../title-postings.ts'
import { pageInRankOrder } from './ranked-ids.ts'

/** positionedTitles() lists every hit when the rarest word holds at most this many titles. */
const POSITIONED_TITLE_HITS = 50_000

/**
 * Title words under a ranking with its own rank table (italian_preferred). The word lists'
 * intersection (title-postings.ts) is every hit, in the default order; the ranking's positions put
 * them in its order, as for an id search. A name's words meet in a few hundred titles (~0.1 ms), and
 * a single name word such as "reed" lists some 25,000 (3–12 ms), where counting the FTS matches and
 * sorting or walking cost 30–40 ms. Null when the rarest word is too common to list every hit:
 * broad() walks the rank table instead.
 */
export const positionedTitles = (
  db: Database,
  query: SearchQuery,
  plan: { rest: Fragment; score: Fragment; index: RankedIndex },
): SearchResult | null => {
  const lists = postingsOf(db, query.words)
  if (Math.min(...lists.map((list) => list.length)) > POSITIONED_TITLE_HITS) return null
  const order = rankOrder(db, 'torrent_rank')
  const ids = new RankIntersection(lists).next(POSITIONED_TITLE_HITS).map((rank) => order[rank])
  return pageInRankOrder(db, query, ids, plan)
}
