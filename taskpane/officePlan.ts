/// <reference types="office-js" />
/**
 * Planning a batch for Excel: every op checked against a simulation of the sheet list before anything is queued
 * (`planBatch`), and the batch resolved into the plain writes Excel knows (`resolveBatch`). No Office.js call here.
 */
import type { WorkbookBatch, WorkbookOp } from '../src/workbook/adapters/adapter';
import { cellAddress, columnNumber, MAX_COLUMNS, MAX_ROWS, parseCell, parseRange, parseRowSpan, rangeAddress, sheetNameProblem } from '../src/workbook/cells/address';
import { BatchError as SharedBatchError, validateBatch } from '../src/workbook/adapters/batch';

/** A batch op Tengen refused before writing anything. */
export class BatchError extends Error {
  constructor(
    readonly batch: string,
    readonly opIndex: number,
    readonly op: WorkbookOp,
    detail: string,
  ) {
    super(`"${batch}", step ${opIndex + 1} (${op.kind} on sheet "${op.sheet}"): ${detail}. Nothing was written.`);
    this.name = 'BatchError';
  }
}

/**
 * The batch as plain writes Excel knows: `append` placed below the sheet's last row as read (and below rows the
 * batch writes there first), `expect` and `cached-values` dropped (checked already; Excel recalculates formulas).
 */
export function resolveBatch(batch: WorkbookBatch, lastRow: (sheet: string) => number): WorkbookBatch {
  const below = new Map<string, number>();
  const ops: WorkbookOp[] = [];
  for (const op of batch.ops) {
    const key = op.sheet.toLowerCase();
    if (op.kind === 'expect' || op.kind === 'expect-missing' || op.kind === 'cached-values') continue;
    if (op.kind === 'append') {
      const row = Math.max(lastRow(op.sheet), below.get(key) ?? 0) + 1;
      ops.push({ kind: 'write', sheet: op.sheet, at: `A${row}`, cells: op.cells });
      below.set(key, row + op.cells.length - 1);
      continue;
    }
    if (op.kind === 'write') {
      const at = parseCell(op.at)!;
      below.set(key, Math.max(below.get(key) ?? 0, at.row + op.cells.length - 1));
    }
    if (op.kind === 'clear' && op.range === undefined) below.set(key, 0);
    ops.push(op);
  }
  return { label: batch.label, ops };
}


export interface Box {
  readonly row: number; // 0-based
  readonly column: number; // 0-based
  readonly rows: number;
  readonly columns: number;
}

export type Step =
  | { readonly op: WorkbookOp & { kind: 'ensure-sheet' }; readonly create: boolean; readonly position?: number }
  | { readonly op: WorkbookOp & { kind: 'delete-sheet' }; readonly exists: boolean }
  | {
      readonly op: Exclude<WorkbookOp, { kind: 'ensure-sheet' } | { kind: 'delete-sheet' }>;
      readonly box?: Box;
      /** For a write: whether a cell (0-based inside the write) is formatted as text (`@`) earlier in the batch. */
      readonly textCell?: (row: number, column: number) => boolean;
      /** For a band of a bigger write: whether a cell is spilled into by a formula of the whole write. */
      readonly spilled?: (row: number, column: number) => boolean;
    };

export function overlaps(a: Box, b: Box): boolean {
  return a.row < b.row + b.rows && b.row < a.row + a.rows && a.column < b.column + b.columns && b.column < a.column + a.columns;
}

export function inside(box: Box, row: number, column: number): boolean {
  return row >= box.row && row < box.row + box.rows && column >= box.column && column < box.column + box.columns;
}

/** `B3` or `A1:Q40` → a 0-based box; undefined when it is not an A1 address inside the sheet. */
export function boxOf(address: string): Box | undefined {
  const r = parseRange(address);
  return r && { row: r.top - 1, column: r.left - 1, rows: r.bottom - r.top + 1, columns: r.right - r.left + 1 };
}

export function boxAddress(box: Box): string {
  if (box.rows === 1 && box.columns === 1) return cellAddress(box.row + 1, box.column + 1);
  return rangeAddress(box.row + 1, box.column + 1, box.row + box.rows, box.column + box.columns);
}

/**
 * Checks every op and decides what to queue. `tabs` is the current sheet list (read only when the batch creates or
 * deletes sheets; otherwise every sheet an op names must exist, which Excel checks in the one sync).
 */
