/// <reference types="office-js" />
/**
 * Reading what a batch expects, in the first sync of its `Excel.run`: the expected cells, the sheet list, the
 * workbook's names, the Log's used range for `append`, the number formats of cells about to get text.
 */
import type { WorkbookBatch } from '../src/workbook/adapters/adapter';
import type { FoundCell } from '../src/workbook/adapters/batch';
import { parseCell, rangeAddress } from '../src/workbook/cells/address';
import { cellValue } from './officeReads';
import { excelText } from './officeWrites';

export interface Reads {
  /** Whether anything was queued (else the read sync is skipped). */
  readonly any: boolean;
  readonly tabs?: Excel.WorksheetCollection;
  /** The workbook's names, loaded when the batch defines names. */
  readonly names?: Excel.NamedItemCollection;
  cell(sheet: string, row: number, column: number): FoundCell;
  /** The last non-empty row of a sheet the batch appends to (0 when empty or missing). */
  lastRow(sheet: string): number;
  /** Whether a cell is formatted as text (`@`) in the workbook now. */
  textFormatted(sheet: string, row: number, column: number): boolean;
}

interface LoadedBox {
  readonly sheet: string;
  readonly top: number;
  readonly left: number;
  readonly range: Excel.Range;
}

export function queueReads(worksheets: Excel.WorksheetCollection, batch: WorkbookBatch, workbookNames: Excel.NamedItemCollection): Reads {
  let any = false;
  // The names a batch defines: which exist already (deleted, then added again), read in the same first sync.
  let names: Excel.NamedItemCollection | undefined;
  if (batch.ops.some((op) => op.kind === 'define-name')) {
    workbookNames.load('items/name');
    names = workbookNames;
    any = true;
  }
  const sheetOps = batch.ops.some((op) => op.kind === 'ensure-sheet' || op.kind === 'delete-sheet' || op.kind === 'expect-missing' || op.kind === 'expect' || op.kind === 'append');
  let tabs: Excel.WorksheetCollection | undefined;
  if (sheetOps) {
    worksheets.load('items/name,items/position');
    tabs = worksheets;
    any = true;
  }
  // Expected cells: one range per sheet and column, from the first expected row to the last.
  const boxes: LoadedBox[] = [];
  const columns = new Map<string, { sheet: string; column: number; top: number; bottom: number }>();
  for (const op of batch.ops) {
    if (op.kind !== 'expect') continue;
    for (const cell of op.cells) {
      const at = parseCell(cell.at)!;
      const k = `${op.sheet.toLowerCase()}|${at.column}`;
      const c = columns.get(k);
      columns.set(k, c ? { ...c, top: Math.min(c.top, at.row), bottom: Math.max(c.bottom, at.row) } : { sheet: op.sheet, column: at.column, top: at.row, bottom: at.row });
    }
  }
  for (const c of columns.values()) {
    const range = worksheets.getItemOrNullObject(c.sheet).getRange(rangeAddress(c.top, c.column, c.bottom, c.column));
    range.load(['values', 'formulas']);
    boxes.push({ sheet: c.sheet.toLowerCase(), top: c.top, left: c.column, range });
    any = true;
  }
  // The Log's used range, for `append`.
  const used = new Map<string, Excel.Range>();
  for (const op of batch.ops) {
    if (op.kind !== 'append' || used.has(op.sheet.toLowerCase())) continue;
    const range = worksheets.getItemOrNullObject(op.sheet).getUsedRangeOrNullObject(true);
    range.load(['rowIndex', 'rowCount']);
    used.set(op.sheet.toLowerCase(), range);
    any = true;
  }
  // Number formats of cells about to get text Excel would convert, on sheets the batch does not clear first (a
  // clear resets the formats: the batch's own text formats are all there is then).
  const formats: LoadedBox[] = [];
  const fresh = new Set<string>();
  for (const op of batch.ops) {
    if (op.kind === 'clear' && op.range === undefined) fresh.add(op.sheet.toLowerCase());
    if (op.kind !== 'write' || fresh.has(op.sheet.toLowerCase())) continue;
    if (!op.cells.some((row) => row.some((c) => typeof c === 'string' && excelText(c) !== c))) continue;
    const at = parseCell(op.at)!;
    const range = worksheets.getItemOrNullObject(op.sheet).getRange(rangeAddress(at.row, at.column, at.row + op.cells.length - 1, at.column + op.cells[0].length - 1));
    range.load('numberFormat');
    formats.push({ sheet: op.sheet.toLowerCase(), top: at.row, left: at.column, range });
    any = true;
  }
  const within = (list: LoadedBox[], sheet: string, row: number, column: number, read: (b: LoadedBox) => unknown[][]) => {
    for (const b of list) {
      if (b.sheet !== sheet.toLowerCase()) continue;
      const v = read(b)[row - b.top]?.[column - b.left];
      if (v !== undefined) return v;
    }
    return undefined;
  };
  return {
    any,
    tabs,
    names,
    cell: (sheet, row, column) => {
      const value = cellValue(within(boxes, sheet, row, column, (b) => b.range.values));
      const f = within(boxes, sheet, row, column, (b) => b.range.formulas);
      // As readFormulas: a formula starts with "=" and differs from its value (a quoted "=" text reads the same).
      return typeof f === 'string' && f.startsWith('=') && f !== value ? { value, formula: f } : { value };
    },
    lastRow: (sheet) => {
      const r = used.get(sheet.toLowerCase());
      return !r || r.isNullObject ? 0 : r.rowIndex + r.rowCount;
    },
    textFormatted: (sheet, row, column) => within(formats, sheet, row, column, (b) => b.range.numberFormat) === '@',
  };
}

