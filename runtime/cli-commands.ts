/** The one-shot CLI commands (`import`, `check`); placeholders until the snapshot pipeline lands. */
import type { AppContext } from './context.ts'

export const runCliCommand = async (ctx: AppContext, command: 'import' | 'check', target?: string): Promise<number> => {
  ctx.log.error(`${command}${target ? ` ${target}` : ''}: not available yet`)
  return 1
}
