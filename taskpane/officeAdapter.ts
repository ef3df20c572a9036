/// <reference types="office-js" />
/**
 * The Office.js `WorkbookAdapter`: a workbook open in Excel (desktop, Mac or the web), seen by the task pane.
 *
 * Reads take one `Excel.run` with one `context.sync` each (load what is needed, sync once, read).
 *
 * `apply(batch)` writes a whole confirmed batch in ONE `Excel.run`:
 *  - merged into one undo group (`Excel.run({ mergeUndoGroup: true })`, ExcelApi 1.20) when the host supports it, so
 *    one Ctrl+Z takes back the whole batch ("writes … in one batch that can be undone", DEVELOPERS.md); on older
 *    hosts every op still goes out in the same final sync;
 *  - with at most TWO `context.sync` calls, whatever the size of the batch: one to read the sheet list (only when
 *    the batch creates or deletes sheets), one to send every write. `MAX_APPLY_SYNCS` states the bound.
 *  - all-or-nothing as far as Tengen can ensure: every op is checked (sheet exists or is created earlier in the batch,
 *    addresses, rectangular rows, and what every adapter checks: cell values, colours, font sizes — `validateBatch`)
 *    BEFORE anything is queued, and a bad op is reported by its index and kind with nothing written. Excel does not
 *    take back the requests of a sync it ran before one it refused, so nothing may be left for Excel to refuse.
 */
import type { CellFormat, CellInput, CellValue, PrintSettings, WorkbookAdapter, WorkbookBatch, WorkbookOp } from '../src/workbook/adapter';
import { isFormulaInput } from '../src/workbook/adapter';
import { cellAddress, columnLetter, columnNumber, MAX_COLUMNS, MAX_ROWS, parseRange, parseRowSpan, rangeAddress, sheetNameProblem } from '../src/workbook/address';
import { BatchError as SharedBatchError, validateBatch } from '../src/workbook/batch';

/** The most `context.sync` calls one `apply` makes. */
export const MAX_APPLY_SYNCS = 2;

/** What the adapter needs from Office.js; tests pass a mock. */
export interface ExcelHost {
  run<T>(options: Excel.RunOptions, batch: (context: Excel.RequestContext) => Promise<T>): Promise<T>;
  /** Whether `Excel.run` accepts `mergeUndoGroup` (ExcelApi 1.20). */
  supportsMergeUndoGroup(): boolean;
}

/** The real host: `Excel.run` and the requirement-set check of Office.js. */
export function officeHost(): ExcelHost {
  return {
    run: (options, batch) => Excel.run(options, batch),
    supportsMergeUndoGroup: () => Office.context.requirements.isSetSupported('ExcelApi', '1.20'),
  };
}

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

export class OfficeWorkbook implements WorkbookAdapter {
  constructor(private readonly host: ExcelHost = officeHost()) {}

  async sheetNames(): Promise<string[]> {
    return this.host.run({}, async (context) => {
      const sheets = context.workbook.worksheets;
      sheets.load('items/name,items/position');
      await context.sync();
      return inTabOrder(sheets.items);
    });
  }

  async readSheet(sheet: string): Promise<CellValue[][] | null> {
    const read = await this.readUsed(sheet, false);
    if (!read) return null;
    return read.values.map((row) => row.map(cellValue));
  }

  async readFormulas(sheet: string): Promise<(string | null)[][] | null> {
    const read = await this.readUsed(sheet, true);
    if (!read) return null;
    // A formula starts with "=" and differs from its value; text that merely starts with "=" (the grid's jigo, written
    // with the quote prefix) reads the same through both.
    return read.formulas.map((row, r) => row.map((f, c) => (typeof f === 'string' && f.startsWith('=') && f !== read.values[r][c] ? f : null)));
  }

