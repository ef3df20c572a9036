/// <reference types="office-js" />
/**
 * The Office.js `WorkbookAdapter`: a workbook open in Excel (desktop, Mac or the web), seen by the task pane.
 *
 * Reads take one `Excel.run` each: the sheet list, the used range's place, then its cells in row bands so that no
 * response goes over Excel on the web's 5 MB (./officeReads.ts). Every run passes `delayForCellEdit`: it waits while
 * the director is typing in a cell instead of failing (https://learn.microsoft.com/javascript/api/excel/excel.runoptions).
 *
 * `apply(batch)` writes a whole confirmed batch in ONE `Excel.run`, following Excel's documented rules:
 *  - compare, then write: the first syncs read the sheet list, then what the batch expects on the sheets that exist
 *    (its `expect` cells, the Log's used range for `append`, the number format of cells about to get text) and the
 *    batch is refused with a `WorkbookConflict` naming the cells, before anything is queued, when the workbook changed
 *    (./officeExpectations.ts);
 *  - one undo step only where Excel can give one: `mergeUndoGroup` exists from ExcelApi 1.20
 *    (https://learn.microsoft.com/javascript/api/requirement-sets/excel/excel-api-1-20-requirement-set), and inside
 *    such a group an API without undo support throws `UndoNotSupported` and clears the director's undo stack
 *    (https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-undo-capabilities, "Undo grouping" and
 *    "Unsupported APIs": Worksheet.delete everywhere, Worksheet.visibility and Worksheet.position on Windows and Mac):
 *    a batch that deletes, places or creates hidden sheets runs ungrouped, and one refused inside the group is finished
 *    ungrouped (./officeUndo.ts; `apply` below);
 *  - Excel on the web refuses a request over 5 MB ("Payload size limit best practices",
 *    https://learn.microsoft.com/office/dev/add-ins/excel/performance; limited to the web:
 *    https://github.com/OfficeDev/office-js-docs-pr/pull/5333): the writes are queued in requests of at most
 *    `REQUEST_LIMIT` UTF-8 bytes, a `context.sync` each, big rectangles cut into bands of rows, calculation suspended
 *    between them (./officeWrites.ts);
 *  - names (`define-name`): the workbook's names are read first; one that exists is redefined through
 *    `NamedItem.formula`, a new one added;
 *  - all-or-nothing as far as Tengen can ensure: every op is checked (`planBatch`, `validateBatch`) BEFORE anything
 *    is queued; but Excel does not take back the requests of a sync it ran before one it refused, so after a failed
 *    write the adapter reads the cells again and says what the workbook actually holds (`WriteFailed`), rather than
 *    claiming nothing was written.
 *
 * The parts, one concept a file: ./officeHost.ts (what is needed of Office.js), ./officeReads.ts (reading in bands),
 * ./officeExpectations.ts (what a batch expects, read before writing), ./officePlan.ts (checking and resolving a
 * batch), ./officeWrites.ts (queuing it in requests under the limit), ./officeUndo.ts (undo grouping),
 * ./officeEvents.ts (change events), ./officeImages.ts (pictures: the printouts' QR codes).
 */
import type { CellValue, WorkbookAdapter, WorkbookBatch, WorkbookOp } from '../src/workbook/adapters/adapter';
import { cellAddress as a1, parseCell } from '../src/workbook/cells/address';
import { expectationConflicts, formulaBody, WorkbookConflict } from '../src/workbook/adapters/batch';
import { isFormulaInput } from '../src/workbook/adapters/adapter';
import { watchSheets, type WorkbookChange } from './officeEvents';
import { readExpectations } from './officeExpectations';
import { officeHost, type ExcelHost } from './officeHost';
import { planBatch, resolveBatch, type Step } from './officePlan';
import { cellValue, readBands, readUsed, RUN_OPTIONS, sheetNames } from './officeReads';
import { createsUndoless, movesSheets, RegroupNeeded, undoNotSupported } from './officeUndo';
import { isImageStep, placeImages, readImagePlaces, type ImageReads } from './officeImages';
import { queueOp, requests, type WorkbookNames } from './officeWrites';

export type { WorkbookChange } from './officeEvents';
export { officeHost, type ExcelHost } from './officeHost';
export { BatchError, planBatch } from './officePlan';
export { excelText, REQUEST_LIMIT } from './officeWrites';

/**
 * The most `context.sync` calls one `apply` makes for a batch under `REQUEST_LIMIT` whose reads fit one answer: the
 * sheet list (and names), the cells the batch expects, one to write; a batch with nothing to read makes one.
 */
