/**
 * Cells written in a sheet's own XML (xlsxSheetPatch.ts, issue 28): a batch that only checks and writes cells of a
 * sheet not parsed yet changes them there, and must leave exactly the workbook the ExcelJS path leaves — the same
 * values, formulas and cached values read back by ExcelJS and by the quick reader, each cell's style kept — with every
 * row it did not touch kept byte for byte, and its expectations still checked against the cells as they now are.
 */
import JSZip from 'jszip';
import type { WorkbookBatch } from '../../src/workbook/adapters/adapter';
import { WorkbookConflict } from '../../src/workbook/adapters/batch';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { patchable } from '../../src/workbook/adapters/xlsxSheetPatch';
import { readSheetCellsChecked } from '../../src/workbook/adapters/xlsxSheetReader';
import { checkedSheet } from '../../src/workbook/adapters/xlsxLimits';

const SHEET = 'Grid';

/** A sheet as Tengen lays one out: a bold header, a merged title, a formula with its cached value, a column of text. */
async function laidOut(): Promise<Uint8Array> {
  const wb = XlsxWorkbook.create();
  await wb.apply({
    label: 'lay out',
    ops: [
      { kind: 'ensure-sheet', sheet: SHEET },
      { kind: 'write', sheet: SHEET, at: 'A1', cells: [['Title', null, null], ['Name', 'Points', 'Club'], ['Ann', 3, 'Brno'], ['Bob', 1, 'Linz'], ['Cy', 0, null]] },
      { kind: 'write', sheet: SHEET, at: 'D3', cells: [[{ formula: '=B3*2', value: 6 }], [{ formula: '=B4*2', value: 2 }], [{ formula: '=B5*2', value: 0 }]] },
      { kind: 'format', sheet: SHEET, range: 'A2:D2', format: { bold: true, fill: '#D9D9D9' } },
      { kind: 'format', sheet: SHEET, range: 'B3:B5', format: { numberFormat: '0.0' } },
      { kind: 'merge', sheet: SHEET, range: 'A1:C1' },
      { kind: 'ensure-sheet', sheet: 'Log' },
      { kind: 'write', sheet: 'Log', at: 'A1', cells: [['Time', 'Round', 'What']] },
    ],
  });
  return wb.save();
}

/** What a director's result does: its cells, a formula's new cached value, a new spilling formula, a Log line. */
function cellsBatch(): WorkbookBatch {
  return {
    label: 'result',
    ops: [
      { kind: 'expect', sheet: SHEET, cells: [{ at: 'B4', value: 1 }, { at: 'C4', value: 'Linz' }, { at: 'D4', value: 2, formula: '=B4*2' }] },
      { kind: 'write', sheet: SHEET, at: 'B4', cells: [[2.5, 'Wien & "Graz" <x>']] },
      { kind: 'cached-values', sheet: SHEET, at: 'D3', values: [[6], [5], [null]] },
      { kind: 'write', sheet: SHEET, at: 'F2', cells: [[{ formula: '=GO.PLACE(B3:B5)', value: 1, spill: { rows: 3, columns: 1 } }], [2], [3], [true], [' padded ']] },
      { kind: 'write', sheet: SHEET, at: 'C5', cells: [['new']] },
      { kind: 'append', sheet: 'Log', cells: [['12:00', 2, 'Result of table 1']] },
    ],
  };
}

async function readAll(bytes: Uint8Array, parsed: boolean) {
  const wb = parsed ? await XlsxWorkbook.load(bytes) : await XlsxWorkbook.open(bytes);
  const out: Record<string, unknown> = {};
  for (const sheet of await wb.sheetNames()) out[sheet] = { values: await wb.readSheet(sheet), formulas: await wb.readFormulas(sheet) };
  return out;
}

async function sheetXml(bytes: Uint8Array, part: string): Promise<string> {
  return (await (await JSZip.loadAsync(bytes)).file(part)!.async('string'))!;
}

