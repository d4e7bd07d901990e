/** What a release generator may touch: the random source, the ground truth, and the child-row sinks. */
import type { Random } from './random.ts'
import type { TruthRecorder } from './truth.ts'

/** A `files` row before it gets its id (episode files of series/anime torrents). */
export interface FileRow {
  infoHash: string
  fileIndex: number
  title: string
  size: number | null
  imdb: string | null
  season: number | null
  episode: number | null
}

/** A `pack_files` row before it gets its id (films inside movie packs). */
export interface PackFileRow {
  packHash: string
  imdb: string | null
  fileIndex: number
  filePath: string
  fileSize: number | null
}

export interface ReleaseContext {
  random: Random
  truth: TruthRecorder
  addFile(row: FileRow): void
  addPackFile(row: PackFileRow): void
}

export const VIDEO_EXTENSIONS = ['mkv', 'mkv', 'mkv', 'mkv', 'mkv', 'mkv', 'mp4', 'mp4', 'avi'] as const
