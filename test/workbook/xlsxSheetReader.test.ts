/**
 * The quick reader's fast path (xlsxSheetReader.ts: a cell as every program writes it read by one match, its row's and
 * style's numbers taken from the cell before when it writes the same text, issue 28) reads each sheet as the general
 * scan reads it (`readSheetCellsScanned`), which test/workbook/quickReader.test.ts compares with ExcelJS. Cells in and
 * near the canonical form — each attribute, type, value and formula form, and what breaks the form one character at a
 * time — rows and styles changing from cell to cell, and every sheet of the examples' workbooks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import JSZip from 'jszip';
import { parseTournamentJson } from '../../src/formats/json';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { PRIMING_SHEET, readSheetCellsChecked, readSheetCellsScanned, type CellContext } from '../../src/workbook/adapters/xlsxSheetReader';
import { importBatch } from '../../src/workbook/session';
import { value } from './fixtures';

const context: CellContext = { strings: ['zero', 'one', 'two & three', ''], dateStyles: new Set([4]), date1904: false };

function sheet(cells: readonly string[]): string {
  return `<worksheet><sheetData><row r="1">${cells.join('')}</row></sheetData></worksheet>`;
}

function both(xml: string) {
  const limits: string[] = [];
  const fast = readSheetCellsChecked(xml, context, (rows, columns) => limits.push(`${rows}x${columns}`));
  const slow = readSheetCellsScanned(xml, context, (rows, columns) => limits.push(`${rows}x${columns}`));
  return { fast, slow, limits };
}

/** Cells the fast path reads, and cells a character away from its form, each beside the others. */
const CELLS = [
  '<c r="A1"><v>7</v></c>',
  '<c r="B1" t="s"><v>2</v></c>',
  '<c r="C1" t="s"><v>9</v></c>', // a shared string beyond the list: no value
  '<c r="D1" t="s"><v>001</v></c>',
  '<c r="E1" s="4"><v>46000</v></c>', // a date style: the date's text
  '<c r="F1" s="4"><v>46000.25</v></c>',
  '<c r="G1" s="12"><v>-1.5E-3</v></c>',
  '<c r="H1"><v>1234567890123456789</v></c>', // beyond 15 digits: parseFloat's number
  '<c r="I1"><v></v></c>',
  '<c r="J1" t="b"><v>1</v></c>',
  '<c r="K1" t="b"><v>0</v></c>',
  '<c r="L1" t="e"><v>#N/A</v></c>',
  '<c r="M1" t="str"><f>"a"&amp;"&lt;b&gt;"</f><v>a&lt;b&gt;</v></c>',
  '<c r="N1"><f>1+1</f></c>',
  '<c r="O1"><f></f><v>3</v></c>',
  '<c r="P1" t="str"><f>_xldudf_GO_PLACE(A1:A2)</f><v></v></c>',
  '<c r="Q1" t="inlineStr"><v>5</v></c>',
  '<c r="R1" t="d"><v>12</v></c>',
  '<c r="S1" t="n"><v> 12</v></c>',
  '<c r="T1" t="s"><v>1 </v></c>',
  '<c r="U1" t="s"><v>+1</v></c>',
  '<c r="V1"/>',
  '<c r="W1" s="3"/>',
  '<c r="X1"></c>',
  '<c r="Y1" s="3" t="s"><v>1</v></c>',
  '<c r="Z1" s="0012" t="n"><v>0012</v></c>',
  '<c r="AA1" s="x"><v>1</v></c>', // a style not a number: the general scan's
  '<c r="AB1" t=""><v>1</v></c>',
  '<c r="AC1" t="s" s="1"><v>1</v></c>', // attributes in another order
  '<c r="AD1"  s="1"><v>1</v></c>',
  '<c r="AE1"><v>1</v><f>2</f></c>',
  '<c r="AF1"><f t="array" ref="AF1">1</f><v>1</v></c>',
  '<c r="AG1"><v xml:space="preserve">1</v></c>',
  '<c r="AH1"><v>1</v> </c>',
  '<c r="AI1" t="inlineStr"><is><t>in &amp; line</t></is></c>',
  '<c r="AJ1" / >',
  '<c r="ak1"><v>1</v></c>',
  '<c r="AL01"><v>1</v></c>',
  '<c r="AM1"><v>1&amp;</v></c>',
  '<c r="AN1" t="e"><v>#DIV/0!</v></c>',
  '<c r="AO1" t="str"><v>x &quot;y&quot;</v></c>',
  '<c r="AP1"><v>0</v></c>',
  '<c r="AQ1"><v>999999999999999</v></c>',
  '<c r="AR1" s="99999999999999999"><v>4</v></c>',
];

