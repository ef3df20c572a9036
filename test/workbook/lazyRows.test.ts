/**
 * Issue 28: a sheet's rows of formulas made when first looked at (src/workbook/cells/lazyRows.ts). What must hold:
 * the rows read are exactly those made at once; a row made later is made from what was read, never from what changed
 * since; a copy is the rows as they were when copied; `cellOf` gives a cell without making its row.
 */
import { cellOf, copyOfRows, withRowsMadeLater } from '../../src/workbook/cells/lazyRows';
import { readSheetCells } from '../../src/workbook/adapters/xlsxSheetReader';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { importBatch } from '../../src/workbook/session';
import { GRID_SHEET } from '../../src/workbook/sheets/grid';
import { example } from './fixtures';

const unescaped = (raw: string) => `=${raw.replaceAll('&quot;', '"')}`;

function rows(): (string | null)[][] {
  return withRowsMadeLater(
    [
      ['=A1', null],
      [null, null],
      ['=B1', null],
    ],
    new Map([
      [1, new Map([[0, 'IF(A1=&quot;+&quot;,1,0)']])],
      [2, new Map([[1, 'C1&amp;&quot;x&quot;']])],
    ]),
    unescaped,
  );
}

describe('rows made when first looked at', () => {
  test('read as the rows made at once: indexed, spread, copied, compared', () => {
    const expected = [
      ['=A1', null],
      ['=IF(A1="+",1,0)', null],
      ['=B1', '=C1&amp;"x"'],
    ];
    expect(rows()).toEqual(expected);
    expect(rows().map((row) => [...row])).toEqual(expected);
    expect(JSON.parse(JSON.stringify(rows()))).toEqual(expected);
    expect(copyOfRows(rows())).toEqual(expected);
    const r = rows();
    expect(r[1][0]).toBe('=IF(A1="+",1,0)');
    expect(r.length).toBe(3);
  });

  test('cellOf gives a cell without making its row; a row made is then read as it is', () => {
    const r = rows();
    expect([cellOf(r, 1, 0), cellOf(r, 1, 1), cellOf(r, 2, 0), cellOf(r, 2, 1), cellOf(r, 5, 0)]).toEqual(['=IF(A1="+",1,0)', null, '=B1', '=C1&amp;"x"', undefined]);
    // Not made: still an accessor.
    expect(Object.getOwnPropertyDescriptor(r, 1)?.get).toBeDefined();
    r[1][0] = 'written';
    expect(Object.getOwnPropertyDescriptor(r, 1)?.get).toBeUndefined();
    expect(cellOf(r, 1, 0)).toBe('written');
  });

  test('a copy holds the rows as they were when copied, whatever is written after in either', () => {
    const r = rows();
    r[2][1] = 'written before';
    const copy = copyOfRows(r);
    r[1][0] = 'written after';
    r[2][1] = 'written after';
    expect(copy[1][0]).toBe('=IF(A1="+",1,0)');
    expect(copy[2][1]).toBe('written before');
    copy[1][1] = 'in the copy';
    const again = copyOfRows(r);
    expect(again[1]).toEqual(['written after', null]);
    // A row replaced whole, or pushed, is the array's own.
    r[1] = ['replaced', null];
    r.push(['pushed', null]);
    expect(copyOfRows(r).slice(1)).toEqual([['replaced', null], ['=B1', 'written after'], ['pushed', null]]);
  });

  test("a Grid's formulas read from its XML are those read with every formula unescaped at once", async () => {
    const wb = XlsxWorkbook.create();
    await wb.apply(importBatch(example(), { time: '2026-05-16T09:00:00.000Z' }));
    const opened = await XlsxWorkbook.open(await wb.save());
    const formulas = await opened.readFormulas(GRID_SHEET);
    // Which rows are not made yet, told before any is read (reading a row makes it).
    const notMade: number[] = [];
    for (let r = 0; r < formulas!.length; r++) if (Object.getOwnPropertyDescriptor(formulas, r)?.get !== undefined) notMade.push(r);
    const lazy = notMade.map((r) => formulas![r]);
    // The Grid's Victories formulas hold quotes: their rows are made when looked at.
    expect(lazy.length).toBeGreaterThan(0);
    expect(lazy.some((row) => row.some((f) => f?.includes('"')))).toBe(true);
    const xml = '<worksheet><sheetData><row r="1"><c r="A1"><f>IF(B1=&quot;+&quot;,1,0)</f><v>1</v></c><c r="B1"><f>C1</f></c></row></sheetData></worksheet>';
    const cells = readSheetCells(xml, { strings: [], dateStyles: new Set(), date1904: false }, () => undefined)!;
    expect(cells.formulas).toEqual([['=IF(B1="+",1,0)', '=C1']]);
    expect(cellOf(cells.formulas, 0, 0)).toBe('=IF(B1="+",1,0)');
  });
});
