/**
 * The .xlsx adapter: every op written, saved, reloaded with a fresh ExcelJS workbook and checked cell by cell;
 * batches refused whole (checked first) or rolled back whole (a failure while writing); the grid through a file.
 */
import { isCacheSheet } from '../../src/workbook/formulas/liveCache';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { WorkbookBatch, WorkbookOp } from '../../src/workbook/adapters/adapter';
import { BatchError } from '../../src/workbook/adapters/batch';
import { gridBatch, readGrid } from '../../src/workbook/sheets/grid';
import { importBatch, newTournamentBatch, readTournament } from '../../src/workbook/session';
import { writeTournamentJson } from '../../src/formats/json';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { example, gridPart, value } from './fixtures';

async function reopen(wb: XlsxWorkbook): Promise<ExcelJS.Workbook> {
  const fresh = new ExcelJS.Workbook();
  await fresh.xlsx.load((await wb.save()).buffer as ArrayBuffer);
  return fresh;
}

const EVERY_OP: WorkbookBatch = {
  label: 'Every op',
  ops: [
    { kind: 'ensure-sheet', sheet: 'Grid' },
    { kind: 'ensure-sheet', sheet: 'Players', before: 'Grid' },
    { kind: 'ensure-sheet', sheet: 'Scratch' },
    { kind: 'ensure-sheet', sheet: 'Grid' }, // already there: nothing happens
    {
      kind: 'write',
      sheet: 'Grid',
      at: 'B2',
      cells: [
        ['text', 12, true, null],
        [{ formula: '=C2+1', value: 13 }, { formula: 'C2*2', value: 24 }, 'Côté, Julie', -2.5],
        [{ formula: 'C2-12', value: 0 }, { formula: 'C2&"!"', value: '12!' }, { formula: 'C2>1', value: true }, { formula: 'NOW()' }],
      ],
    },
    { kind: 'write', sheet: 'Grid', at: 'A10', cells: [['to be cleared', 'kept?']] },
    { kind: 'clear', sheet: 'Grid', range: 'A10:A10' },
    { kind: 'format', sheet: 'Grid', range: 'B2:C2', format: { bold: true, italic: true, fill: '#D9D9D9', fontColor: '#FF0000', fontSize: 14, horizontalAlignment: 'center', wrap: true, border: true } },
    { kind: 'format', sheet: 'Grid', range: 'E3', format: { numberFormat: '0.0' } },
    { kind: 'merge', sheet: 'Grid', range: 'F1:H1' },
    { kind: 'write', sheet: 'Grid', at: 'F1', cells: [['Round 1']] },
    { kind: 'column-widths', sheet: 'Grid', widths: [5, 26] },
    { kind: 'column-widths', sheet: 'Grid', widths: [10, 7], from: 'F' },
    { kind: 'freeze', sheet: 'Grid', rows: 2, columns: 1 },
    { kind: 'print', sheet: 'Grid', settings: { printArea: 'A1:H40', repeatRows: '1:2', fitToWidth: true, orientation: 'landscape', rowBreaks: [24, 44] } },
    { kind: 'write', sheet: 'Scratch', at: 'A1', cells: [['gone']] },
    { kind: 'delete-sheet', sheet: 'Scratch' },
  ],
};

