/**
 * The two WorkbookAdapter implementations agree (issue: "A grid written through one reads back identically through
 * the other"): the same batches applied through the Office.js adapter (over the fake Excel of ./fakeExcel) and through
 * the .xlsx adapter (ExcelJS, saved and reloaded) give the same cells and the same tournament; and a workbook's cells
 * carried from one to the other read back as the same tournament.
 */
jest.mock('office-addin-manifest', () => jest.requireActual('office-addin-manifest/lib/officeApp'));

import { OfficeWorkbook } from '../../taskpane/officeAdapter';
import { spilledBy, type CellValue, type WorkbookAdapter, type WorkbookBatch } from '../../src/workbook/adapters/adapter';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import { importBatch, readTournament } from '../../src/workbook/session';
import { example, generated, value } from '../workbook/fixtures';
import { FakeExcel } from './fakeExcel';

/** A new Excel workbook always has one sheet; the tournament's sheets come after it. */
const EXCEL_DEFAULT_SHEET = 'Sheet1';

async function tournamentSheets(wb: WorkbookAdapter): Promise<string[]> {
  return (await wb.sheetNames()).filter((s) => s !== EXCEL_DEFAULT_SHEET);
}

/** `Sheet!r,c` (0-based) of every cell a batch's formulas spill into (the fake Excel leaves them empty). */
function spillCells(batch: WorkbookBatch): Set<string> {
  const out = new Set<string>();
  for (const op of batch.ops) {
    if (op.kind !== 'write') continue;
    const spilled = spilledBy(op.cells);
    const at = /^([A-Z]+)(\d+)$/.exec(op.at)!;
    const row0 = Number(at[2]) - 1;
    const column0 = [...at[1]].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
    op.cells.forEach((line, r) => line.forEach((_, c) => spilled(r, c) && out.add(`${op.sheet}!${row0 + r},${column0 + c}`)));
  }
  return out;
}

/**
 * Every sheet's values, formula cells and the cells formulas spill into left out (the fake Excel does not
 * calculate: a formula reads 0 there, and a spill is empty, so its used range ends before it).
 */
async function inputCells(wb: WorkbookAdapter, spills: Set<string> = new Set()): Promise<Record<string, CellValue[][]>> {
  const out: Record<string, CellValue[][]> = {};
  for (const sheet of await tournamentSheets(wb)) {
    const values = (await wb.readSheet(sheet)) ?? [];
    const formulas = (await wb.readFormulas(sheet)) ?? [];
    out[sheet] = values.map((row, r) => row.map((v, c) => (spills.has(`${sheet}!${r},${c}`) ? null : formulas[r]?.[c] ? '<formula>' : v)));
    for (const row of out[sheet]) while (row.length && row[row.length - 1] === null) row.pop();
    // Trailing empty rows and columns are not content.
    while (out[sheet].length && out[sheet][out[sheet].length - 1].length === 0) out[sheet].pop();
  }
  return out;
}

async function throughXlsx(batchOf: () => Parameters<WorkbookAdapter['apply']>[0]): Promise<XlsxWorkbook> {
  const wb = XlsxWorkbook.create();
  await wb.apply(batchOf());
  return XlsxWorkbook.load(await wb.save());
}

async function throughOffice(batchOf: () => Parameters<WorkbookAdapter['apply']>[0]): Promise<OfficeWorkbook> {
  const wb = new OfficeWorkbook(new FakeExcel({ Sheet1: [] }));
  await wb.apply(batchOf());
  return wb;
}

describe('the Office.js and .xlsx adapters agree', () => {
  const cases = [
    ['the bundled example (English grid)', () => importBatch(example(), { time: '2026-11-22T21:00:00Z' })],
    ['a generated 24-player, 5-round McMahon (French grid)', () => importBatch(generated(24, 5, 11), { time: '2026-11-22T21:00:00Z', language: 'fr' })],
  ] as const;

  it.each(cases)('%s: the same sheets, cells and tournament', async (_name, batchOf) => {
    const office = await throughOffice(batchOf);
    const xlsx = await throughXlsx(batchOf);
    expect(await tournamentSheets(office)).toEqual(await xlsx.sheetNames());
    const spills = spillCells(batchOf());
    expect(spills.size).toBeGreaterThan(0);
    expect(await inputCells(office, spills)).toEqual(await inputCells(xlsx, spills));
    expect(await office.readFormulas('Grid')).toEqual(await xlsx.readFormulas('Grid'));
    expect(value(await readTournament(office))).toEqual(value(await readTournament(xlsx)));
  });

  it('cells carried from an .xlsx file into Excel, and back, read as the same tournament', async () => {
    const batchOf = cases[0][1];
    const xlsx = await throughXlsx(batchOf);
    const fromFile = value(await readTournament(xlsx));
    // Carry every sheet's cells (formulas as formulas) into a fresh Excel, then into a fresh .xlsx.
    const carry = async (from: WorkbookAdapter, to: WorkbookAdapter) => {
      const ops = [];
      for (const sheet of await tournamentSheets(from)) {
        const values = (await from.readSheet(sheet)) ?? [];
        const formulas = (await from.readFormulas(sheet)) ?? [];
        const width = Math.max(1, ...values.map((r) => r.length));
        const cells = values.map((row, r) => Array.from({ length: width }, (_, c) => (formulas[r]?.[c] ? { formula: formulas[r][c] as string, value: row[c] ?? null } : row[c] ?? null)));
        ops.push({ kind: 'ensure-sheet' as const, sheet });
        // No formats: text Excel would read as a number or formula ("+", "=", "+2") must survive on its own.
        if (cells.length) ops.push({ kind: 'write' as const, sheet, at: 'A1', cells });
      }
      await to.apply({ label: 'Carry', ops });
    };
    const office = new OfficeWorkbook(new FakeExcel({ Sheet1: [] }));
    await carry(xlsx, office);
    expect(value(await readTournament(office))).toEqual(fromFile);
    const back = XlsxWorkbook.create();
    await carry(office, back);
    expect(value(await readTournament(await XlsxWorkbook.load(await back.save())))).toEqual(fromFile);
  });
});
