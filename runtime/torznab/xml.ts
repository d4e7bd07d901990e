/** XML 1.0 text: escape markup and drop every character XML 1.0 forbids, whatever the database holds. */

// XML 1.0 Char production: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
const FORBIDDEN = /[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu
const MARKUP = /[&<>"']/g
// Anything that needs work: markup, or a character outside the plain printable ranges. Most titles
// and every hash or number have none, and one test is far cheaper than two replacing passes.
const NEEDS_WORK = /[&<>"'\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

export const escapeXml = (text: string): string =>
  NEEDS_WORK.test(text) ? text.replace(FORBIDDEN, '').replace(MARKUP, (c) => ESCAPES[c]) : text