describe('XlsxWorkbook: every op, saved and reopened', () => {
  test('values, formulas with cached values, formats, merges, widths, freeze, print settings, sheet order', async () => {
    const wb = XlsxWorkbook.create();
    await wb.apply(EVERY_OP);
    const x = await reopen(wb);
    expect(x.worksheets.map((w) => w.name)).toEqual(['Players', 'Grid']);
    const ws = x.getWorksheet('Grid')!;
    expect(ws.getCell('B2').value).toBe('text');
    expect(ws.getCell('C2').value).toBe(12);
    expect(ws.getCell('D2').value).toBe(true);
    expect(ws.getCell('E2').value).toBeNull();
    expect(ws.getCell('B3').value).toEqual({ formula: 'C2+1', result: 13 });
    expect(ws.getCell('C3').value).toEqual({ formula: 'C2*2', result: 24 });
    expect(ws.getCell('D3').value).toBe('Côté, Julie');
    expect(ws.getCell('E3').value).toBe(-2.5);
    expect(ws.getCell('E3').numFmt).toBe('0.0');
    expect(ws.getCell('C4').value).toEqual({ formula: 'C2&"!"', result: '12!' });
    expect(ws.getCell('D4').value).toEqual({ formula: 'C2>1', result: true });
    expect(ws.getCell('E4').value).toEqual({ formula: 'NOW()' });
    expect(ws.getCell('A10').value).toBeNull();
    expect(ws.getCell('B10').value).toBe('kept?');
    expect(ws.getCell('B2').font).toMatchObject({ bold: true, italic: true, size: 14, color: { argb: 'FFFF0000' } });
    expect(ws.getCell('C2').fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9D9D9' } });
    expect(ws.getCell('C2').alignment).toMatchObject({ horizontal: 'center', wrapText: true });
    expect(ws.getCell('C2').border).toMatchObject({ top: { style: 'thin' }, left: { style: 'thin' }, bottom: { style: 'thin' }, right: { style: 'thin' } });
    expect(ws.getCell('D2').font?.bold).toBeUndefined();
    expect(ws.model.merges).toEqual(['F1:H1']);
    expect(ws.getCell('F1').value).toBe('Round 1');
    expect([1, 2, 6, 7].map((c) => ws.getColumn(c).width)).toEqual([5, 26, 10, 7]);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 2 });
    expect(ws.pageSetup).toMatchObject({ printArea: 'A1:H40', printTitlesRow: '1:2', fitToPage: true, fitToWidth: 1, fitToHeight: 0, orientation: 'landscape' });

    // Row breaks, which ExcelJS does not read back: in the sheet's XML, after rows 23 and 43.
    const zip = await JSZip.loadAsync(await wb.save());
    const files = Object.keys(zip.files).filter((f) => /^xl\/worksheets\/sheet\d+\.xml$/.test(f));
    const xml = (await Promise.all(files.map((f) => zip.file(f)!.async('string')))).find((s) => s.includes('Round 1') || s.includes('<rowBreaks'))!;
    expect(xml).toMatch(/<rowBreaks count="2" manualBreakCount="2"><brk id="23" max="16383" man="1"\/><brk id="43" max="16383" man="1"\/><\/rowBreaks>/);
    // A cached 0 is in the file (ExcelJS's own reader drops it: it tests `if (model.value)`).
    expect(xml).toContain('<c r="B4"><f>C2-12</f><v>0</v></c>');
    // Recalculated on opening by Excel and LibreOffice.
    const workbookXml = await zip.file('xl/workbook.xml')!.async('string');
    expect(workbookXml).toMatch(/<calcPr[^>]*fullCalcOnLoad="1"/);
  });

  test('read back through the adapter: values (formulas give their value, merged cells their top-left), formulas', async () => {
    const wb = await XlsxWorkbook.load(await (await (async () => {
      const w = XlsxWorkbook.create();
      await w.apply(EVERY_OP);
      return w;
    })()).save());
    expect(await wb.sheetNames()).toEqual(['Players', 'Grid']);
    const values = (await wb.readSheet('Grid'))!;
    // The used range ends with the last value: F, where the merged F1:H1 keeps its text.
    expect(values[1]).toEqual([null, 'text', 12, true, null, null]);
    expect(values[2]).toEqual([null, 13, 24, 'Côté, Julie', -2.5, null]);
    expect(values[0].slice(5)).toEqual(['Round 1']);
    expect(values[3]).toEqual([null, 0, '12!', true, null, null]); // B4's cached 0, read from cell.result (ExcelJS's cell.value drops it)
    expect(values).toHaveLength(10);
    const formulas = (await wb.readFormulas('Grid'))!;
    expect(formulas[2].slice(0, 4)).toEqual([null, '=C2+1', '=C2*2', null]);
    expect(formulas[3].slice(0, 5)).toEqual([null, '=C2-12', '=C2&"!"', '=C2>1', '=NOW()']);
    expect(await wb.readSheet('Nope')).toBeNull();
    expect(await wb.readSheet('Players')).toEqual([]);
  });
});