describe('cells written in the sheet XML (issue 28)', () => {
  test('leave the workbook the ExcelJS path leaves: values, formulas, cached values, as ExcelJS and the quick reader read them', async () => {
    const file = await laidOut();
    // The ExcelJS path: every sheet parsed first, so the batch is applied to ExcelJS's model and the sheets rewritten.
    const viaExcel = await XlsxWorkbook.load(file);
    await viaExcel.apply(cellsBatch());
    const excelBytes = await viaExcel.save();
    // The XML path: the workbook opened without parsing a sheet.
    const viaXml = await XlsxWorkbook.open(file);
    await viaXml.apply(cellsBatch());
    // Before saving, what it reads is already the change.
    expect(await viaXml.readSheet(SHEET)).toEqual(await viaExcel.readSheet(SHEET));
    expect(await viaXml.readFormulas(SHEET)).toEqual(await viaExcel.readFormulas(SHEET));
    const xmlBytes = await viaXml.save();
    const expected = await readAll(excelBytes, true);
    expect(await readAll(xmlBytes, true)).toEqual(expected);
    expect(await readAll(xmlBytes, false)).toEqual(expected);
    expect((expected[SHEET] as { values: unknown[][] }).values[3]).toEqual(['Bob', 2.5, 'Wien & "Graz" <x>', 5, null, 3]);
  });

  test("keep each written cell's style and every row not written byte for byte; a spill is stored as a dynamic array", async () => {
    const file = await laidOut();
    const wb = await XlsxWorkbook.open(file);
    await wb.apply(cellsBatch());
    const saved = await wb.save();
    const before = await sheetXml(file, 'xl/worksheets/sheet1.xml');
    const after = await sheetXml(saved, 'xl/worksheets/sheet1.xml');
    const row = (xml: string, r: number) => new RegExp(`<row r="${r}"[^>]*>[\\s\\S]*?</row>`).exec(xml)![0];
    expect(row(after, 1)).toBe(row(before, 1));
    // ExcelJS reads the number format the cell had before the write.
    const excel = (await XlsxWorkbook.load(saved)).excel.getWorksheet(SHEET)!;
    expect(excel.getCell('B4').numFmt).toBe('0.0');
    expect(excel.getCell('A2').font?.bold).toBe(true);
    expect(after).toMatch(/<c r="F2"[^>]* cm="1"><f t="array" ref="F2:F4">_xldudf_GO_PLACE\(B3:B5\)<\/f><v>1<\/v><\/c>/);
    expect(Object.keys((await JSZip.loadAsync(saved)).files)).toContain('xl/metadata.xml');
  });

  test('a cell changed since the batch was prepared refuses it, on a sheet changed in its XML before', async () => {
    const wb = await XlsxWorkbook.open(await laidOut());
    await wb.apply(cellsBatch());
    // Prepared from the workbook as it was before the result: B4 held 1.
    await expect(wb.apply({ label: 'stale', ops: [{ kind: 'expect', sheet: SHEET, cells: [{ at: 'B4', value: 1 }] }, { kind: 'write', sheet: SHEET, at: 'B4', cells: [[0]] }] })).rejects.toBeInstanceOf(WorkbookConflict);
    expect((await wb.readSheet(SHEET))![3][1]).toBe(2.5);
    // Saved and opened again, the same stale batch is still refused.
    const again = await XlsxWorkbook.open(await wb.save());
    await expect(again.apply({ label: 'stale', ops: [{ kind: 'expect', sheet: SHEET, cells: [{ at: 'B4', value: 1 }] }, { kind: 'write', sheet: SHEET, at: 'B4', cells: [[0]] }] })).rejects.toBeInstanceOf(WorkbookConflict);
  });

  test('a write into a merged range, and a later layout op, go through ExcelJS with the cells written before', async () => {
    const wb = await XlsxWorkbook.open(await laidOut());
    await wb.apply(cellsBatch());
    await wb.apply({ label: 'merged', ops: [{ kind: 'write', sheet: SHEET, at: 'B1', cells: [['x']] }, { kind: 'format', sheet: SHEET, range: 'A3', format: { italic: true } }] });
    const ref = await XlsxWorkbook.load(await laidOut());
    await ref.apply(cellsBatch());
    await ref.apply({ label: 'merged', ops: [{ kind: 'write', sheet: SHEET, at: 'B1', cells: [['x']] }, { kind: 'format', sheet: SHEET, range: 'A3', format: { italic: true } }] });
    expect(await readAll(await wb.save(), true)).toEqual(await readAll(await ref.save(), true));
  });
});

