/**
 * POST /webapi/updater/upload?name=<file name>: the body is a pg_dump file, streamed into the data
 * directory and then installed through the updater's import and switch (202 + progress, as for a
 * check). 413 over UPLOAD_MAX_BYTES, 422 for a file that is not a dump, 409 while an update runs.
 */
import { rmSync } from 'node:fs'
import type { AppContext } from '../runtime/context.ts'
import { AppError } from '../runtime/errors.ts'
import { receiveDump } from '../runtime/updater/upload.ts'
import { startInstall } from './_install.ts'

const MAX_NAME = 200

const uploadName = (request: Request): string => {
  const name = new URL(request.url).searchParams.get('name')?.trim() ?? ''
  // Only the base name matters (it becomes the tag); the browser never sends a directory.
  const base = name.split(/[\\/]/).pop() ?? ''
  return base === '' ? 'upload.dump' : base.slice(0, MAX_NAME)
}

export const postUpdaterUpload = async (request: Request, ctx: AppContext): Promise<Response> => {
  // One dump at a time: a second tab's upload would otherwise stream gigabytes only to be refused at the end.
  if (ctx.updater.status().updating || ctx.updater.held()) {
    await request.body?.cancel().catch(() => {})
    throw new AppError('conflict', 'An update is already running; try again when it has finished')
  }
  const release = ctx.updater.hold()
  try {
    const received = await receiveDump(request, ctx.paths.work, ctx.env.uploadMaxBytes)
    try {
      return startInstall(ctx, { kind: 'upload', path: received.path, name: uploadName(request) })
    } catch (error) {
      rmSync(received.path, { force: true })
      throw error
    }
  } finally {
    release()
  }
}
