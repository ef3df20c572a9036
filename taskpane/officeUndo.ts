/// <reference types="office-js" />
/**
 * Undo grouping: which batches `Excel.run` may merge into one undo step (`mergeUndoGroup`, ExcelApi 1.20), and
 * Excel's refusal of an API without undo support inside such a group.
 */
import type { WorkbookBatch } from '../src/workbook/adapters/adapter';

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