describe('the fast path reads each cell as the general scan', () => {
  test.each(CELLS.map((c, i) => [i, c]))('cell %i: %s', (_i, cell) => {
    const { fast, slow, limits } = both(sheet([cell as string]));
    expect(fast).toEqual(slow);
    expect(limits[0]).toEqual(limits[1]);
  });

  test('all of them in one sheet, and in rows of their own far down and far right', () => {
    const all = both(sheet(CELLS));
    expect(all.fast).toEqual(all.slow);
    const far = CELLS.map((c, i) => c.replace(/r="[A-Za-z]+0?1"/, `r="${i % 2 ? 'XF' : 'B'}${1000 + i}"`));
    const rows = both(`<worksheet><sheetData>${far.map((c, i) => `<row r="${1000 + i}">${c}</row>`).join('')}</sheetData></worksheet>`);
    expect(rows.fast).toEqual(rows.slow);
    expect(rows.limits[0]).toEqual(rows.limits[1]);
  });

  test('what it reads is what the cells say (not only the same as the general scan)', () => {
    const read = readSheetCellsChecked(sheet(CELLS.slice(0, 16)), context, () => undefined)!.cells;
    expect(read.values[0].slice(0, 16)).toEqual([7, 'two & three', null, 'one', '2025-12-09T00:00:00.000Z', '2025-12-09T06:00:00.000Z', -0.0015, 1234567890123456800, NaN, true, false, '#N/A', 'a<b>', null, 3, null]);
    expect(read.formulas[0].slice(12, 16)).toEqual(['="a"&"<b>"', '=1+1', '=', '=_xldudf_GO_PLACE(A1:A2)']);
  });

  test('every sheet of every example workbook', async () => {
    for (const file of readdirSync(path.resolve(__dirname, '..', '..', 'examples')).filter((f) => f.endsWith('.json'))) {
      const t = value(parseTournamentJson(readFileSync(path.resolve(__dirname, '..', '..', 'examples', file), 'utf8'), file));
      const wb = XlsxWorkbook.create();
      await wb.apply(importBatch(t, { time: '2026-01-01T00:00:00Z' }));
      const zip = await JSZip.loadAsync(await wb.save());
      for (const part of Object.keys(zip.files).filter((p) => /^xl\/worksheets\/sheet\d+\.xml$/.test(p))) {
        const xml = await zip.file(part)!.async('string');
        const { fast, slow } = both(xml);
        expect({ file, part, read: fast }).toEqual({ file, part, read: slow });
      }
    }
  });
});

/**
 * The reader is run over `PRIMING_SHEET` before the first sheet (`primeReadCells`, issue 28: so that V8 optimises it
 * having seen each of its paths run). The priming sheet holds a cell of each path, and reads as its cells say; the
 * first sheet a process reads, read just after the priming, reads as the general scan reads it.
 */
describe('priming the reader', () => {
  const primingContext: CellContext = { strings: ['p', 'q'], dateStyles: new Set([2]), date1904: false };

  test('the priming sheet holds a cell of each form and path, and reads as its cells say', () => {
    // The general scan's forms: an attribute the canonical form has not, an inline string, a tag that is not a cell.
    for (const form of [' cm="1"', 't="inlineStr"', '<cols/>', '<mergeCell ', '<c r="G1"/>', 't="b"', 't="e"', 't="str"']) expect(PRIMING_SHEET).toContain(form);
    const read = readSheetCellsChecked(PRIMING_SHEET, primingContext, () => undefined);
    expect(read).toEqual(readSheetCellsScanned(PRIMING_SHEET, primingContext));
    expect(read!.cells.values).toEqual([
      ['p', 2, '2023-03-15T12:00:00.000Z', '2x', true, '#N/A'],
      ['a&b', 'c', 3, 'q', null, null],
      [4, null, null, null, null, null],
    ]);
    expect(read!.cells.formulas[0][3]).toBe('=B1&"x"');
    expect(read!.cells.formulas[1][0]).toBe('=_xlfn.SORT(B1:B1)');
  });

  test("a process's first sheet, read just after the priming, reads as the general scan reads it", () => {
    // A sheet unlike the priming's (other rows and styles, a formula read by the general scan, no merged range): what
    // the priming leaves behind (the general scan's last cell, the row and style read last) must not reach it.
    const xml = `<worksheet><sheetData><row r="5"><c r="C5" s="7" t="str" cm="1"><f>1&amp;2</f><v>12</v></c>${CELLS.join('').replace(/r="([A-Z]+)1"/g, 'r="$15"')}</row></sheetData></worksheet>`;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fresh = require('../../src/workbook/adapters/xlsxSheetReader') as typeof import('../../src/workbook/adapters/xlsxSheetReader');
      const limits: string[] = [];
      const first = fresh.readSheetCellsChecked(xml, context, (rows, columns) => limits.push(`${rows}x${columns}`));
      expect(first).toEqual(fresh.readSheetCellsScanned(xml, context));
      expect(first).toEqual(readSheetCellsChecked(xml, context, () => undefined));
      expect(first!.cells.values[4][2]).toBe('12');
      expect(limits).toEqual([`5x${first!.cells.values[4].length}`]);
    });
  });
});
