/// <reference types="office-js" />
/**
 * The Office.js `WorkbookAdapter`: a workbook open in Excel (desktop, Mac or the web), seen by the task pane.
 *
 * Reads take one `Excel.run` with one `context.sync` each (load what is needed, sync once, read).
 *
 * `apply(batch)` writes a whole confirmed batch in ONE `Excel.run`, following Excel's documented rules:
 *  - compare, then write: the first `context.sync` reads what the batch expects (its `expect` cells, the sheet list
 *    for `expect-missing`, the Log's used range for `append`, the number format of cells about to get text) and the
 *    batch is refused with a `WorkbookConflict` naming the cells, before anything is queued, when the workbook changed;
 *  - `delayForCellEdit`: a write waits while the director is still typing in a cell instead of failing
 *    (https://learn.microsoft.com/javascript/api/excel/excel.runoptions, "delayForCellEdit");
 *  - one undo step only where Excel can give one: `mergeUndoGroup` exists from ExcelApi 1.20
 *    (https://learn.microsoft.com/javascript/api/requirement-sets/excel/excel-api-1-20-requirement-set), and inside
 *    such a group an API without undo support throws `UndoNotSupported`
 *    (https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-undo-capabilities, "Undo grouping" and
 *    "Unsupported APIs"): deleting a sheet cannot be undone, so a batch that deletes or moves sheets runs without
 *    grouping, and an `UndoNotSupported` met before anything was written is retried without grouping;
 *  - Excel on the web refuses a request over 5 MB ("Payload size limit best practices",
 *    https://learn.microsoft.com/office/dev/add-ins/excel/performance; limited to the web:
 *    https://github.com/OfficeDev/office-js-docs-pr/pull/5333): the writes are queued in requests of at most
 *    `REQUEST_LIMIT` bytes, a `context.sync` each, big rectangles cut into bands of rows;
 *  - names (`define-name`): the workbook's names are read in the first sync, then each is deleted and added again;
 *  - all-or-nothing as far as Tengen can ensure: every op is checked (`planBatch`, `validateBatch`) BEFORE anything
 *    is queued; but Excel does not take back the requests of a sync it ran before one it refused, so after a failed
 *    write the adapter reads the cells again and says what the workbook actually holds (`WriteFailed`), rather than
 *    claiming nothing was written.
 */
import type { CellFormat, CellInput, CellValue, PrintSettings, WorkbookAdapter, WorkbookBatch, WorkbookOp } from '../src/workbook/adapters/adapter';
import { cellAddress as a1, parseCell } from '../src/workbook/cells/address';
import { expectationConflicts, formulaBody, WorkbookConflict, type FoundCell } from '../src/workbook/adapters/batch';
import { isFormulaInput, spilledBy } from '../src/workbook/adapters/adapter';
import { cellAddress, columnLetter, columnNumber, MAX_COLUMNS, MAX_ROWS, parseRange, parseRowSpan, rangeAddress, sheetNameProblem } from '../src/workbook/cells/address';
import { BatchError as SharedBatchError, validateBatch } from '../src/workbook/adapters/batch';
import { absoluteReference } from '../src/workbook/formulas/names';

/**
 * The most `context.sync` calls one `apply` makes for a batch under `REQUEST_LIMIT`: one to read what the batch
 * expects (skipped when there is nothing to read), one to write.
 */
export const MAX_APPLY_SYNCS = 2;

/** The most bytes of writes queued for one `context.sync`: under Excel on the web's 5 MB, with room for the envelope. */
export const REQUEST_LIMIT = 4 * 1024 * 1024;

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
    // "Determines whether the batch requests should be merged to one undo group … [Api set: ExcelApi 1.20]"
    // (Excel.RunOptions reference): asked only where the requirement set is there.
    supportsMergeUndoGroup: () => Office.context.requirements.isSetSupported('ExcelApi', '1.20'),
  };
}

/** An edit seen in the workbook (not one this add-in made): the pane marks itself stale. */
export interface WorkbookChange {
  readonly sheet: string;
  /** A1 address of the changed cells. */
  readonly address: string;
  /** Made by another person co-authoring the workbook. */
  readonly remote: boolean;
}

