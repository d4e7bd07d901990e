import { describe, expect, test } from 'bun:test'
import { escapeXml } from '../../../../runtime/torznab/xml.ts'

describe('escapeXml', () => {
  const cases: Array<[string, string, string]> = [
    ['plain text untouched', 'Breaking.Bad.S02E05.ITA.ENG.1080p', 'Breaking.Bad.S02E05.ITA.ENG.1080p'],
    ['markup escaped', `Fast & Furious <7> "x" 'y'`, 'Fast &amp; Furious &lt;7&gt; &quot;x&quot; &apos;y&apos;'],
    ['a literal entity escaped again', 'Fast &amp; Furious', 'Fast &amp;amp; Furious'],
    ['C0 controls dropped, tab/newline/CR kept', 'a\u0001b\u000Bc\td\ne\rf\u001F', 'abc\td\ne\rf'],
    ['U+FFFE and U+FFFF dropped', 'a\uFFFEb\uFFFFc', 'abc'],
    ['a lone surrogate dropped', 'a\uD800b\uDC00c', 'abc'],
    ['a valid surrogate pair (emoji) kept', 'Inside Out 2 🎬 ITA', 'Inside Out 2 🎬 ITA'],
    ['accents and CJK kept', 'La vita è bella «進撃の巨人»', 'La vita è bella «進撃の巨人»'],
  ]
  for (const [name, input, expected] of cases) {
    test(name, () => expect(escapeXml(input)).toBe(expected))
  }
})
