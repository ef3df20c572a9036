/// <reference types="office-js" />
/**
 * Undo grouping: which batches `Excel.run` may merge into one undo step (`mergeUndoGroup`, ExcelApi 1.20), and
 * Excel's refusal of an API without undo support inside such a group.
 */
import type { WorkbookBatch } from '../src/workbook/adapters/adapter';
import type { Step } from './officePlan';

export function undoNotSupported(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return code === 'UndoNotSupported' || (e instanceof Error && /UndoNotSupported/.test(e.message));
}

/**
 * Worksheet.delete and moving a sheet are not undoable ("Unsupported APIs", excel-add-ins-undo-capabilities):
 * under mergeUndoGroup Excel throws UndoNotSupported, so such batches are not grouped at all.
 */
export function movesSheets(batch: WorkbookBatch): boolean {
  return batch.ops.some((op) => op.kind === 'delete-sheet' || (op.kind === 'ensure-sheet' && op.before !== undefined));
}

/**
 * Whether the plan creates a sheet hidden (Worksheet.visibility) or at a place (Worksheet.position): neither is
 * undoable in Excel on Windows and on Mac ("Undo capabilities in Excel add-ins", "Unsupported APIs": supported on the
 * web, not on Windows and Mac), so inside an undo group each throws UndoNotSupported and clears the director's undo
 * stack. Whether a sheet is created is known only once the sheet list is read (issue 21, R1).
 */
export function createsUndoless(plan: readonly Step[]): boolean {
  return plan.some((s) => s.op.kind === 'ensure-sheet' && 'create' in s && s.create && (s.op.hidden === true || s.position !== undefined));
}

/** Thrown inside a grouped run before anything is written: the batch must run ungrouped. */
export class RegroupNeeded extends Error {
  constructor() {
    super('the batch creates a hidden or placed sheet, which Excel on Windows and Mac cannot undo: it runs ungrouped');
    this.name = 'RegroupNeeded';
  }
}
