/** static/i18n.ts and its catalogs: same keys and placeholders in both languages, language choice. */
import { describe, expect, test } from 'bun:test'
import en from '../../../static/i18n/en.json'
import it from '../../../static/i18n/it.json'
import { initialLanguage, storeLanguage, translator } from '../../../static/i18n.ts'
import { PLANS } from '../../../runtime/diagnostics/explain/explain-report.ts'

const leaves = (node: unknown, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (typeof value === 'string') out.set(prefix + key, value)
    else for (const [inner, text] of leaves(value, `${prefix}${key}.`)) out.set(inner, text)
  }
  return out
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

describe('catalogs', () => {
  test('Italian and English have exactly the same keys', () => {
    expect([...leaves(it).keys()].sort()).toEqual([...leaves(en).keys()].sort())
  })

  test('every Italian string uses the same placeholders as its English original', () => {
    const english = leaves(en)
    for (const [key, text] of leaves(it))
      expect({ key, names: placeholders(text) }).toEqual({ key, names: placeholders(english.get(key) ?? '') })
  })

  test('no string is empty', () => {
    for (const [key, text] of [...leaves(en), ...leaves(it)]) expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false })
  })
})

describe('translator', () => {
  test('fills placeholders and leaves unknown ones visible', () => {
    expect(translator('en')('common.lockedBy', { name: 'MANAGER_URL' })).toBe('Set by the environment variable MANAGER_URL')
    expect(translator('it')('search.results', { from: 1, to: 50 })).toBe('1–50 di {total} risultati')
  })
})

describe('initialLanguage', () => {
  const memory = (value: string | null) => ({ getItem: () => value, setItem: () => {} })

  test('is Italian when any preferred browser language is Italian', () => {
    expect(initialLanguage(memory(null), ['de-DE', 'it-IT'])).toBe('it')
    expect(initialLanguage(memory(null), ['IT'])).toBe('it')
  })

  test('is English otherwise', () => {
    expect(initialLanguage(memory(null), ['fr-FR', 'en-GB'])).toBe('en')
    expect(initialLanguage(null, [])).toBe('en')
  })

  test('a stored choice wins over the browser, and a bogus one is ignored', () => {
    expect(initialLanguage(memory('en'), ['it-IT'])).toBe('en')
    expect(initialLanguage(memory('xx'), ['it-IT'])).toBe('it')
  })

  test('a storage that throws (private mode) is treated as empty', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
    }
    expect(initialLanguage(broken, ['it'])).toBe('it')
    expect(() => storeLanguage(broken, 'en')).not.toThrow()
  })
})

test('every search plan the explain report names has its sentence in both languages', () => {
  for (const id of Object.keys(PLANS)) {
    expect({ id, en: (en.diagnostics.explain.plans as Record<string, string>)[id] }).toEqual({ id, en: PLANS[id as keyof typeof PLANS] })
    expect({ id, it: typeof (it.diagnostics.explain.plans as Record<string, string>)[id] }).toEqual({ id, it: 'string' })
  }
})
