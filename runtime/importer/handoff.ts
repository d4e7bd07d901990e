/**
 * What the torrents.db pipeline hands to the files.db pipeline once its torrents are loaded and
 * ranked: the rank orders (files.db numbers its title index by the default one and holds
 * torrent_rank_italian) and the id crosswalk's rows (files.db holds id_links and linked_torrents).
 * Typed arrays only, so the message moves their buffers instead of copying them.
 */
import type { CrosswalkRows } from './id-crosswalk.ts'
import type { RankOrders } from './rank-order.ts'

export interface TorrentsHandoff {
  orders: RankOrders
  crosswalk: CrosswalkRows
}

/** The buffers that move with the message. */
export const handoffBuffers = ({ orders, crosswalk }: TorrentsHandoff): ArrayBuffer[] =>
  [orders.byDefault, orders.italian, crosswalk.pairs, crosswalk.linked].map((array) => array.buffer as ArrayBuffer)