  /** The used range's values (and formulas), padded to start at A1; one load, one sync. */
  private async readUsed(sheet: string, withFormulas: boolean): Promise<{ values: unknown[][]; formulas: unknown[][] } | null> {
    return this.host.run({}, async (context) => {
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

  async apply(batch: WorkbookBatch): Promise<void> {
    const mergeUndoGroup = this.host.supportsMergeUndoGroup();
    const options: Excel.RunOptions = mergeUndoGroup ? { mergeUndoGroup: true } : {};
    await this.host.run(options, async (context) => {
      const worksheets = context.workbook.worksheets;
      const changesSheets = batch.ops.some((op) => op.kind === 'ensure-sheet' || op.kind === 'delete-sheet');
      let tabs: string[] | undefined;
      if (changesSheets) {
        // Sync 1 of 2: which sheets exist, in tab order.
        worksheets.load('items/name,items/position');
        await context.sync();
        tabs = inTabOrder(worksheets.items);
      }
      const plan = planBatch(batch, tabs);
      for (const step of plan) queueOp(worksheets, step);
      // Sync 2 of 2 (the only one when no sheet is created or deleted): every write at once.
      await context.sync();
    });
  }
}

function inTabOrder(items: readonly { name: string; position: number }[]): string[] {
  return [...items].sort((a, b) => a.position - b.position).map((s) => s.name);
}

/** Excel reports an empty cell as ''. */
function cellValue(v: unknown): CellValue {
  if (v === '' || v === undefined || v === null) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return String(v);
}

// ---------------------------------------------------------------------------------------------------------------
// Planning: every op checked against a simulation of the sheet list before anything is queued.

interface Box {
  readonly row: number; // 0-based
  readonly column: number; // 0-based
  readonly rows: number;
  readonly columns: number;
}

type Step =
  | { readonly op: WorkbookOp & { kind: 'ensure-sheet' }; readonly create: boolean; readonly position?: number }
  | { readonly op: WorkbookOp & { kind: 'delete-sheet' }; readonly exists: boolean }
  | {
      readonly op: Exclude<WorkbookOp, { kind: 'ensure-sheet' } | { kind: 'delete-sheet' }>;
      readonly box?: Box;
      /** For a write: whether a cell (0-based inside the write) is formatted as text (`@`) earlier in the batch. */
      readonly textCell?: (row: number, column: number) => boolean;
    };

function overlaps(a: Box, b: Box): boolean {
  return a.row < b.row + b.rows && b.row < a.row + a.rows && a.column < b.column + b.columns && b.column < a.column + a.columns;
}

function inside(box: Box, row: number, column: number): boolean {
  return row >= box.row && row < box.row + box.rows && column >= box.column && column < box.column + box.columns;
}

/** `B3` or `A1:Q40` → a 0-based box; undefined when it is not an A1 address inside the sheet. */
function boxOf(address: string): Box | undefined {
  const r = parseRange(address);
  return r && { row: r.top - 1, column: r.left - 1, rows: r.bottom - r.top + 1, columns: r.right - r.left + 1 };
}

function boxAddress(box: Box): string {
  if (box.rows === 1 && box.columns === 1) return cellAddress(box.row + 1, box.column + 1);
  return rangeAddress(box.row + 1, box.column + 1, box.row + box.rows, box.column + box.columns);
}

/**
 * Checks every op and decides what to queue. `tabs` is the current sheet list (read only when the batch creates or
 * deletes sheets; otherwise every sheet an op names must exist, which Excel checks in the one sync).
 */
export function planBatch(batch: WorkbookBatch, tabs: readonly string[] | undefined): Step[] {
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
        const textCell = text.length === 0 ? undefined : (r: number, c: number) => text.some((b) => inside(b, box.row + r, box.column + c));
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

// ---------------------------------------------------------------------------------------------------------------
// Queuing: Office.js proxies only, nothing is sent until the final sync.

/** Excel column width in points for a width in characters (7 px per character of the default font + 5 px padding). */
function pointsForCharacters(chars: number): number {
  return Math.round((chars * 7 + 5) * 0.75 * 100) / 100;
}

function fill<T>(box: Box, value: T): T[][] {
  return Array.from({ length: box.rows }, () => new Array<T>(box.columns).fill(value));
}

/**
 * Text Excel would not keep as text when written through `values`/`formulas` — a formula (`=`, and `+`, `-`, `@` as
 * Lotus-style formula starts: the grid's jigo `=`, handicap `+2`, result `-!`), a number, date, time, percentage or
 * currency (`007`, `1/2`, `5d` is safe but costs nothing), a boolean or an error literal — is written with Excel's
 * quote prefix (`'`), which Excel stores as a flag, not as part of the text: the cell reads back exactly as given.
 * Cells the same batch formats as text (`@`) before writing them are written as they are: Excel keeps them as typed.
 */
export function excelText(text: string): string {
  if (/^[=+\-@'#]/.test(text) || /^\s*[$€£]?\s*[-+]?\.?\d/.test(text) || /^\s*(true|false)\s*$/i.test(text)) return `'${text}`;
  return text;
}

function excelCell(cell: CellInput, textFormatted: boolean): string | number | boolean {
  if (isFormulaInput(cell)) return cell.formula;
  if (cell === null) return '';
  return typeof cell === 'string' && !textFormatted ? excelText(cell) : cell;
}

function queueFormat(worksheet: Excel.Worksheet, box: Box, format: CellFormat): void {
  const range = worksheet.getRange(boxAddress(box));
  if (format.bold !== undefined) range.format.font.bold = format.bold;
  if (format.italic !== undefined) range.format.font.italic = format.italic;
  if (format.fontColor !== undefined) range.format.font.color = format.fontColor;
  if (format.fontSize !== undefined) range.format.font.size = format.fontSize;
  // RangeFormat.rowHeight, in points (ExcelApi 1.1).
  if (format.rowHeight !== undefined) range.format.rowHeight = format.rowHeight;
  if (format.fill !== undefined) range.format.fill.color = format.fill;
  if (format.horizontalAlignment !== undefined) {
    range.format.horizontalAlignment = ({ left: 'Left', center: 'Center', right: 'Right' } as const)[format.horizontalAlignment];
  }
  if (format.wrap !== undefined) range.format.wrapText = format.wrap;
  if (format.numberFormat !== undefined) range.numberFormat = fill(box, format.numberFormat);
  if (format.border) {
    const edges: ('EdgeTop' | 'EdgeBottom' | 'EdgeLeft' | 'EdgeRight' | 'InsideHorizontal' | 'InsideVertical')[] = ['EdgeTop', 'EdgeBottom', 'EdgeLeft', 'EdgeRight'];
    if (box.rows > 1) edges.push('InsideHorizontal');
    if (box.columns > 1) edges.push('InsideVertical');
    for (const edge of edges) range.format.borders.getItem(edge).style = 'Continuous';
  }
}

function queuePrint(worksheet: Excel.Worksheet, settings: PrintSettings): void {
  const layout = worksheet.pageLayout;
  if (settings.printArea !== undefined) layout.setPrintArea(settings.printArea);
  if (settings.repeatRows !== undefined) layout.setPrintTitleRows(settings.repeatRows.replace(/^\$?(\d+):\$?(\d+)$/, '$$$1:$$$2'));
  if (settings.orientation !== undefined) layout.orientation = settings.orientation === 'landscape' ? 'Landscape' : 'Portrait';
  if (settings.fitToWidth) layout.zoom = { horizontalFitToPages: 1 };
  // PageLayoutZoomOptions.scale, 10–400, "null if fit to page tall or wide is specified" (ExcelApi 1.9,
  // learn.microsoft.com/javascript/api/excel/excel.pagelayoutzoomoptions).
  if (settings.scale !== undefined) layout.zoom = { scale: settings.scale };
  if (settings.rowBreaks !== undefined) {
    // A rewritten sheet keeps its old manual breaks (clearing cells does not remove them): remove them first
    // (PageBreakCollection.removePageBreaks, ExcelApi 1.9).
    worksheet.horizontalPageBreaks.removePageBreaks();
    for (const row of settings.rowBreaks) worksheet.horizontalPageBreaks.add(`A${row}`);
  }
}

function queueOp(worksheets: Excel.WorksheetCollection, step: Step): void {
  const op = step.op;
  switch (op.kind) {
    case 'ensure-sheet': {
      if (!('create' in step) || !step.create) return;
      const added = worksheets.add(op.sheet);
      if (step.position !== undefined) added.position = step.position;
      return;
    }
    case 'delete-sheet':
      if ('exists' in step && step.exists) worksheets.getItem(op.sheet).delete();
      return;
    default:
      break;
  }
  const worksheet = worksheets.getItem(op.sheet);
  const box = 'box' in step ? step.box : undefined;
  switch (op.kind) {
    case 'clear':
      (box ? worksheet.getRange(boxAddress(box)) : worksheet.getRange()).clear('All');
      return;
    case 'write': {
      const range = worksheet.getRange(boxAddress(box!));
      const textCell = 'textCell' in step ? step.textCell : undefined;
      const cells = op.cells.map((row, r) => row.map((cell, c) => excelCell(cell, textCell?.(r, c) ?? false)));
      // Formulas and constants go in together through `formulas` (a constant there is written as itself).
      if (op.cells.some((row) => row.some(isFormulaInput))) range.formulas = cells;
      else range.values = cells;
      return;
    }
    case 'format':
      queueFormat(worksheet, box!, op.format);
      return;
    case 'merge':
      worksheet.getRange(boxAddress(box!)).merge(false);
      return;
    case 'column-widths':
      op.widths.forEach((w, i) => {
        worksheet.getRange(`${columnLetter(box!.column + i + 1)}:${columnLetter(box!.column + i + 1)}`).format.columnWidth = pointsForCharacters(w);
      });
      return;
    case 'freeze':
      worksheet.freezePanes.unfreeze();
      if (op.rows > 0 && op.columns > 0) worksheet.freezePanes.freezeAt(worksheet.getRangeByIndexes(0, 0, op.rows, op.columns));
      else if (op.rows > 0) worksheet.freezePanes.freezeRows(op.rows);
      else if (op.columns > 0) worksheet.freezePanes.freezeColumns(op.columns);
      return;
    case 'print':
      queuePrint(worksheet, op.settings);
      return;
  }
}
