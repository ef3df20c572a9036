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
 *
 * The parts, one concept a file: ./officeReads.ts (reading a sheet), ./officeExpectations.ts (what a batch expects,
 * read in its first sync), ./officePlan.ts (checking and resolving a batch), ./officeWrites.ts (queuing it in
 * requests under the limit), ./officeUndo.ts (undo grouping), ./officeEvents.ts (change events).
 */
import type { CellValue, WorkbookAdapter, WorkbookBatch, WorkbookOp } from '../src/workbook/adapters/adapter';
import { cellAddress as a1, parseCell, rangeAddress } from '../src/workbook/cells/address';
import { expectationConflicts, formulaBody, WorkbookConflict } from '../src/workbook/adapters/batch';
import { isFormulaInput } from '../src/workbook/adapters/adapter';
import { watchSheets, type WorkbookChange } from './officeEvents';
import { queueReads } from './officeExpectations';
import { planBatch, resolveBatch } from './officePlan';
import { cellValue, inTabOrder, readUsed, sheetNames } from './officeReads';
import { movesSheets, undoNotSupported } from './officeUndo';
import { queueOp, requests, type WorkbookNames } from './officeWrites';

export type { WorkbookChange } from './officeEvents';
export { BatchError, planBatch } from './officePlan';
export { excelText, REQUEST_LIMIT } from './officeWrites';

/**
 * The most `context.sync` calls one `apply` makes for a batch under `REQUEST_LIMIT`: one to read what the batch
 * expects (skipped when there is nothing to read), one to write.
 */
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
    // "Determines whether the batch requests should be merged to one undo group … [Api set: ExcelApi 1.20]"
    // (Excel.RunOptions reference): asked only where the requirement set is there.
    supportsMergeUndoGroup: () => Office.context.requirements.isSetSupported('ExcelApi', '1.20'),
  };
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

export interface OfficeWorkbookOptions {
  /** Told what the director should know of how Excel took a write (a host without dynamic arrays). */
  readonly onNotice?: (notice: string) => void;
}

export class OfficeWorkbook implements WorkbookAdapter {
  constructor(
    private readonly host: ExcelHost = officeHost(),
    private readonly options: OfficeWorkbookOptions = {},
  ) {}

  async reenterUnresolved(): Promise<string[]> {
    void this.options;
    return [];
  }

  async sheetNames(): Promise<string[]> {
    return sheetNames(this.host);
  }

  async readSheet(sheet: string): Promise<CellValue[][] | null> {
    const read = await readUsed(this.host, sheet, false);
    if (!read) return null;
    return read.values.map((row) => row.map(cellValue));
  }

  async readFormulas(sheet: string): Promise<(string | null)[][] | null> {
    const read = await readUsed(this.host, sheet, true);
    if (!read) return null;
    // A formula starts with "=" and differs from its value; text that merely starts with "=" (the grid's jigo, written
    // with the quote prefix) reads the same through both.
    return read.formulas.map((row, r) => row.map((f, c) => (typeof f === 'string' && f.startsWith('=') && f !== read.values[r][c] ? f : null)));
  }

  /** Set while `apply` runs: the change events of its own writes are not the director's edits. */
  private applying = 0;

  async apply(batch: WorkbookBatch): Promise<void> {
    const grouped = this.host.supportsMergeUndoGroup() && !movesSheets(batch);
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
   * co-authoring), so the pane can mark itself stale (./officeEvents.ts). Resolves to a function that removes the
   * handlers.
   */
  watch(sheets: readonly string[], onChange: (change: WorkbookChange) => void): Promise<() => Promise<void>> {
    return watchSheets(this.host, () => this.applying > 0, sheets, onChange);
  }
}
