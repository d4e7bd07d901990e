/**
 * The `t=caps` document, computed from the same constants the parser and the search use, so it
 * advertises exactly what is honoured (torznab-clients.md §B.3, §C.2, §G).
 */
import { CATEGORIES } from './categories.ts'
import { LIMITS, SUPPORTED_PARAMS } from './params.ts'
import { escapeXml } from './xml.ts'

export const SERVER_TITLE = 'ICVDB Indexer'

const attributes = (values: Record<string, string | number>): string =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join('')

const mode = (element: string, params: readonly string[] | null): string =>
  `<${element}${attributes({ available: params ? 'yes' : 'no', supportedParams: (params ?? ['q']).join(',') })}/>`

const categories = (): string =>
  CATEGORIES.map(
    (category) =>
      `<category${attributes({ id: category.id, name: category.name })}>` +
      category.subcats.map((sub) => `<subcat${attributes({ id: sub.id, name: sub.name })}/>`).join('') +
      '</category>',
  ).join('')

/** Built once: caps never change while the process runs. */
export const buildCaps = (version: string): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<caps>',
    `<server${attributes({ version, title: SERVER_TITLE })}/>`,
    `<limits${attributes({ default: LIMITS.default, max: LIMITS.max })}/>`,
    '<searching>',
    mode('search', SUPPORTED_PARAMS.search),
    mode('tv-search', SUPPORTED_PARAMS.tvsearch),
    mode('movie-search', SUPPORTED_PARAMS.movie),
    // Declared unavailable (not omitted) so every client reads an explicit "no".
    mode('music-search', null),
    mode('audio-search', null),
    mode('book-search', null),
    '</searching>',
    `<categories>${categories()}</categories>`,
    '</caps>',
    '',
  ].join('\n')
