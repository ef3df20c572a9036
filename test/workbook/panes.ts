/**
 * Panes over one workbook, for the tests of safe writes: what a director typing into Excel does to a workbook held
 * by either engine-side adapter, and a tournament to work on.
 */
import ExcelJS from 'exceljs';
import type { CellValue, WorkbookAdapter } from '../../src/workbook/adapters/adapter';
import { MemoryWorkbook } from '../../src/workbook/adapters/memory';
import { XlsxWorkbook } from '../../src/workbook/adapters/xlsx';
import type { Tournament } from '../../src/model/tournament';
import { importBatch } from '../../src/workbook/session';
import { example } from './fixtures';

export type Adapter = MemoryWorkbook | XlsxWorkbook;

/** A director typing one cell in Excel: a value, a formula ("=…"), or nothing (deleting it). */
export function typeInto(wb: Adapter, sheet: string, address: string, value: CellValue): void {
  if (wb instanceof MemoryWorkbook) return wb.type(sheet, address, value);
  const ws = wb.excel.getWorksheet(sheet) ?? wb.excel.addWorksheet(sheet);
  const cell = ws.getCell(address);
  if (typeof value === 'string' && value.startsWith('=') && value.length > 1) cell.value = { formula: value.slice(1) } as ExcelJS.CellFormulaValue;
  else cell.value = value === '' ? null : value;
}

/** What a cell holds now: its formula ("=…") when it has one, else its value. */
export async function cellNow(wb: WorkbookAdapter, sheet: string, row: number, column: number): Promise<CellValue> {
  const f = (await wb.readFormulas(sheet))?.[row - 1]?.[column - 1];
  if (f) return f;
  return (await wb.readSheet(sheet))?.[row - 1]?.[column - 1] ?? null;
}

/** The bundled example with rounds 1 and 2 paired, round 2's results not yet in. */
export function roundTwoOpen(): Tournament {
  const t = example();
  return {
    ...t,
    games: t.games.filter((g) => g.round <= 2).map((g) => (g.round === 2 ? { ...g, result: 'unknown' as const } : g)),
    byes: t.byes.filter((b) => b.round <= 2),
  };
}

export const ADAPTERS: readonly [string, () => Adapter][] = [
  ['in memory', () => new MemoryWorkbook()],
  ['.xlsx', () => XlsxWorkbook.create()],
];

export async function workbookOf(make: () => Adapter, t: Tournament): Promise<Adapter> {
  const wb = make();
  await wb.apply(importBatch(t, { time: '2026-05-16T09:00:00Z' }));
  return wb;
}