export const MAX_APPLY_SYNCS = 3;

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
      const attempt: Attempt = { syncs: 0 };
      try {
        await this.applyOnce(batch, grouped, attempt);
      } catch (e) {
        if (!grouped || !(e instanceof RegroupNeeded || undoNotSupported(e))) throw e;
        // Refused inside the undo group. Nothing written yet (the batch creates a hidden sheet, found once the sheet
        // list was read; or Excel refused the first write): the whole batch again, ungrouped, checks included.
        if (attempt.syncs === 0 || !attempt.resolved) {
          await this.applyOnce(batch, false, { syncs: 0 });
          return;
        }
        // Part of it went out already: what it resolved to — plain writes, appends placed where the first attempt put
        // them, no checks (its own writes would fail them) — written again whole, ungrouped. Writing a cell twice
        // with the same value is the same as once, so the workbook ends as the batch meant, or `WriteFailed` says
        // what it holds.
        await this.applyOnce(attempt.resolved, false, { syncs: 0 }, batch);
      }
    } finally {
      this.applying--;
    }
  }

  /** A host without dynamic arrays got values for a spilling formula: told once per adapter. */
  private toldNoSpill = false;
  private toldNoPictures = false;

  /**
   * One `Excel.run`: read what the batch expects, check it, then send the writes in requests under the limit.
   * `reportAs`: the batch a failure is reported against (a replay writes the resolved batch of another).
   */
  private async applyOnce(batch: WorkbookBatch, grouped: boolean, attempt: Attempt, reportAs: WorkbookBatch = batch): Promise<void> {
    const options: Excel.RunOptions = { ...RUN_OPTIONS, ...(grouped ? { mergeUndoGroup: true } : {}) };
    let writesBegun = false;
    try {
      await this.host.run(options, async (context) => {
        const worksheets = context.workbook.worksheets;
        const reads = await readExpectations(context, batch);
        const tabs = reads.tabs;
        const exists = (name: string) => tabs?.some((t) => t.toLowerCase() === name.toLowerCase()) ?? true;
        const conflicts = expectationConflicts(batch, exists, (sheet, row, column) => reads.cell(sheet, row, column));
        if (conflicts.length > 0) throw new WorkbookConflict(batch.label, conflicts);
        const names: WorkbookNames | undefined = reads.names && { collection: context.workbook.names, existing: new Set(reads.names) };
        const plain = resolveBatch(batch, (sheet) => reads.lastRow(sheet));
        const planned = planBatch(plain, tabs, (sheet, row, column) => reads.textFormatted(sheet, row, column));
        const pictures = this.host.supportsPictures?.() ?? true;
        if (!pictures && planned.some(isImageStep) && !this.toldNoPictures) {
          this.toldNoPictures = true;
          this.options.onNotice?.('This Excel cannot place pictures (ExcelApi 1.9): the Slips and Tables sheets are written without their QR codes — the published site’s printable slips carry them.');
        }
        const plan = pictures ? planned : planned.filter((step) => !isImageStep(step));
        // Worksheet.visibility and Worksheet.position are not undoable in Excel on Windows and on Mac: inside an undo
        // group they throw UndoNotSupported and clear the director's undo stack ("Undo capabilities in Excel
        // add-ins", "Unsupported APIs"). Never queued in a grouped run: the batch goes again, ungrouped (issue 21, R1).
        if (grouped && createsUndoless(plan)) throw new RegroupNeeded();
        attempt.resolved = plain;
        const dynamicArrays = this.host.supportsDynamicArrays();
        const onFallback = () => {
          if (this.toldNoSpill) return;
          this.toldNoSpill = true;
          this.options.onNotice?.(
            'This Excel has no dynamic arrays: the Place column and the Standings are written as values, not live formulas — they are brought up to date each time the pane writes, not when a result is typed in the Grid.',
          );
        };
        writesBegun = true;
        // Pictures last, where their cells are once the cells' heights and widths were sent (./officeImages.ts).
        const all = requests(sheetStepsFirst(plan.filter((step) => !isImageStep(step))));
        let imageReads: ImageReads | undefined;
        for (const [i, request] of all.entries()) {
          for (const step of request) queueOp(worksheets, step, names, { dynamicArrays, onFallback });
          if (i === all.length - 1) imageReads = readImagePlaces(worksheets, plan);
          // A write cut in requests: Excel does not recalculate between them ("suspendApiCalculationUntilNextSync":
          // "Suspends calculation until the next context.sync() is called. Once set, it is the developer's
          // responsibility to re-calc the workbook", ExcelApi 1.6), and recalculates once with the last
          // (Application.calculate, ExcelApi 1.1; issue 21, R12).
          if (i < all.length - 1) context.workbook.application.suspendApiCalculationUntilNextSync();
          else if (all.length > 1) context.workbook.application.calculate('Recalculate');
          // One sync a request is the point: each stays under the web's limit.
          // eslint-disable-next-line office-addins/no-context-sync-in-loop
          await context.sync();
          attempt.syncs++;
        }
        if (all.length === 0) {
          imageReads = readImagePlaces(worksheets, plan);
          if (imageReads) {
            await context.sync();
            attempt.syncs++;
          }
        }
        attempt.syncs += await placeImages(context, worksheets, imageReads);
      });
    } catch (e) {
      if (!writesBegun || e instanceof WorkbookConflict || e instanceof RegroupNeeded) throw e;
      // An undo-group refusal is the caller's to finish (apply's replay, ungrouped).
      if (grouped && undoNotSupported(e)) throw e;
      throw await this.afterFailure(reportAs, e);
    }
  }

  /**
   * Formulas calling Tengen's functions that Excel shows as `#NAME?` — entered while the functions were not
   * registered (office-js #6611, #6395, #4185: they stay `#NAME?` until entered again) — entered again, now that the
   * pane runs beside the registered functions. Every sheet is read (in bands); each such cell gets its own formula
   * back, nothing else is touched. Resolves to the cells re-entered (`Sheet!A1`).
   */
  async reenterUnresolved(): Promise<string[]> {
    const found: { sheet: string; row: number; column: number; formula: string }[] = [];
    for (const sheet of await this.sheetNames()) {
      const read = await readUsed(this.host, sheet, true);
      read?.formulas.forEach((row, r) =>
        row.forEach((f, c) => {
          if (typeof f === 'string' && /\bGO\./i.test(f) && read.values[r][c] === '#NAME?') found.push({ sheet, row: r + 1, column: c + 1, formula: f });
        }),
      );
    }
    if (found.length === 0) return [];
    this.applying++;
    try {
      await this.host.run(RUN_OPTIONS, async (context) => {
        for (const f of found) context.workbook.worksheets.getItem(f.sheet).getRange(a1(f.row, f.column)).formulas = [[f.formula]];
        await context.sync();
      });
    } finally {
      this.applying--;
    }
    return found.map((f) => `${f.sheet}!${a1(f.row, f.column)}`);
  }

  /** After a failed write: the batch's cells read again, compared with what it meant to write. */
  private async afterFailure(batch: WorkbookBatch, cause: unknown): Promise<WriteFailed> {
    const writes = batch.ops.filter((op): op is WorkbookOp & { kind: 'write' } => op.kind === 'write').slice(0, 200);
    try {
      // Read in bands (the web's limit is on responses too), only on the sheets that exist now.
      const now = await this.host.run(RUN_OPTIONS, async (context) => {
        const sheets = context.workbook.worksheets;
        sheets.load('items/name');
        await context.sync();
        const out: { values: unknown[][]; formulas: unknown[][] }[] = [];
        for (const op of writes) {
          const sheet = sheets.items.find((s) => s.name.toLowerCase() === op.sheet.toLowerCase());
          const at = parseCell(op.at)!;
          out.push(sheet ? await readBands(context, sheets.getItem(sheet.name), { row: at.row - 1, column: at.column - 1, rows: op.cells.length, columns: op.cells[0].length }, true) : { values: [], formulas: [] });
        }
        return out;
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

/** What an attempt of `apply` got to: the syncs that wrote, and the batch resolved into plain writes. */
interface Attempt {
  syncs: number;
  resolved?: WorkbookBatch;
}

/**
 * The plan with the steps that create, delete or place sheets first (in their order), so that the sheets a batch
 * makes exist from its first write request on, before any big write goes out.
 */
function sheetStepsFirst(plan: readonly Step[]): Step[] {
  const structural = (s: Step) => s.op.kind === 'ensure-sheet' || s.op.kind === 'delete-sheet';
  // A sheet deleted then written (or written then deleted) keeps the batch's order: moving would change its meaning.
  const deleted = new Set(plan.filter((s) => s.op.kind === 'delete-sheet').map((s) => s.op.sheet.toLowerCase()));
  if (plan.some((s) => !structural(s) && deleted.has(s.op.sheet.toLowerCase()))) return [...plan];
  return [...plan.filter(structural), ...plan.filter((s) => !structural(s))];
}
