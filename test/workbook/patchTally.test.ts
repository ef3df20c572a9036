/**
 * A patched sheet's rows and cells are not counted again on its whole text when saved (issue 28): the counts taken
 * when it was read, plus what the patch changed (`PatchTally`), must be exactly what `xlsxLimits.ts` counts on the
 * patched XML — else a sheet past the reader's limits could be written, or one within them refused.
 */
import { SheetPatch, patchedSheetXml, type PatchTally } from '../../src/workbook/adapters/xlsxSheetPatch';
import { sheetCounts } from '../../src/workbook/adapters/xlsxLimits';

const XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:C3"/><cols><col min="1" max="1" width="9" style="2"/></cols>' +
  '<sheetData><row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>2</v></c></row><row r="2"/>' +
  '<row r="3"><c r="A3" s="1"/><c r="C3"><f>A1*2</f><v>4</v></c></row><row r="9"><c r="B9"><v>1</v></c></row></sheetData><rowBreaks count="0" manualBreakCount="0"/></worksheet>';

function patched(edit: (p: SheetPatch) => void): { xml: string; tally: PatchTally } {
  const values: (string | number | null)[][] = [['a', 2, null], [null, null, null], [null, null, 4]];
  const formulas: (string | null)[][] = [[null, null, null], [null, null, null], [null, null, '=A1*2']];
  const patch = new SheetPatch({ values, formulas }, new Set());
  edit(patch);
  const tally = { rows: 0, cells: 0, lastRow: 0 };
  const xml = patchedSheetXml(XML, patch, { stringIndex: () => 0, style: (index) => index + 10 }, tally);
  return { xml, tally };
}

function expectCounted({ xml, tally }: { xml: string; tally: PatchTally }): void {
  const read = sheetCounts(XML);
  expect({ rows: read.rows + tally.rows, lastRow: Math.max(read.lastRow, tally.lastRow), cells: read.cells + tally.cells }).toEqual(sheetCounts(xml));
}

describe('a patched sheet counted from what changed (issue 28)', () => {
  test('cells written, emptied (one without a format is taken away), added in a row written as <row/>', () => {
    const p = patched((patch) => {
      patch.write(1, 2, [[null]]); // B1 emptied, no format: its <c> goes
      patch.write(2, 1, [['x', 5]]); // into <row r="2"/>
      patch.write(3, 1, [[null]]); // A3 emptied but formatted: kept as <c s="1"/>
      patch.cache(3, 3, [[9]]);
    });
    expect(p.xml).not.toContain('<c r="B1"');
    expect(p.tally).toEqual({ rows: 0, cells: 1, lastRow: 0 });
    expectCounted(p);
  });

  test('rows added between and after the rows there, formatted empty cells, a row given a height', () => {
    const p = patched((patch) => {
      patch.write(5, 1, [[1, null, 'y']]);
      patch.write(12, 2, [[true]]);
      patch.format({ top: 7, left: 1, bottom: 7, right: 2 }, { bold: true });
      patch.format({ top: 10, left: 1, bottom: 10, right: 1 }, { rowHeight: 30 });
      patch.write(9, 1, [[null]]); // an empty cell new in row 9: it takes column A's format, so it is written
    });
    expect(p.tally).toEqual({ rows: 4, cells: 6, lastRow: 12 });
    expectCounted(p);
  });

  test('nothing changed: nothing counted', () => {
    const p = patched(() => undefined);
    expect(p.tally).toEqual({ rows: 0, cells: 0, lastRow: 0 });
    expect(p.xml).toBe(XML);
  });
});