export function planBatch(batch: WorkbookBatch, tabs: readonly string[] | undefined, formattedAsText?: (sheet: string, row: number, column: number) => boolean): Step[] {
  const sheets = tabs ? [...tabs] : undefined;
  const known = (name: string) => sheets === undefined || sheets.some((s) => s.toLowerCase() === name.toLowerCase());
  const steps: Step[] = [];
  // Ranges this batch formats as text (`@`), per sheet: Excel keeps what is written there as typed, so those cells
  // need no quote prefix (the workbook's grid formats its colour and result cells so before writing them).
  const textBoxes = new Map<string, Box[]>();
  const textOf = (sheet: string) => textBoxes.get(sheet.toLowerCase()) ?? [];
  const setText = (sheet: string, boxes: Box[]) => textBoxes.set(sheet.toLowerCase(), boxes);
  batch.ops.forEach((op, i) => {
    const fail = (detail: string): never => {
      throw new BatchError(batch.label, i, op, detail);
    };
    const nameProblem = sheetNameProblem(op.sheet);
    if (nameProblem) fail(nameProblem);
    switch (op.kind) {
      case 'ensure-sheet': {
        if (!sheets) return fail('internal: the sheet list was not read');
        if (known(op.sheet)) {
          steps.push({ op, create: false });
          return;
        }
        let position: number | undefined;
        if (op.before !== undefined) {
          position = sheets.findIndex((s) => s.toLowerCase() === op.before!.toLowerCase());
          if (position < 0) fail(`cannot place it before "${op.before}", which does not exist`);
          sheets.splice(position, 0, op.sheet);
        } else {
          sheets.push(op.sheet);
        }
        steps.push({ op, create: true, position });
        return;
      }
      case 'delete-sheet': {
        if (!sheets) return fail('internal: the sheet list was not read');
        const at = sheets.findIndex((s) => s.toLowerCase() === op.sheet.toLowerCase());
        if (at >= 0 && sheets.length === 1) fail('a workbook keeps at least one sheet');
        if (at >= 0) sheets.splice(at, 1);
        steps.push({ op, exists: at >= 0 });
        return;
      }
      default:
        break;
    }
    if (!known(op.sheet)) fail('the sheet does not exist and the batch does not create it first');
    switch (op.kind) {
      case 'clear': {
        const box = op.range === undefined ? undefined : (boxOf(op.range) ?? fail(`"${op.range}" is not an A1 range`));
        setText(op.sheet, box ? textOf(op.sheet).filter((b) => !overlaps(b, box)) : []);
        steps.push({ op, box });
        return;
      }
      case 'write': {
        const at = boxOf(op.at) ?? fail(`"${op.at}" is not an A1 cell`);
        const columns = op.cells[0]?.length ?? 0;
        if (op.cells.length === 0 || columns === 0) fail('nothing to write (no cells)');
        op.cells.forEach((row, r) => {
          if (row.length !== columns) fail(`row ${r + 1} has ${row.length} cells, the first has ${columns}`);
        });
        if (at.row + op.cells.length > MAX_ROWS || at.column + columns > MAX_COLUMNS) fail('the cells go past the edge of the sheet');
        const box = { row: at.row, column: at.column, rows: op.cells.length, columns };
        const text = textOf(op.sheet).filter((b) => overlaps(b, box));
        // Text cells: formatted as text earlier in this batch, or (as read before writing) in the workbook already.
        const inWorkbook = formattedAsText && ((r: number, c: number) => formattedAsText(op.sheet, box.row + r + 1, box.column + c + 1));
        const textCell =
          text.length === 0 && !inWorkbook ? undefined : (r: number, c: number) => text.some((b) => inside(b, box.row + r, box.column + c)) || (inWorkbook?.(r, c) ?? false);
        steps.push({ op, box, textCell });
        return;
      }
      case 'format': {
        const box = boxOf(op.range) ?? fail(`"${op.range}" is not an A1 range`);
        if (op.format.numberFormat !== undefined) {
          const others = textOf(op.sheet).filter((b) => !overlaps(b, box));
          setText(op.sheet, op.format.numberFormat === '@' ? [...others, box] : others);
        }
        steps.push({ op, box });
        return;
      }
      case 'merge':
        steps.push({ op, box: boxOf(op.range) ?? fail(`"${op.range}" is not an A1 range`) });
        return;
      case 'define-name':
        steps.push({ op, box: boxOf(op.range) ?? fail(`"${op.range}" is not an A1 range`) });
        return;
      case 'column-widths': {
        const from = op.from === undefined ? 0 : (columnNumber(op.from) ?? fail(`"${op.from}" is not a column letter`)) - 1;
        if (op.widths.some((w) => !(w > 0 && w < 256))) fail('column widths are between 0 and 255 characters');
        steps.push({ op, box: { row: 0, column: from, rows: 1, columns: op.widths.length } });
        return;
      }
      case 'freeze':
        if (!(Number.isInteger(op.rows) && op.rows >= 0 && Number.isInteger(op.columns) && op.columns >= 0)) fail('rows and columns to freeze are whole numbers ≥ 0');
        steps.push({ op });
        return;
      case 'image':
        steps.push({ op, box: boxOf(op.at) ?? fail(`"${op.at}" is not an A1 cell`) });
        return;
      case 'delete-images':
        steps.push({ op });
        return;
      case 'print': {
        const p = op.settings;
        if (p.printArea !== undefined && !boxOf(p.printArea)) fail(`print area "${p.printArea}" is not an A1 range`);
        if (p.repeatRows !== undefined && !parseRowSpan(p.repeatRows)) fail(`repeated rows "${p.repeatRows}" should look like 4:5`);
        if (p.rowBreaks?.some((r) => !(Number.isInteger(r) && r > 1 && r <= MAX_ROWS))) fail('page breaks are row numbers from 2');
        if (p.scale !== undefined && !(Number.isInteger(p.scale) && p.scale >= 10 && p.scale <= 400)) fail('a print scale is a whole percentage from 10 to 400');
        steps.push({ op });
        return;
      }
    }
  });
  // What every adapter refuses (cell values, formula text, colours, font sizes…), checked by the shared validation.
  // The sheet list it is given holds every sheet the checks above accepted (Excel's names are case-insensitive; an
  // op's sheet exists by now, or the batch creates it first), so it adds only the checks this function leaves to it.
  const accepted = new Set(tabs ?? []);
  for (const op of batch.ops) {
    for (const name of op.kind === 'ensure-sheet' && op.before !== undefined ? [op.sheet, op.before] : [op.sheet]) {
      if (tabs === undefined || tabs.some((s) => s.toLowerCase() === name.toLowerCase())) accepted.add(name);
    }
  }
  try {
    validateBatch(batch, accepted);
  } catch (e) {
    if (e instanceof SharedBatchError) throw new BatchError(batch.label, e.opIndex, batch.ops[e.opIndex], e.problem);
    throw e;
  }
  return steps;
}
