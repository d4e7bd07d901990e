import { expect, test } from 'bun:test'
import { createLog } from '../../../runtime/log.ts'

const linesOf = (message: string): string[] => {
  const lines: string[] = []
  createLog({ sink: (line) => lines.push(line) }).info(message)
  return lines
}

test('a logged name cannot forge a line or drive the terminal: controls become visible escapes', () => {
  const [line] = linesOf('import from AAA\rFORGED LINE\x1b]0;pwned\x07\b\b\x1b[31m.dump \u202eevil\u0085 tab\tkept, città')
  expect(line).toEndWith('import from AAA FORGED LINE\\x1b]0;pwned\\x07\\x08\\x08\\x1b[31m.dump \\u202eevil\\x85 tab\tkept, città')
  expect(line).not.toMatch(/[\x00-\x08\x0a-\x1f\x7f-\x9f\u202a-\u202e]/)
})
