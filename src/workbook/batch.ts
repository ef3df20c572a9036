/**
 * Checking a batch before anything is written, so an adapter can apply it all or not at all: every op's sheet name,
 * addresses, shapes and values, in order (a sheet created by an earlier op of the batch counts as existing). Shared
 * by every adapter (`.xlsx`, in memory, Office.js).
 */
import type { CellInput, WorkbookBatch, WorkbookOp } from './adapter';
import { columnNumber, MAX_COLUMNS, MAX_ROWS, parseCell, parseRange, parseRowSpan, sheetNameProblem } from './address';

/** A batch refused before anything was written: names the op (its position and kind) and what is wrong. */
export class BatchError extends Error {
  constructor(
    readonly batchLabel: string,
    readonly opIndex: number,
    readonly op: WorkbookOp | undefined,
    readonly problem: string,
  ) {
    super(`"${batchLabel}": op ${opIndex + 1} (${op?.kind ?? 'unknown'}${op && 'sheet' in op ? ` on ${op.sheet}` : ''}): ${problem}; nothing was written`);
    this.name = 'BatchError';
  }
}

function cellProblem(cell: CellInput): string | undefined {
  if (cell === null || typeof cell === 'string' || typeof cell === 'boolean') return undefined;
  if (typeof cell === 'number') return Number.isFinite(cell) ? undefined : `${cell} is not a finite number`;
  if (typeof cell === 'object') {
    if (typeof cell.formula !== 'string' || cell.formula.replace(/^=/, '').trim() === '') return 'a formula cell needs its formula text';
    if (cell.value !== undefined) return cellProblem(cell.value);
    return undefined;
  }
  return `${String(cell)} is not a cell value`;
}

function opProblem(op: WorkbookOp, sheets: Set<string>): string | undefined {
  if (!op || typeof op !== 'object' || typeof (op as { kind?: unknown }).kind !== 'string') return 'not an op';
  const named = sheetNameProblem(op.sheet ?? '');
  if (named) return named;
  const exists = sheets.has(op.sheet);
  const range = (text: string) => (parseRange(text) ? undefined : `"${text}" is not an A1 range (e.g. A1:Q40)`);
  switch (op.kind) {
    case 'ensure-sheet':
      if (op.before !== undefined && !sheets.has(op.before)) return `sheet "${op.before}" (to insert before) does not exist`;
      sheets.add(op.sheet);
      return undefined;
    case 'delete-sheet':
      sheets.delete(op.sheet);
      return undefined;
    default:
      if (!exists) return `sheet "${op.sheet}" does not exist (create it with ensure-sheet first)`;
  }
  switch (op.kind) {
    case 'clear':
      return op.range === undefined ? undefined : range(op.range);
    case 'write': {
      const at = parseCell(op.at);
      if (!at) return `"${op.at}" is not a cell address`;
      if (!Array.isArray(op.cells)) return 'cells must be rows of cells';
      const width = op.cells[0]?.length ?? 0;
      for (let i = 0; i < op.cells.length; i++) {
        const row = op.cells[i];
        if (!Array.isArray(row) || row.length !== width) return `row ${i + 1} of the cells has ${Array.isArray(row) ? row.length : 'no'} cells, the first row ${width}: every row must have the same length`;
        for (let j = 0; j < row.length; j++) {
          const p = cellProblem(row[j]);
          if (p) return `cell ${i + 1},${j + 1} of the rectangle: ${p}`;
        }
      }
      if (at.row + op.cells.length - 1 > MAX_ROWS || at.column + width - 1 > MAX_COLUMNS) return 'the rectangle goes beyond the last row or column of a sheet';
      return undefined;
    }
    case 'format': {
      const p = range(op.range);
      if (p) return p;
      for (const key of ['fill', 'fontColor'] as const) {
        const c = op.format[key];
        if (c !== undefined && !/^#[0-9A-Fa-f]{6}$/.test(c)) return `${key} "${c}" is not a colour #RRGGBB`;
      }
      if (op.format.fontSize !== undefined && !(op.format.fontSize > 0 && op.format.fontSize < 410)) return `font size ${op.format.fontSize} is not between 1 and 409`;
      if (op.format.rowHeight !== undefined && !(op.format.rowHeight > 0 && op.format.rowHeight <= 409)) return `row height ${op.format.rowHeight} is not between 0 and 409 points`;
      return undefined;
    }
    case 'merge':
      return range(op.range);
    case 'column-widths': {
      if (op.from !== undefined && columnNumber(op.from) === undefined) return `"${op.from}" is not a column letter`;
      const bad = op.widths.find((w) => !(typeof w === 'number' && w > 0 && w <= 255));
      return bad === undefined ? undefined : `width ${bad} is not between 0 and 255 characters`;
    }
    case 'freeze':
      if (!Number.isInteger(op.rows) || op.rows < 0 || !Number.isInteger(op.columns) || op.columns < 0) return `freeze needs whole numbers of rows and columns ≥ 0, not ${op.rows} and ${op.columns}`;
      return undefined;
    case 'print': {
      const s = op.settings;
      if (s.printArea !== undefined && range(s.printArea)) return `print area ${range(s.printArea)}`;
      if (s.repeatRows !== undefined && !parseRowSpan(s.repeatRows)) return `repeated rows "${s.repeatRows}" are not rows like 4:5`;
      const bad = (s.rowBreaks ?? []).find((r) => !Number.isInteger(r) || r < 2 || r > MAX_ROWS);
      if (bad !== undefined) return `row break ${bad} is not a row between 2 and ${MAX_ROWS}`;
      if (s.scale !== undefined && !(Number.isInteger(s.scale) && s.scale >= 10 && s.scale <= 400)) return `print scale ${s.scale} is not a whole percentage from 10 to 400`;
      if (s.scale !== undefined && s.fitToWidth) return 'a print scale and fit-to-width exclude each other';
      return undefined;
    }
    default:
      return `unknown op kind "${(op as { kind: string }).kind}"`;
  }
}

/** Throws a `BatchError` naming the first op that cannot be applied to a workbook with these sheets. */
export function validateBatch(batch: WorkbookBatch, existingSheets: Iterable<string>): void {
  const sheets = new Set(existingSheets);
  batch.ops.forEach((op, i) => {
    const problem = opProblem(op, sheets);
    if (problem) throw new BatchError(batch.label, i, op, problem);
  });
}

/** `=SUM(A1)` and `SUM(A1)` alike → `SUM(A1)` (ExcelJS stores formulas without "="; Office.js with it). */
export function formulaBody(formula: string): string {
  return formula.startsWith('=') ? formula.slice(1) : formula;
}