describe('XlsxWorkbook: all or nothing', () => {
  async function filled(): Promise<XlsxWorkbook> {
    const wb = XlsxWorkbook.create();
    await wb.apply({ label: 'setup', ops: [{ kind: 'ensure-sheet', sheet: 'Grid' }, { kind: 'write', sheet: 'Grid', at: 'A1', cells: [['kept', 1]] }] });
    return wb;
  }

  const bad: [string, WorkbookOp, string][] = [
    ['a bad address', { kind: 'write', sheet: 'Grid', at: 'A0', cells: [['x']] }, 'op 3 (write on Grid): "A0" is not a cell address'],
    ['a missing sheet', { kind: 'merge', sheet: 'Nope', range: 'A1:B1' }, 'op 3 (merge on Nope): sheet "Nope" does not exist (create it with ensure-sheet first)'],
    ['a bad sheet name', { kind: 'ensure-sheet', sheet: 'a/b' }, 'op 3 (ensure-sheet on a/b): "a/b" contains one of : \\ / ? * [ ], which Excel refuses in sheet names'],
    ['ragged rows', { kind: 'write', sheet: 'Grid', at: 'A1', cells: [['x', 'y'], ['z']] }, 'op 3 (write on Grid): row 2 of the cells has 1 cells, the first row 2: every row must have the same length'],
    ['a bad colour', { kind: 'format', sheet: 'Grid', range: 'A1', format: { fill: 'grey' } }, 'op 3 (format on Grid): fill "grey" is not a colour #RRGGBB'],
    ['bad repeated rows', { kind: 'print', sheet: 'Grid', settings: { repeatRows: 'A1' } }, 'op 3 (print on Grid): repeated rows "A1" are not rows like 4:5'],
    ['a bad range', { kind: 'clear', sheet: 'Grid', range: 'A1:' }, 'op 3 (clear on Grid): "A1:" is not an A1 range (e.g. A1:Q40)'],
    ['a blank formula', { kind: 'write', sheet: 'Grid', at: 'A1', cells: [['x', { formula: '= \t\n\u00a0' }]] }, 'op 3 (write on Grid): cell 1,2 of the rectangle: a formula cell needs its formula text'],
    ['a lone "="', { kind: 'write', sheet: 'Grid', at: 'A1', cells: [[1, '=', { formula: '=' }]] }, 'op 3 (write on Grid): cell 1,3 of the rectangle: a formula cell needs its formula text'],
    ['a number that is none', { kind: 'write', sheet: 'Grid', at: 'A1', cells: [[1], [NaN]] }, 'op 3 (write on Grid): cell 2,1 of the rectangle: NaN is not a finite number'],
    ['an infinite cached value', { kind: 'write', sheet: 'Grid', at: 'A1', cells: [[{ formula: '=1/0', value: Infinity }]] }, 'op 3 (write on Grid): cell 1,1 of the rectangle: Infinity is not a finite number'],
  ];
  test.each(bad)('%s: refused before anything is written, naming the op', async (_, op, message) => {
    const wb = await filled();
    const batch: WorkbookBatch = { label: 'Pair round 2', ops: [{ kind: 'ensure-sheet', sheet: 'New' }, { kind: 'write', sheet: 'Grid', at: 'A1', cells: [['changed']] }, op] };
    await expect(wb.apply(batch)).rejects.toThrow(new BatchError('Pair round 2', 2, op, message.replace(/^op 3 \([^)]*\): /, '')));
    await expect(wb.apply(batch)).rejects.toThrow(`"Pair round 2": ${message}; nothing was written`);
    expect(await wb.sheetNames()).toEqual(['Grid']);
    expect(await wb.readSheet('Grid')).toEqual([['kept', 1]]);
  });

  test('a failure while writing rolls the whole batch back', async () => {
    class FailingOnThirdOp extends XlsxWorkbook {
      private count = 0;
      static make(): FailingOnThirdOp {
        return new FailingOnThirdOp(new ExcelJS.Workbook());
      }
      protected override applyOp(op: WorkbookOp): void {
        if (++this.count === 3) throw new Error('disk full');
        super.applyOp(op);
      }
    }
    const wb = FailingOnThirdOp.make();
    await expect(
      wb.apply({ label: 'Results of round 1', ops: [{ kind: 'ensure-sheet', sheet: 'Grid' }, { kind: 'write', sheet: 'Grid', at: 'A1', cells: [['half']] }, { kind: 'write', sheet: 'Grid', at: 'A2', cells: [['way']] }] }),
    ).rejects.toThrow('"Results of round 1": op 3 (write on Grid): disk full; nothing was written');
    expect(await wb.sheetNames()).toEqual([]);
  });
});

