/**
 * The IMDb id of each torrent, by torrent id: the titles load records it for the files load that
 * follows, where a files row without an id of its own belongs to its torrent's show (pack_seasons).
 * 4 bytes a torrent in fixed chunks of a typed array (ids are dense from 1, so nothing is copied to
 * grow); an id that does not fit in 32 bits (upstream does not check) goes to a small Map.
 */
const CHUNK_IDS = 65_536
const NONE = 0

export class TorrentShows {
  readonly #chunks: Uint32Array[] = []
  readonly #others = new Map<number, number>()

  set(id: number, imdb: number | null): void {
    if (imdb === null) return
    if (!(Number.isInteger(imdb) && imdb > NONE && imdb <= 0xffffffff)) {
      this.#others.set(id, imdb)
      return
    }
    const chunk = Math.floor((id - 1) / CHUNK_IDS)
    while (this.#chunks.length <= chunk) this.#chunks.push(new Uint32Array(CHUNK_IDS))
    this.#chunks[chunk][(id - 1) % CHUNK_IDS] = imdb
  }

  /** The IMDb id of torrent `id`, or null when it has none (or no such torrent was seen). */
  get(id: number): number | null {
    const imdb = this.#chunks[Math.floor((id - 1) / CHUNK_IDS)]?.[(id - 1) % CHUNK_IDS] ?? NONE
    return imdb !== NONE ? imdb : (this.#others.get(id) ?? null)
  }
}