/**
 * A write Excel refused part-way. Excel keeps what earlier syncs wrote, so this says what the workbook holds now,
 * as read again after the failure: how many of the batch's cells hold the new values, and which do not.
 */
export class WriteFailed extends Error {
  constructor(
    readonly batchLabel: string,
    readonly reason: unknown,
    readonly written: number,
    readonly total: number,
    readonly notWritten: readonly string[],
  ) {
    const why = reason instanceof Error ? reason.message : String(reason);
    const state =
      written === 0
        ? 'none of its cells were written'
        : written === total
          ? `all ${total} of its cells hold the new values`
          : `${written} of its ${total} cells hold the new values; not written: ${notWritten.slice(0, 12).join(', ')}${notWritten.length > 12 ? ', …' : ''}`;
    super(`Excel refused "${batchLabel}" (${why}); read again after the failure, ${state}: re-read the workbook and check before going on`);
    this.name = 'WriteFailed';
  }
}

function undoNotSupported(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return code === 'UndoNotSupported' || (e instanceof Error && /UndoNotSupported/.test(e.message));
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

  /** Set while `apply` runs: the change events of its own writes are not the director's edits. */
  private applying = 0;

  async apply(batch: WorkbookBatch): Promise<void> {
    // Worksheet.delete and moving a sheet are not undoable ("Unsupported APIs", excel-add-ins-undo-capabilities):
    // under mergeUndoGroup Excel throws UndoNotSupported, so such batches are not grouped at all.
    const movesSheets = batch.ops.some((op) => op.kind === 'delete-sheet' || (op.kind === 'ensure-sheet' && op.before !== undefined));
    const grouped = this.host.supportsMergeUndoGroup() && !movesSheets;
    this.applying++;
    try {
      const sent = { syncs: 0 };
      try {
        await this.applyOnce(batch, grouped, sent);
      } catch (e) {
        if (grouped && undoNotSupported(e) && sent.syncs === 0) {
          await this.applyOnce(batch, false, sent);
          return;
        }
        throw e;
      }
    } finally {
      this.applying--;
    }
  }

  /** One `Excel.run`: read what the batch expects, check it, then send the writes in requests under the limit. */
  private async applyOnce(batch: WorkbookBatch, grouped: boolean, sent: { syncs: number }): Promise<void> {
    const options: Excel.RunOptions = { delayForCellEdit: true, ...(grouped ? { mergeUndoGroup: true } : {}) };
    let writesBegun = false;
    try {
      await this.host.run(options, async (context) => {
        const worksheets = context.workbook.worksheets;
        const reads = queueReads(worksheets, batch, context.workbook.names);
        if (reads.any) {
          // Sync 1: what the batch expects, in the same Excel.run as the writes.
          await context.sync();
        }
        const tabs = reads.tabs ? inTabOrder(reads.tabs.items) : undefined;
        const exists = (name: string) => tabs?.some((t) => t.toLowerCase() === name.toLowerCase()) ?? true;
        const conflicts = expectationConflicts(batch, exists, (sheet, row, column) => reads.cell(sheet, row, column));
        if (conflicts.length > 0) throw new WorkbookConflict(batch.label, conflicts);
        const names: WorkbookNames | undefined = reads.names && { collection: reads.names, existing: new Set(reads.names.items.map((n) => n.name.toLowerCase())) };
        const plain = resolveBatch(batch, (sheet) => reads.lastRow(sheet));
        const plan = planBatch(plain, tabs, (sheet, row, column) => reads.textFormatted(sheet, row, column));
        writesBegun = true;
        for (const request of requests(plan)) {
          for (const step of request) queueOp(worksheets, step, names);
          await context.sync();
          sent.syncs++;
        }
      });
    } catch (e) {
      if (!writesBegun || e instanceof WorkbookConflict || (grouped && undoNotSupported(e) && sent.syncs === 0)) throw e;
      throw await this.afterFailure(batch, e);
    }
  }

  /** After a failed write: the batch's cells read again, compared with what it meant to write. */
  private async afterFailure(batch: WorkbookBatch, cause: unknown): Promise<WriteFailed> {
    const writes = batch.ops.filter((op): op is WorkbookOp & { kind: 'write' } => op.kind === 'write').slice(0, 200);
    try {
      const now = await this.host.run({}, async (context) => {
        const ranges = writes.map((op) => {
          const at = parseCell(op.at)!;
          const range = context.workbook.worksheets.getItem(op.sheet).getRange(rangeAddress(at.row, at.column, at.row + op.cells.length - 1, at.column + op.cells[0].length - 1));
          range.load(['values', 'formulas']);
          return range;
        });
        await context.sync();
        return ranges.map((r) => ({ values: r.values as unknown[][], formulas: r.formulas as unknown[][] }));
      });
      let written = 0;
      let total = 0;
      const notWritten: string[] = [];
      writes.forEach((op, i) => {
        const at = parseCell(op.at)!;
        op.cells.forEach((row, r) =>
          row.forEach((cell, c) => {
            total++;
            const value = cellValue(now[i].values[r]?.[c]);
            const formula = now[i].formulas[r]?.[c];
            const same = isFormulaInput(cell) ? typeof formula === 'string' && formulaBody(formula) === formulaBody(cell.formula) : (cell ?? null) === value;
            if (same) written++;
            else notWritten.push(`${op.sheet}!${a1(at.row + r, at.column + c)}`);
          }),
        );
      });
      return new WriteFailed(batch.label, cause, written, total, notWritten);
    } catch {
      // Not even readable now: say so rather than guess.
      return new WriteFailed(batch.label, cause, 0, 0, ['(the workbook could not be read again: check it by hand)']);
    }
  }

  /**
   * Calls `onChange` for every edit of these sheets not made by this add-in (the director typing, another person
   * co-authoring), so the pane can mark itself stale. Worksheet.onChanged ("Work with events using the Excel
   * JavaScript API", https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-events; ExcelApi 1.7);
   * `triggerSource` "ThisLocalAddin" marks this add-in's own writes (Excel.EventTriggerSource, ExcelApi 1.14), and
   * events during `apply` are ignored too where that is missing. Resolves to a function that removes the handlers.
   */
  async watch(sheets: readonly string[], onChange: (change: WorkbookChange) => void): Promise<() => Promise<void>> {
    return this.host.run({}, async (context) => {
      const worksheets = context.workbook.worksheets;
      worksheets.load('items/name,items/position');
      await context.sync();
      const present = worksheets.items.filter((w) => sheets.some((s) => s.toLowerCase() === w.name.toLowerCase()));
      const handlers = present.map((w) =>
        worksheets.getItem(w.name).onChanged.add(async (e: Excel.WorksheetChangedEventArgs) => {
          if (e.triggerSource === 'ThisLocalAddin' || (this.applying > 0 && e.source !== 'Remote')) return;
          onChange({ sheet: w.name, address: e.address, remote: e.source === 'Remote' });
        }),
      );
      await context.sync();
      return async () => {
        if (handlers.length === 0) return;
        // Handlers are removed through the context they were added in (OfficeExtension.EventHandlerResult.remove).
        const own = handlers[0].context;
        for (const h of handlers) h.remove();
        await own.sync();
      };
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Reading what a batch expects, in the first sync of its Excel.run.

interface Reads {
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

function queueReads(worksheets: Excel.WorksheetCollection, batch: WorkbookBatch, workbookNames: Excel.NamedItemCollection): Reads {
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

/**
 * The batch as plain writes Excel knows: `append` placed below the sheet's last row as read (and below rows the
 * batch writes there first), `expect` and `cached-values` dropped (checked already; Excel recalculates formulas).
 */
function resolveBatch(batch: WorkbookBatch, lastRow: (sheet: string) => number): WorkbookBatch {
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

/** Rough size of what queuing a step sends: the cells' JSON, plus an envelope per range and property. */
function stepBytes(step: Step): number {
  const op = step.op;
  if (op.kind === 'write') return JSON.stringify(op.cells).length + 128;
  if (op.kind === 'format') return 128 * Math.max(1, Object.keys(op.format).length);
  if (op.kind === 'column-widths') return 128 * op.widths.length;
  return 128;
}

/**
 * The steps in requests of at most `REQUEST_LIMIT` bytes, in order; a write bigger than a request is cut into bands of
 * rows (each band its own range).
 */
function requests(plan: readonly Step[]): Step[][] {
  const out: Step[][] = [];
  let current: Step[] = [];
  let bytes = 0;
  const push = (step: Step) => {
    const size = stepBytes(step);
    if (current.length > 0 && bytes + size > REQUEST_LIMIT) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(step);
    bytes += size;
  };
  for (const step of plan) {
    const op = step.op;
    if (op.kind !== 'write' || stepBytes(step) <= REQUEST_LIMIT / 4) {
      push(step);
      continue;
    }
    const box = (step as { box: Box }).box;
    const textCell = (step as { textCell?: (r: number, c: number) => boolean }).textCell;
    const spilled = spilledBy(op.cells);
    let first = 0;
    while (first < op.cells.length) {
      let last = first;
      let size = JSON.stringify(op.cells[first]).length;
      while (last + 1 < op.cells.length && size + JSON.stringify(op.cells[last + 1]).length < REQUEST_LIMIT / 4) size += JSON.stringify(op.cells[++last]).length;
      const from = first;
      push({
        op: { ...op, at: a1(box.row + from + 1, box.column + 1), cells: op.cells.slice(from, last + 1) },
        box: { ...box, row: box.row + from, rows: last - from + 1 },
        textCell: textCell && ((r: number, c: number) => textCell(r + from, c)),
        // A band keeps knowing which of its cells a formula of the whole write spills into (left to Excel).
        spilled: (r: number, c: number) => spilled(r + from, c),
      });
      first = last + 1;
    }
  }
  if (current.length > 0) out.push(current);
  return out;
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
      /** For a band of a bigger write: whether a cell is spilled into by a formula of the whole write. */
      readonly spilled?: (row: number, column: number) => boolean;
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
  // PageLayout.paperSize, Excel.PaperType "A4" / "Letter" (ExcelApi 1.9, learn.microsoft.com/javascript/api/excel/excel.pagelayout).
  if (settings.paperSize !== undefined) layout.paperSize = settings.paperSize === 'Letter' ? 'Letter' : 'A4';
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

/** The workbook's names, read in the first sync when a batch defines names. */
interface WorkbookNames {
  readonly collection: Excel.NamedItemCollection;
  /** Lower-cased: Excel's names are case-insensitive. */
  readonly existing: Set<string>;
}

function queueOp(worksheets: Excel.WorksheetCollection, step: Step, names?: WorkbookNames): void {
  const op = step.op;
  switch (op.kind) {
    case 'ensure-sheet': {
      if (!('create' in step) || !step.create) return;
      const added = worksheets.add(op.sheet);
      if (step.position !== undefined) added.position = step.position;
      // Worksheet.visibility, ExcelApi 1.1 (learn.microsoft.com/javascript/api/excel/excel.worksheet#excel-excel-worksheet-visibility-member).
      if (op.hidden) added.visibility = 'Hidden';
      return;
    }
    case 'delete-sheet':
      if ('exists' in step && step.exists) worksheets.getItem(op.sheet).delete();
      return;
    default:
      break;
  }
  if (op.kind === 'define-name') {
    // A name is redefined by deleting it and adding it again: NamedItem.delete() and NamedItemCollection.add(name,
    // reference) (ExcelApi 1.4; learn.microsoft.com/javascript/api/excel/excel.nameditem#excel-excel-nameditem-delete-member(1),
    // …/excel.nameditemcollection#excel-excel-nameditemcollection-add-member(1)). Formulas that read the name
    // keep its text and read the new range.
    if (!names) throw new Error('internal: the workbook names were not read');
    const key = op.name.toLowerCase();
    if (names.existing.has(key)) names.collection.getItem(op.name).delete();
    names.collection.add(op.name, `=${absoluteReference(op.sheet, op.range)}`);
    names.existing.add(key);
    return;
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
      // The cells a formula of this write spills into are left empty for Excel to fill: a value there would block
      // the spill (#SPILL!, "Dynamic array formulas and spilled array behavior", Microsoft Support).
      const spilled = ('spilled' in step && step.spilled) || spilledBy(op.cells);
      const cells = op.cells.map((row, r) => row.map((cell, c) => excelCell(spilled(r, c) ? null : cell, textCell?.(r, c) ?? false)));
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
