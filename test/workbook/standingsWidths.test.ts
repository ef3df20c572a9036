/**
 * The Standings sheet's column widths and wrapped rows, found by loops over the rows (issue 28), are what the lists
 * made per column and per row gave: compared with those on tables of names, clubs, numbers and blanks.
 */
import fc from 'fast-check';
import type { CellValue } from '../../src/workbook/adapters/adapter';
import { wrappedLines } from '../../src/workbook/print/paper';
import { standingsWidths, STANDINGS_HEADER_ROW, wrappedRowHeights } from '../../src/workbook/sheets/standingsSheet';

/** The widths as `Math.max` of a list per column gave them. */
function widthsByLists(values: readonly (readonly CellValue[])[]): number[] {
  const header = values[STANDINGS_HEADER_ROW - 1];
  const body = values.slice(STANDINGS_HEADER_ROW);
  const caps: Record<string, number> = { Name: 28, 'City/Club': 26 };
  return header.map((h, c) => {
    const longest = Math.max(String(h ?? '').length + 2, ...body.map((row) => String(row[c] ?? '').length + 1));
    return Math.max(5, Math.min(caps[String(h)] ?? 16, longest));
  });
}

/** The wrapped rows as `Math.max` of a list per row gave them. */
function heightsByLists(values: readonly (readonly CellValue[])[], widths: readonly number[]): { row: number; lines: number }[] {
  const out: { row: number; lines: number }[] = [];
  values.forEach((line, r) => {
    if (r < STANDINGS_HEADER_ROW) return;
    const lines = Math.max(...[2, 3, 4].map((c) => (line[c] === null || line[c] === undefined ? 1 : wrappedLines(String(line[c]), widths[c]))));
    if (lines > 1) out.push({ row: r + 1, lines });
  });
  return out;
}

describe('the Standings sheet’s widths and wrapped rows', () => {
  it('are those the lists per column and per row gave', () => {
    const text = fc.constantFrom<CellValue>('Name', 'City/Club', 'SOS', 'Place', 'Tengen Go Club of a very long name indeed', 'Ab Cd Ef Gh Ij Kl Mn Op Qr St Uv Wx', 'x', '');
    const cell = fc.oneof(text, fc.constantFrom<CellValue>(null, 0, 7, 67.5, 1234.25, -3, true));
    const table = fc.array(fc.array(cell, { minLength: 0, maxLength: 8 }), { minLength: STANDINGS_HEADER_ROW, maxLength: 12 });
    let wrapped = 0;
    fc.assert(
      fc.property(table, fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 8 }), (values, someWidths) => {
        const widths = standingsWidths(values);
        expect(widths).toEqual(widthsByLists(values));
        for (const w of [widths, someWidths]) {
          const heights = wrappedRowHeights(values, w);
          expect(heights).toEqual(heightsByLists(values, w));
          wrapped += heights.length;
        }
      }),
      { numRuns: 1500 },
    );
    expect(wrapped).toBeGreaterThan(100);
  });
});
