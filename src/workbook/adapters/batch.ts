/**
 * Checking a batch before anything is written, so an adapter can apply it all or not at all: every op's sheet name,
 * addresses, shapes and values, in order (a sheet created by an earlier op of the batch counts as existing). Shared
 * by every adapter (`.xlsx`, in memory, Office.js).
 */
import { isFormulaInput, type CellInput, type CellValue, type ExpectedCell, type WorkbookBatch, type WorkbookOp } from './adapter';
import { cellAddress, columnNumber, MAX_COLUMNS, MAX_ROWS, parseCell, parseRange, parseRowSpan, quoteSheet, sheetNameProblem } from '../cells/address';
import { definedNameProblem } from '../formulas/names';

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

/** Anything but white space (as `trim` removes it), searched from `lastIndex`. */
const NOT_BLANK = /\S/g;

/** Whether a formula's text is empty but for a leading "=" and white space (read without copying the text: issue 28). */
function blankFormula(formula: string): boolean {
  NOT_BLANK.lastIndex = formula.charCodeAt(0) === 61 ? 1 : 0;
  return !NOT_BLANK.test(formula);
}

function cellProblem(cell: CellInput): string | undefined {
  if (cell === null || typeof cell === 'string' || typeof cell === 'boolean') return undefined;
  if (typeof cell === 'number') return Number.isFinite(cell) ? undefined : `${cell} is not a finite number`;
  if (typeof cell === 'object') {
    if (typeof cell.formula !== 'string' || blankFormula(cell.formula)) return 'a formula cell needs its formula text';
    if (cell.spill !== undefined) {
      const { rows, columns } = cell.spill;
      if (!(Number.isInteger(rows) && rows >= 1 && Number.isInteger(columns) && columns >= 1)) return `a spill of ${rows} × ${columns} cells is not a size`;
    }
    if (cell.value !== undefined) return cellProblem(cell.value);
    return undefined;
  }
  return `${String(cell)} is not a cell value`;
}

const range = (text: string) => (parseRange(text) ? undefined : `"${text}" is not an A1 range (e.g. A1:Q40)`);

