/**
 * `prefixedUnescaped` (xlsxXml.ts: a sheet's formulas read all at once, their `&quot;` replaced in one pass over the
 * bytes of all of them joined, issue 28) gives each text as `prefix + unescapeXml(text)` does, one by one: texts of
 * every kind, above the size at which it joins them (where a broken join, split or byte pass shows), and below.
 */
import fc from 'fast-check';
import { MANY_TEXTS, prefixedUnescaped, unescapeXml } from '../../src/workbook/adapters/xlsxXml';

const oneByOne = (prefix: string, texts: readonly string[]) => texts.map((text) => prefix + unescapeXml(text));

/** Pieces of formulas: entities, near-entities, Latin-1 and beyond, the separator, the prefix. */
const PIECES = ['&quot;', '&amp;quot;', '&quot', '&qu', '&', ';', '&lt;', '&gt;', '&apos;', '&#34;', '&#x22;', 'quot;', 'H16', '=', '½', '\u00ff', '€', '😀', ' ', '"', '<', '_xldudf_GO_PLACE('];

/** A Grid's Victories formula, as written (`&quot;` escaped): some 1,800 characters. */
const victories = (row: number) =>
  Array.from({ length: 10 }, (_, i) => `IF(OR(${String.fromCharCode(72 + 3 * i)}${row}=&quot;+&quot;,${String.fromCharCode(72 + 3 * i)}${row}=&quot;½&quot;),1,0)`).join('+');

describe('prefixedUnescaped', () => {
  test('a Grid of formulas, above the size read at once, and with every kind of text among them', () => {
    const grid = Array.from({ length: 200 }, (_, i) => victories(i + 16));
    expect(grid.join('').length).toBeGreaterThan(MANY_TEXTS);
    expect(prefixedUnescaped('=', grid)).toEqual(oneByOne('=', grid));
    for (const odd of [...PIECES, '', '&amp;', '&quot;&quot;', 'a<b', '€&quot;', '&amp;lt;']) {
      for (const at of [0, 100, 199]) {
        const texts = [...grid];
        texts[at] = odd;
        expect(prefixedUnescaped('=', texts)).toEqual(oneByOne('=', texts));
        texts[at] = grid[at] + odd;
        expect(prefixedUnescaped('=', texts)).toEqual(oneByOne('=', texts));
      }
    }
    for (const prefix of ['', '=', '<', '&', 'quot;', '&quot;']) expect(prefixedUnescaped(prefix, grid)).toEqual(oneByOne(prefix, grid));
  });

  test('random texts, above and below that size', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }), { maxLength: 150 }), fc.boolean(), (parts, big) => {
        const texts = parts.map((p) => p.join(''));
        if (big) texts.push('&quot;x'.repeat(MANY_TEXTS));
        expect(prefixedUnescaped('=', texts)).toEqual(oneByOne('=', texts));
      }),
      { numRuns: 400 },
    );
    expect(prefixedUnescaped('=', [])).toEqual([]);
  });
});
