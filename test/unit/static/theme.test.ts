/** static/theme.ts: the stored theme choice. */
import { expect, test } from 'bun:test'
import { initialTheme } from '../../../static/theme.ts'

const memory = (value: string | null) => ({ getItem: () => value, setItem: () => {} })

test('the theme follows the system until the user pins light or dark', () => {
  expect(initialTheme(memory(null))).toBe('system')
  expect(initialTheme(memory('dark'))).toBe('dark')
  expect(initialTheme(memory('light'))).toBe('light')
  expect(initialTheme(memory('purple'))).toBe('system')
  expect(initialTheme(null)).toBe('system')
})