function opProblem(op: WorkbookOp, sheets: Set<string>, nameProblems: Map<string, string | undefined>): string | undefined {
  if (!op || typeof op !== 'object' || typeof (op as { kind?: unknown }).kind !== 'string') return 'not an op';
  // A sheet name's problem depends on the name alone: found once a name, not once an op (a round's batch has some
  // 20,000 ops on a dozen sheets; issue 28).
  const name = op.sheet ?? '';
  let named = nameProblems.get(name);
  if (named === undefined && !nameProblems.has(name)) nameProblems.set(name, (named = sheetNameProblem(name)));
  if (named) return named;
  const exists = sheets.has(op.sheet);
  switch (op.kind) {
    case 'ensure-sheet':
      if (op.before !== undefined && !sheets.has(op.before)) return `sheet "${op.before}" (to insert before) does not exist`;
      sheets.add(op.sheet);
      return undefined;
    case 'delete-sheet':
      sheets.delete(op.sheet);
      return undefined;
    case 'expect-missing':
      return exists ? `sheet "${op.sheet}" already exists` : undefined;
    default:
      if (!exists) return `sheet "${op.sheet}" does not exist (create it with ensure-sheet first)`;
  }
  switch (op.kind) {
    case 'clear':
      return op.range === undefined ? undefined : range(op.range);
    case 'expect': {
      if (!Array.isArray(op.cells)) return 'cells must be a list of { at, value }';
      for (const c of op.cells) {
        if (!c || !parseCell(c.at)) return `"${c?.at}" is not a cell address`;
        const p = cellProblem(c.value) ?? (c.formula === undefined ? undefined : cellProblem({ formula: c.formula }));
        if (p) return `expected ${c.at}: ${p}`;
      }
      return undefined;
    }
    case 'cached-values':
    case 'append':
    case 'write': {
      const at = op.kind === 'append' ? { row: 1, column: 1 } : parseCell(op.at);
      if (!at) return `"${(op as { at: string }).at}" is not a cell address`;
      const cells = op.kind === 'cached-values' ? op.values : op.cells;
      if (!Array.isArray(cells)) return 'cells must be rows of cells';
      const width = cells[0]?.length ?? 0;
      for (let i = 0; i < cells.length; i++) {
        const row = cells[i];
        if (!Array.isArray(row) || row.length !== width) return `row ${i + 1} of the cells has ${Array.isArray(row) ? row.length : 'no'} cells, the first row ${width}: every row must have the same length`;
        for (let j = 0; j < row.length; j++) {
          const cell = row[j];
          // Most cells are text or blank: nothing to check (a congress workbook writes some 150,000 cells; issue 28).
          if (cell === null || typeof cell === 'string' || (typeof cell === 'number' && Number.isFinite(cell))) continue;
          const p = cellProblem(cell);
          if (p) return `cell ${i + 1},${j + 1} of the rectangle: ${p}`;
          // The spill's cached values come with the formula (adapter.ts, CellInput): its whole array is in the op.
          if (isFormulaInput(cell) && cell.spill && (i + cell.spill.rows > cells.length || j + cell.spill.columns > width)) {
            return `cell ${i + 1},${j + 1} of the rectangle spills ${cell.spill.rows} × ${cell.spill.columns} cells, beyond the rectangle written: write the whole spill with its formula`;
          }
        }
      }
      if (at.row + cells.length - 1 > MAX_ROWS || at.column + width - 1 > MAX_COLUMNS) return 'the rectangle goes beyond the last row or column of a sheet';
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
    case 'define-name':
      return definedNameProblem(op.name) ?? range(op.range);
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
    case 'delete-images':
      return undefined;
    case 'image': {
      if (!parseCell(op.at)) return `"${op.at}" is not a cell address`;
      // Every PNG starts with its 8-byte signature (ISO/IEC 15948, 5.2), "iVBORw0KGgo" in base64.
      if (typeof op.png !== 'string' || !op.png.startsWith('iVBORw0KGgo') || !/^[A-Za-z0-9+/]+={0,2}$/.test(op.png)) return 'the picture is not a PNG in base64 (without a data: prefix)';
      const size = (n: number) => typeof n === 'number' && n > 0 && n <= 2000;
      if (!size(op.width) || !size(op.height)) return `a picture of ${op.width} × ${op.height} points is not a size (1–2000 points a side)`;
      if (op.offset && !(op.offset.x >= 0 && op.offset.y >= 0 && op.offset.x <= 2000 && op.offset.y <= 2000)) return `offset ${op.offset.x}, ${op.offset.y} is not between 0 and 2000 points`;
      if (typeof op.name !== 'string' || op.name.trim() === '') return 'a picture needs a name (its alternative text)';
      return undefined;
    }
    default:
      return `unknown op kind "${(op as { kind: string }).kind}"`;
  }
}

/** Throws a `BatchError` naming the first op that cannot be applied to a workbook with these sheets. */
export function validateBatch(batch: WorkbookBatch, existingSheets: Iterable<string>): void {
  const sheets = new Set(existingSheets);
  // The Office.js adapter places pictures after the cells are written (their place is the cells' place then), and
  // deletes a sheet's pictures before placing any: a batch says the same, never a deletion after a picture.
  const pictured = new Set<string>();
  const nameProblems = new Map<string, string | undefined>();
  const ops = batch.ops;
  // A loop, not a closure called for each of a round's ~10,000 ops (issue 28); a hole skipped as `forEach` skips it.
  for (let i = 0; i < ops.length; i++) {
    if (!(i in ops)) continue;
    const op = ops[i];
    const problem = opProblem(op, sheets, nameProblems) ?? (op?.kind === 'delete-images' && pictured.has(op.sheet) ? 'the pictures of a sheet are deleted before any is placed on it, not after' : undefined);
    if (problem) throw new BatchError(batch.label, i, op, problem);
    if (op.kind === 'image') pictured.add(op.sheet);
  }
}

/** `=SUM(A1)` and `SUM(A1)` alike → `SUM(A1)` (ExcelJS stores formulas without "="; Office.js with it). */
export function formulaBody(formula: string): string {
  return formula.startsWith('=') ? formula.slice(1) : formula;
}

/**
 * `formulaBody(a) === formulaBody(b)`, without making either body (issue 28: a congress Grid's diff compares some
 * 40,000 formulas of 100–200 characters, each slice a string for the garbage collector).
 */
export function sameFormula(a: string, b: string): boolean {
  const ea = a.charCodeAt(0) === 61; // "="
  const eb = b.charCodeAt(0) === 61;
  if (ea === eb) return a === b;
  return ea ? a.length === b.length + 1 && a.startsWith(b, 1) : b.length === a.length + 1 && b.startsWith(a, 1);
}

// ---------------------------------------------------------------------------------------------------------------
// Compare-and-write: what every adapter checks before writing anything.

/** A cell as an adapter finds it at apply time. */
export interface FoundCell {
  readonly value: CellValue;
  /** With "=", when the cell holds a formula. */
  readonly formula?: string;
}

/** One cell that is not what the batch expected. */
export interface CellConflict {
  readonly sheet: string;
  readonly at: string;
  readonly expected: ExpectedCell | 'no sheet';
  readonly found: FoundCell | 'sheet exists' | 'no sheet';
}

function sameValue(a: CellValue, b: CellValue): boolean {
  const blank = (v: CellValue) => v === null || v === '';
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  return a === b;
}

/** Whether a cell found at apply time is what the batch expected. */
export function matches(expected: ExpectedCell, found: FoundCell): boolean {
  if (expected.formula !== undefined) return found.formula !== undefined && sameFormula(found.formula, expected.formula);
  // A value expected: the value is compared (a director's own formula there giving the same value is no change).
  return sameValue(expected.value, found.value);
}

/**
 * The cells of a batch's `expect` and `expect-missing` ops that do not hold what the batch expected, read through
 * `find` (the adapter's own view of a cell; `undefined` for a cell of a missing sheet).
 */
export function expectationConflicts(batch: WorkbookBatch, sheetExists: (sheet: string) => boolean, find: (sheet: string, row: number, column: number) => FoundCell): CellConflict[] {
  const conflicts: CellConflict[] = [];
  for (const op of batch.ops) {
    if (op.kind === 'expect-missing') {
      if (sheetExists(op.sheet)) conflicts.push({ sheet: op.sheet, at: '', expected: 'no sheet', found: 'sheet exists' });
    } else if (op.kind === 'expect') {
      if (!sheetExists(op.sheet)) {
        if (op.cells.length > 0) conflicts.push({ sheet: op.sheet, at: '', expected: op.cells[0], found: 'no sheet' });
        continue;
      }
      for (const cell of op.cells) {
        const at = parseCell(cell.at)!;
        const found = find(op.sheet, at.row, at.column);
        if (!matches(cell, found)) conflicts.push({ sheet: op.sheet, at: cell.at, expected: cell, found });
      }
    }
  }
  if (conflicts.length === 0) return conflicts;
  // A cell that already holds what the batch writes there is no conflict: the same change was made since (by this
  // pane's previous batch, or by another pane), and writing it again loses nothing.
  const writes = writtenCells(batch, new Set(conflicts.map((c) => c.sheet)));
  return conflicts.filter((c) => {
    if (!c.at || typeof c.found !== 'object') return true;
    const w = writes.get(`${c.sheet}!${c.at}`);
    if (w === undefined) return true;
    return !(isFormulaInput(w) ? c.found.formula !== undefined && sameFormula(c.found.formula, w.formula) : c.found.formula === undefined && sameValue(w, c.found.value));
  });
}

/** The cells a batch's `write` ops put on these sheets, by `Sheet!A1` (the last write wins). */
function writtenCells(batch: WorkbookBatch, sheets: ReadonlySet<string>): Map<string, CellInput> {
  const out = new Map<string, CellInput>();
  for (const op of batch.ops) {
    if (op.kind !== 'write' || !sheets.has(op.sheet)) continue;
    const at = parseCell(op.at)!;
    op.cells.forEach((row, i) => row.forEach((c, j) => out.set(`${op.sheet}!${cellAddress(at.row + i, at.column + j)}`, c)));
  }
  return out;
}

/**
 * A batch refused because the workbook changed since it was prepared (the director typed in the sheet, or another
 * pane wrote): nothing was written. `cells` are `Sheet!A1` addresses (a sheet alone when it appeared or went).
 */
export class WorkbookConflict extends Error {
  readonly cells: readonly string[];
  constructor(
    readonly batchLabel: string,
    readonly conflicts: readonly CellConflict[],
  ) {
    super(conflictMessage(conflicts));
    this.name = 'WorkbookConflict';
    this.cells = conflicts.map((c) => (c.at ? `${quoteSheet(c.sheet)}!${c.at}` : quoteSheet(c.sheet)));
  }
}

/** "the Grid changed since you opened this step (cells H16, K22): re-read and check" — every sheet concerned named. */
export function conflictMessage(conflicts: readonly CellConflict[]): string {
  const bySheet = new Map<string, CellConflict[]>();
  for (const c of conflicts) bySheet.set(c.sheet, [...(bySheet.get(c.sheet) ?? []), c]);
  const parts = [...bySheet].map(([sheet, list]) => {
    const the = sheet === 'Grid' || sheet === 'Log' || sheet === 'Players' || sheet === 'Settings' || sheet === 'Standings' ? `the ${sheet}` : `sheet "${sheet}"`;
    if (list.some((c) => c.found === 'sheet exists')) return `${the} was created since you opened this step`;
    if (list.some((c) => c.found === 'no sheet')) return `${the} was deleted since you opened this step`;
    const cells = list.map((c) => c.at);
    return `${the} changed since you opened this step (cell${cells.length === 1 ? '' : 's'} ${cells.slice(0, 12).join(', ')}${cells.length > 12 ? `, … ${cells.length} in all` : ''})`;
  });
  return `${parts.join('; ')}: re-read and check (nothing was written)`;
}
