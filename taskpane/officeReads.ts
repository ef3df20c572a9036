/// <reference types="office-js" />
/**
 * Reading a sheet through Office.js: the sheet list in tab order, a sheet's used range (values, and formulas) padded
 * to start at A1. Each read is one `Excel.run` with one `context.sync` (load what is needed, sync once, read).
 */
import type { CellValue } from '../src/workbook/adapters/adapter';
import type { ExcelHost } from './officeAdapter';

export function inTabOrder(items: readonly { name: string; position: number }[]): string[] {
  return [...items].sort((a, b) => a.position - b.position).map((s) => s.name);
}

/** Excel reports an empty cell as ''. */
export function cellValue(v: unknown): CellValue {
  if (v === '' || v === undefined || v === null) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return String(v);
}

export async function sheetNames(host: ExcelHost): Promise<string[]> {
  return host.run({}, async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load('items/name,items/position');
    await context.sync();
    return inTabOrder(sheets.items);
  });
}

/** The used range's values (and formulas), padded to start at A1; one load, one sync. */
export async function readUsed(host: ExcelHost, sheet: string, withFormulas: boolean): Promise<{ values: unknown[][]; formulas: unknown[][] } | null> {
  return host.run({}, async (context) => {
    const worksheet = context.workbook.worksheets.getItemOrNullObject(sheet);
    const used = worksheet.getUsedRangeOrNullObject();
    used.load(withFormulas ? ['values', 'formulas', 'rowIndex', 'columnIndex', 'columnCount'] : ['values', 'rowIndex', 'columnIndex', 'columnCount']);
    await context.sync();
    if (worksheet.isNullObject) return null;
    if (used.isNullObject) return { values: [], formulas: [] };
    const left: unknown[] = new Array(used.columnIndex).fill(null);
    const pad = (grid: unknown[][]) => [
      ...Array.from({ length: used.rowIndex }, () => new Array(used.columnIndex + used.columnCount).fill(null)),
      ...grid.map((row) => [...left, ...row]),
    ];
    return { values: pad(used.values), formulas: withFormulas ? pad(used.formulas) : [] };
  });
}