describe('patchability judged in the reading pass (issue 28)', () => {
  const context = { strings: ['a', 'b'], dateStyles: new Set<number>(), date1904: false };
  const pieces = [
    '<c r="A1" s="1" t="s"><v>0</v></c>',
    '<c r="B1"><f>A1&amp;&quot;x&quot;</f><v>3</v></c>',
    '<c r="C1" s="2"/>',
    '<c s="2" r="D1" t="n"><v>4</v></c>',
    '<c t="inlineStr" r="E1"><is><t>x</t></is></c>',
    '<c r="F1" t="inlineStr"><is><t>y</t></is><c s="1"/></c>',
    '<c r="G1" t="inlineStr"><is><t>z</t></is><c r="H9"/></c>',
    '<c t="s" r="I1" x="<c s=1"><v>1</v></c>',
    '<cols/>',
    '<c>',
    '<c r="J1"',
    '<c r="K1" t="s"><v>1</v>',
  ];
  const sheet = (cells: string[], rowAddress: boolean) => `<worksheet><sheetData><row${rowAddress ? ' r="1"' : ''}>${cells.join('')}</row></sheetData></worksheet>`;

  test('a sheet is patchable as patchable() alone says, every <c> tag checked once by the reading', () => {
    const cases: [string[], boolean][] = [];
    for (let i = 0; i < pieces.length; i++) for (let j = 0; j < pieces.length; j++) for (const row of [true, false]) cases.push([[pieces[i], pieces[j], pieces[0]], row]);
    let taken = 0;
    for (const [cells, row] of cases) {
      const xml = sheet(cells, row);
      const read = readSheetCellsChecked(xml, context, () => undefined);
      if (!read) continue;
      if (read.cellAddresses) taken++;
      expect([xml, patchable(xml, read.cellAddresses)]).toEqual([xml, patchable(xml)]);
    }
    // The shortcut is taken (most sheets), and not where a cell's body or a tag cut short may hide a tag.
    expect(taken).toBeGreaterThan(50);
    expect(readSheetCellsChecked(sheet([pieces[5]], true), context, () => undefined)?.cellAddresses).toBe(false);
    expect(patchable(sheet([pieces[5]], true))).toBe(false);
  });

  test("the rows' addresses found first as the sheet is counted: patchable() as it says alone, the same counts (issue 28, session 22)", () => {
    const rowTags = ['<row r="1">', '<row r="2" spans="1:2">', '<row spans="1:2" r="3">', '<row>', '<row r="x">', '<row  r="4">', '<row\nr="5">', '<row r="6"/>', '<rowBreaks count="1">', '<row r="007" ht="9">', '<row r="8"', '<x:row r="9">'];
    // The counts as they were counted before (session 21): each row tag taken whole, its first ` r="…"` anywhere in it.
    const plainCounts = (xml: string) => {
      let rows = 0;
      let lastRow = 0;
      for (const m of xml.matchAll(/<row(?=[\s>/])[^>]*(?:>|$)/g)) {
        rows++;
        const r = /\sr="(\d+)"/.exec(m[0]);
        if (r) lastRow = Math.max(lastRow, Number(r[1]));
      }
      return { rows, lastRow, cells: (xml.match(/<c[\s>/]/g) ?? []).length };
    };
    let taken = 0;
    for (let i = 0; i < rowTags.length; i++) {
      for (let j = 0; j < rowTags.length; j++) {
        for (const where of ['data', 'after']) {
          const second = `${rowTags[j]}${rowTags[j].endsWith('/>') ? '' : '<c r="B2"><v>1</v></c></row>'}`;
          const data = `<sheetData>${rowTags[i]}<c r="A1"/></row>${where === 'data' ? second : ''}</sheetData>`;
          const xml = `<worksheet>${data}${where === 'after' ? second : ''}</worksheet>`;
          const checked = checkedSheet(xml);
          if (!xml.includes('<x:row')) expect([xml, checked.counts]).toEqual([xml, plainCounts(xml)]);
          if (checked.rowsAddressed) taken++;
          expect([xml, patchable(xml, false, checked.rowsAddressed)]).toEqual([xml, patchable(xml)]);
        }
      }
    }
    expect(taken).toBeGreaterThan(40);
    expect(checkedSheet('<worksheet><sheetData><row r="1"><c r="A1"/></row><row spans="1:1" r="2"/></sheetData></worksheet>').rowsAddressed).toBe(false);
    expect(checkedSheet('<x:worksheet><x:sheetData><x:row r="1"/></x:sheetData></x:worksheet>').rowsAddressed).toBe(false);
  });
});