describe('the grid through an .xlsx file', () => {
  test('written, saved, reopened and read: the same tournament; formulas keep their values', async () => {
    const t = example();
    const wb = XlsxWorkbook.create();
    await wb.apply(gridBatch(t));
    const reopened = await XlsxWorkbook.load(await wb.save());
    expect(gridPart(value(readGrid((await reopened.readSheet('Grid'))!)))).toEqual(gridPart(t));
    const x = await reopen(wb);
    const ws = x.getWorksheet('Grid')!;
    // Ten players a page (row breaks, which ExcelJS does not read back) at a percentage scale: not fit-to-page,
    // with which the breaks would be the spreadsheet's own.
    expect(ws.pageSetup).toMatchObject({ printArea: 'A1:S41', printTitlesRow: '14:15', fitToPage: false, orientation: 'landscape' });
    expect(ws.pageSetup.scale).toBeGreaterThanOrEqual(10);
    expect(ws.pageSetup.scale).toBeLessThanOrEqual(100);
    expect(ws.model.merges).toEqual(['F14:H14', 'I14:K14', 'L14:N14', 'O14:Q14']);
    // Colour and result cells are text (Excel would read "+2" as 2 and "=" as a formula); opponents and scores not.
    expect(['G16', 'H16', 'G17', 'Q41'].map((a) => ws.getCell(a).numFmt)).toEqual(['@', '@', '@', '@']);
    expect(['F16', 'F17', 'R16'].map((a) => ws.getCell(a).numFmt)).toEqual([undefined, undefined, undefined]);
  });
});

test('a tournament replaced by another in the same .xlsx workbook: sheets rewritten in place, the extra ones deleted', async () => {
  const t = example();
  const wb = XlsxWorkbook.create();
  await wb.apply({ label: 'a sheet of the director', ops: [{ kind: 'ensure-sheet', sheet: 'Notes' }] });
  await wb.apply(importBatch(t, { time: 'then', existingSheets: await wb.sheetNames() }));
  await wb.apply(importBatch(t, { time: 'then', existingSheets: await wb.sheetNames(), replace: true }));
  await wb.apply(newTournamentBatch({ name: 'Next year', settings: { system: 'swiss', rounds: 3, ruleset: 'egf' }, existingSheets: await wb.sheetNames(), replace: true, time: 'now' }));
  const again = await XlsxWorkbook.load(await wb.save());
  expect((await again.sheetNames()).filter((s) => !isCacheSheet(s))).toEqual(['Notes', 'Grid', 'Players', 'Settings', 'Log']);
  expect(value(await readTournament(again))).toMatchObject({ name: 'Next year', players: [], games: [] });
  expect(await again.readSheet('Log')).toEqual([['Time', 'Round', 'What'], ['now', null, 'New tournament Next year: 0 players, 3 rounds, 0 paired']]);
  // And the example, once more, reads back whole from the file.
  await again.apply(importBatch(t, { time: 'x', existingSheets: await again.sheetNames(), replace: true }));
  expect(writeTournamentJson(value(await readTournament(await XlsxWorkbook.load(await again.save()))))).toBe(writeTournamentJson(t));
});
