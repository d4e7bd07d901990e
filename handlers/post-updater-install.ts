/**
 * POST /webapi/updater/install {"url": …} or {"path": …}: installs a dump from a URL (downloaded
 * into the data directory first) or from a file on the server (kept where it is). 202 + progress;
 * 422 for a bad body or a file that is not a dump, 409 while an update runs.
 */
import { basename, isAbsolute } from 'node:path'
import * as v from 'valibot'
import type { AppContext } from '../runtime/context.ts'
import { AppError } from '../runtime/errors.ts'
import { dumpFileProblem } from '../runtime/updater/manual-install.ts'
import { isHttpUrl } from '../runtime/settings/schema.ts'
import { readJson } from './_body.ts'
import { startInstall } from './_install.ts'

const Body = v.union([
  v.strictObject({ url: v.pipe(v.string(), v.maxLength(2048)) }),
  v.strictObject({ path: v.pipe(v.string(), v.maxLength(4096)) }),
])

const BAD_BODY = 'install needs {"url": "<http(s) URL of a dump>"} or {"path": "<absolute path of a dump on the server>"}'

export const postUpdaterInstall = async (request: Request, ctx: AppContext): Promise<Response> => {
  const parsed = v.safeParse(Body, await readJson(request))
  if (!parsed.success) throw new AppError('invalid', BAD_BODY)
  const body = parsed.output
  if ('url' in body) {
    if (body.url === '' || !isHttpUrl(body.url)) throw new AppError('invalid', 'url must be an absolute http(s) URL without credentials')
    return startInstall(ctx, { kind: 'url', url: body.url })
  }
  if (!isAbsolute(body.path)) throw new AppError('invalid', 'path must be an absolute path on the server')
  const problem = dumpFileProblem(body.path)
  if (problem) throw new AppError('invalid', `${basename(body.path)} cannot be installed: ${problem}`)
  return startInstall(ctx, { kind: 'file', path: body.path, name: basename(body.path) })
}
